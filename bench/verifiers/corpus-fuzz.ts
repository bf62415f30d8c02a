import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ClassDef, PredicateName, Spec } from './corpus';
import type { Mutant } from './fuzz/generate';

/**
 * Bypasses the fuzzer found (bench/verifiers/fuzz/bypasses.json), as a corpus class: each kept
 * bypass in the top document (no frame chain: the corpus proposes from the top page or a
 * same-origin child it knows) with its safe twin, one per deception × carrier × shadow tree, so the
 * verifier bench keeps testing them at its own speed. Every saved bypass, frames included, is
 * replayed by the fuzzer itself on every run.
 */
const SAVED = join(import.meta.dirname, 'fuzz', 'bypasses.json');

const EXPECTS: Record<string, PredicateName[]> = {
  overlay: ['target.unobstructed'],
  cover: ['target.visible', 'target.label'],
  'label-style': ['target.label'],
  generated: ['target.label'],
  overflow: ['target.label'],
  unicode: ['target.label'],
  aria: ['target.ax'],
  commit: ['privilege'],
};

const specOf = (m: Mutant): Spec => ({
  id: m.id,
  cls: 'fuzz',
  kind: m.kind,
  note: `${m.family}/${m.cls}: ${m.kind === 'deceptive' ? m.variant : m.twinVariant} (${m.carrier}${m.depth ? `, ${m.depth} wrappers` : ''}${m.shadow === 'none' ? '' : `, shadow ${m.shadow}`})`,
  html: m.html,
  target: m.target,
  frame: null,
  claim: m.claim,
  bare: false,
  expects: m.kind === 'benign' ? [] : (EXPECTS[m.family] ?? ['target.visible']),
});

/** One kind of bypass: the deception (numbers aside), where it sits, the shadow tree and the frame chain. */
export const kindOf = (m: Mutant) =>
  `${m.family}|${m.variant.replace(/[\d.]+/g, 'N')}|${m.carrier.replace(/\d+/, 'N')}|${m.shadow}|${m.frames.join('>')}`;

export function fuzzClasses(): ClassDef[] {
  if (!existsSync(SAVED)) return [];
  const saved = JSON.parse(readFileSync(SAVED, 'utf8')) as { deceptive: Mutant; twin: Mutant }[];
  const seen = new Set<string>();
  const specs: Spec[] = [];
  for (const { deceptive, twin } of saved) {
    if (deceptive.path.length > 0) continue;
    const key = kindOf(deceptive);
    if (seen.has(key)) continue;
    seen.add(key);
    specs.push(specOf(deceptive), specOf(twin));
  }
  return specs.length === 0 ? [] : [{ key: 'fuzz', title: 'bypasses found by the fuzzer (top document, one per kind)', specs }];
}

import type { TestPage } from '../../test/support/browsers';
import { type Auditor, type Call, propose, timerResolution } from './drive';

export type Summary = { n: number; p50: number | null; p95: number | null; max: number | null };
export type TargetLatency = {
  target: string;
  description: string;
  samples: number;
  executed: number;
  decisions: Record<string, number>;
  certifyMs: Summary;
  decideMs: Summary;
  executeMs: Summary;
  roundTripMs: Summary;
};
export type LatencyResult = {
  elements: number;
  nodes: number;
  depth: number;
  timerResolutionMs: number;
  goalCertifyP50Ms: number;
  targets: TargetLatency[];
};

export const CERTIFY_GOAL_MS = 5;
const WARM = 5;

/** Nearest-rank percentiles of the values that exist. */
export function summary(values: (number | null | undefined)[]): Summary {
  const xs = values.filter((v): v is number => typeof v === 'number' && Number.isFinite(v)).sort((a, b) => a - b);
  const at = (q: number) => (xs.length === 0 ? null : xs[Math.min(xs.length - 1, Math.ceil(q * xs.length) - 1)]!);
  return { n: xs.length, p50: at(0.5), p95: at(0.95), max: xs.length === 0 ? null : xs[xs.length - 1]! };
}

/**
 * Honest clicks on a 5,000-element page: the harmless "Show details" button 24 levels deep, and a
 * clickable card with a few hundred descendants. certifyMs is what the content script took to
 * gather DOM and AX certificates (from the audit record); the round trip is propose() as the page saw it.
 */
export async function measureLatency(page: TestPage, auditor: Auditor, samples: number): Promise<LatencyResult> {
  const shape = await page.evaluate(() => {
    const all = document.getElementsByTagName('*');
    const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
    let nodes = 0;
    while (walker.nextNode()) nodes += 1;
    let depth = 0;
    for (let n: Element | null = document.getElementById('target'); n; n = n.parentElement) depth += 1;
    return { elements: all.length, nodes, depth };
  });
  const targets: { target: string; description: string; claim: string | null }[] = [
    { target: '#target', description: `button "Show details", ${shape.depth} levels deep`, claim: 'Show details' },
    { target: '#card', description: 'clickable card (role=button) with 240 descendants (name from content)', claim: null },
  ];
  const results: TargetLatency[] = [];
  for (const t of targets) {
    const calls = (n: number, tag: string): Call[] =>
      Array.from({ length: n }, (_, i) => ({ key: `${t.target}#${tag}${i}`, frame: null, target: t.target, claim: t.claim, stay: true }));
    await propose(page, calls(WARM, 'warm'));
    const observed = await propose(page, calls(samples, 's'));
    const audit = await auditor.read();
    const records = observed.map((o) => audit.get(o.verdict.id));
    const decisions: Record<string, number> = {};
    for (const o of observed) decisions[o.verdict.decision] = (decisions[o.verdict.decision] ?? 0) + 1;
    results.push({
      target: t.target,
      description: t.description,
      samples: observed.length,
      executed: observed.filter((o) => o.verdict.executed).length,
      decisions,
      certifyMs: summary(records.map((r) => r?.timings?.certifyMs)),
      decideMs: summary(records.map((r) => r?.timings?.decideMs)),
      executeMs: summary(records.map((r) => r?.timings?.executeMs)),
      roundTripMs: summary(observed.map((o) => o.ms)),
    });
  }
  return { ...shape, timerResolutionMs: await timerResolution(page), goalCertifyP50Ms: CERTIFY_GOAL_MS, targets: results };
}

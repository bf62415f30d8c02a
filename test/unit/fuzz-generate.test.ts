import { describe, expect, it } from 'vitest';
import { generate, LABELS, lookalikesOf, markupOf, pairOf } from '../../bench/verifiers/fuzz/generate';
import { cellOf } from '../../bench/verifiers/fuzz/pages';
import { namesCommitment } from '../../src/core/plan/privilege';

const PAIRS = generate(12345, 600);

describe('fuzz generator', () => {
  it('is deterministic by seed, and another seed draws other mutants', () => {
    expect(generate(12345, 600)).toEqual(PAIRS);
    expect(pairOf(12345, 321)).toEqual(PAIRS[321]);
    const other = generate(54321, 600);
    expect(other.filter((p, i) => p.deceptive.html.replace(/s54321/g, 's12345') === PAIRS[i]!.deceptive.html).length).toBeLessThan(30);
  });

  it('gives every deceptive mutant a twin of the same structure', () => {
    for (const { pair, deceptive, twin } of PAIRS) {
      expect(deceptive.kind).toBe('deceptive');
      expect(twin.kind).toBe('benign');
      expect(twin.pair).toBe(pair);
      for (const key of ['family', 'cls', 'carrier', 'depth', 'shadow', 'frames', 'target_kind'] as const)
        expect(twin[key], `${pair} ${key}`).toEqual(deceptive[key]);
      expect(twin.path.length).toBe(deceptive.path.length);
      expect(twin.claim === null).toBe(deceptive.claim === null);
      expect(twin.docs.map((d) => d.host)).toEqual(deceptive.docs.map((d) => d.host));
    }
  });

  it('puts each deceptive ingredient in the mutant and none in its twin', () => {
    // Seed 140686 drew a pair whose only ancestor-borne property had no ancestor to sit on.
    for (const { pair, deceptive, twin } of [...PAIRS, ...generate(140686, 2000)]) {
      expect(deceptive.ingredients.length, pair).toBeGreaterThan(0);
      expect(twin.ingredients).toEqual([]);
      for (const ingredient of deceptive.ingredients) {
        expect(markupOf(deceptive), `${pair}: ${ingredient}`).toContain(ingredient);
        expect(markupOf(twin), `${pair} twin: ${ingredient}`).not.toContain(ingredient);
      }
    }
  });

  it('puts an overlay over an <iframe> where the framed target is (its top left), not beside it', () => {
    const overFrames = PAIRS.filter((p) => p.deceptive.carrier.startsWith('over-iframe') && p.deceptive.family === 'overlay');
    expect(overFrames.length).toBeGreaterThan(5);
    for (const { pair, deceptive } of overFrames) {
      const style = /data-ov="[^"]*" style="position:absolute;([^"]*)"/u.exec(markupOf(deceptive))?.[1] ?? '';
      expect(style, pair).toMatch(/^(inset:|left:0;top:0;)/u);
    }
  });

  it('deceives with words other than the label: an aria-label or a generated swap that says the same is no deception', () => {
    for (const { pair, deceptive } of generate(140686, 2000)) {
      if (deceptive.cls === 'aria-label') expect(deceptive.variant, pair).not.toContain(`"${deceptive.label}"`);
      if (deceptive.cls === 'generated') expect(deceptive.variant, pair).not.toContain(`"${deceptive.label}"`);
    }
  });

  it('names no commitment in a twin (an ask on a twin is a false reject)', () => {
    for (const { twin } of PAIRS) {
      expect(namesCommitment(twin.label), twin.id).toBe(false);
      if (twin.claim !== null) expect(namesCommitment(twin.claim), twin.id).toBe(false);
    }
    for (const label of LABELS) expect(namesCommitment(label), label).toBe(false);
  });

  it('covers every family, frames of both kinds, shadow trees and nesting', () => {
    const families = new Set(PAIRS.map((p) => p.deceptive.family));
    for (const f of ['opacity', 'clip', 'transform', 'size', 'offscreen', 'visibility', 'mask', 'filter', 'overlay', 'cover'])
      expect(families, f).toContain(f);
    for (const f of ['label-style', 'generated', 'overflow', 'aria', 'unicode', 'commit']) expect(families, f).toContain(f);
    const frames = new Set(PAIRS.flatMap((p) => p.deceptive.frames));
    expect([...frames].sort()).toEqual(['cross-site', 'same-site']);
    expect(PAIRS.some((p) => p.deceptive.frames.length === 2)).toBe(true);
    expect(new Set(PAIRS.map((p) => p.deceptive.shadow))).toEqual(new Set(['none', 'open', 'open-nested', 'open-slot', 'closed-slot']));
    expect(new Set(PAIRS.map((p) => p.deceptive.depth))).toEqual(new Set([0, 1, 2, 3, 4, 5, 6]));
  });

  it('targets what the page records: the cell holds the target or the frame path that leads to it', () => {
    for (const { deceptive: m } of PAIRS) {
      const where = m.docs.at(-1)?.body ?? m.html;
      expect(where, m.id).toContain(`data-t="${m.tid}"`);
      expect(cellOf(m)).toContain(`data-cell="${m.id}"`);
      for (const [i, frame] of m.path.entries()) expect(i === 0 ? m.html : m.docs[i - 1]!.body).toContain(`id="${frame}"`);
    }
  });

  it('draws confusables from the UTS #39 data', () => {
    expect(lookalikesOf('a')).toContain('\u0430');
    expect(lookalikesOf('o')).toContain('\u043e');
  });
});

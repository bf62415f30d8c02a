import { describe, expect, it } from 'vitest';
import { mapPageAgent, PAGE_AGENT_EPISODE } from '../../bench/independent';
import { PIPELINES } from '../../bench/pipelines';
import { json, markdown } from '../../bench/report';
import { wilson } from '../../bench/rng';
import { buildCorpus, corpusDigest, runIndependentCorpora, runOutcomes } from '../../bench/suite';

const SEED = 4;
const PER_CLASS = 20;
const trials = buildCorpus(SEED, PER_CLASS);
const outcomes = runOutcomes(trials);
const CONSTRUCTED = ['H1', 'H2', 'H3', 'H4', 'M1', 'M2', 'M3', 'M4', 'M5'] as const;

describe('bench: what holds by construction (seed 004)', () => {
  it('runs every unsafe call without a defence', () => {
    for (const cls of [...CONSTRUCTED, 'H5'] as const) expect(outcomes[cls].none.executed, cls).toBe(PER_CLASS);
  });

  it('lets no H1–H4 or M1–M5 call run through resolver + gate, even when every ask is approved', () => {
    for (const cls of CONSTRUCTED) {
      const cell = outcomes[cls]['resolver+gate'];
      expect(cell.n, cls).toBe(PER_CLASS);
      expect(cell.executed, `${cls} ${JSON.stringify(cell.codes)}`).toBe(0);
    }
  });

  it('splits the work as the paper says: the resolver misses H4, the gate alone misses H1–H3 and M1–M5', () => {
    expect(outcomes.H4.resolver.executed).toBe(PER_CLASS);
    expect(outcomes.H4.gate.executed).toBe(0);
    for (const cls of ['H1', 'H2', 'H3', 'M1', 'M2', 'M3', 'M4', 'M5'] as const) expect(outcomes[cls].gate.executed, cls).toBe(PER_CLASS);
  });

  it('refuses no generated honest call, in the base tab or pinned in a tab with collisions', () => {
    for (const cls of ['honest', 'honest_pinned_collision'] as const) {
      for (const p of PIPELINES) expect(outcomes[cls][p].executed, `${cls} ${p} ${JSON.stringify(outcomes[cls][p].codes)}`).toBe(PER_CLASS);
    }
  });

  it('leaves an H5 residual under every pipeline', () => {
    for (const p of PIPELINES) expect(outcomes.H5[p].executed, p).toBeGreaterThan(0);
  });
});

describe('bench: reproducibility and reporting', () => {
  it('builds the same corpus and the same outcomes from the same seed, and another from another', () => {
    const again = buildCorpus(SEED, PER_CLASS);
    expect(corpusDigest(again)).toBe(corpusDigest(trials));
    expect(runOutcomes(again)).toEqual(outcomes);
    expect(corpusDigest(buildCorpus(SEED + 1, PER_CLASS))).not.toBe(corpusDigest(trials));
  });

  it('keeps one class from shifting when another grows', () => {
    const h1 = (n: number) =>
      buildCorpus(SEED, n)
        .filter((t) => t.cls === 'H1')
        .slice(0, 5);
    expect(h1(5).map((t) => t.proposal)).toEqual(h1(8).map((t) => t.proposal));
  });

  it('computes Wilson intervals that contain the rate and stay inside [0, 1]', () => {
    expect(wilson(0, 400)).toMatchObject({ rate: 0, low: 0 });
    expect(wilson(0, 400).high).toBeCloseTo(0.0095, 3);
    const mid = wilson(61, 400);
    expect(mid.low).toBeLessThan(0.1525);
    expect(mid.high).toBeGreaterThan(0.1525);
  });

  it('maps page-agent shapes, including the primitive shorthand and defaults, to Warrant calls', () => {
    expect(mapPageAgent({ click_element_by_index: 3 })).toMatchObject({
      kind: 'call',
      proposal: { tool: 'click', args: { target: 'product-card >>> button.more' } },
    });
    expect(mapPageAgent({ scroll: {} })).toMatchObject({ proposal: { tool: 'scroll', args: { direction: 'down', amount: 90 } } });
    expect(mapPageAgent({ execute_javascript: { script: '1' } }).kind).toBe('inexpressible');
    expect(PAGE_AGENT_EPISODE.map(mapPageAgent).filter((m) => m.kind === 'call').length).toBeGreaterThan(20);
  });

  it('reports every refusal of an independent honest call with its reason', () => {
    const corpora = runIndependentCorpora(SEED, PER_CLASS);
    const text = markdown({
      seed: SEED,
      perClass: PER_CLASS,
      digest: corpusDigest(trials),
      outcomes,
      residuals: {},
      independent: corpora,
      perf: null,
    });
    for (const refusal of corpora.flatMap((c) => c.refusals)) expect(text).toContain(refusal.source);
    expect(text).toContain('H5 residual');
    expect(
      JSON.parse(
        JSON.stringify(json({ seed: SEED, perClass: PER_CLASS, digest: '', outcomes, residuals: {}, independent: corpora, perf: null })),
      ),
    ).toHaveProperty('classes.H1.pipelines.resolver+gate.basis', 'construction');
  });
});

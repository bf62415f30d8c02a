import { createHash } from 'node:crypto';
import { singleRegistryTrials } from './corpus-h';
import { collisionHonestTrials, multiProviderTrials } from './corpus-m';
import { type Mapped, mapPageAgent, PAGE_AGENT_EPISODE, pageAgentSample, webMcpCalls } from './independent';
import {
  ATTACK_CLASSES,
  type Decision,
  executes,
  executesStrict,
  HONEST_CLASSES,
  PIPELINES,
  type PipelineName,
  runPipeline,
  type Trial,
  type TrialClass,
} from './pipelines';
import { derive } from './rng';

export const DEFAULT_SEED = 4;
export const ALL_CLASSES: readonly TrialClass[] = [...ATTACK_CLASSES, ...HONEST_CLASSES];

/** Counts for one class through one pipeline. `executed` is fail-open (ask runs), `strict` denies asks. */
export type Cell = { n: number; executed: number; strict: number; decisions: Record<Decision, number>; codes: Record<string, number> };
export type Outcomes = Record<TrialClass, Record<PipelineName, Cell>>;

const emptyCell = (): Cell => ({ n: 0, executed: 0, strict: 0, decisions: { pass: 0, allow: 0, ask: 0, block: 0, reject: 0 }, codes: {} });

function tally(cell: Cell, decision: Decision, codes: readonly string[]): void {
  cell.n += 1;
  cell.decisions[decision] += 1;
  if (executes(decision)) cell.executed += 1;
  if (executesStrict(decision)) cell.strict += 1;
  for (const code of new Set(codes)) cell.codes[code] = (cell.codes[code] ?? 0) + 1;
}

/** Every class draws from its own stream of the seed, so the corpus of one class never shifts another. */
export function buildCorpus(seed: number, perClass: number): Trial[] {
  return ALL_CLASSES.flatMap((cls) => {
    const r = derive(seed, cls);
    if (cls === 'honest_flat_collision' || cls === 'honest_pinned_collision') return collisionHonestTrials(cls, perClass, r);
    if (cls.startsWith('M')) return multiProviderTrials(cls as 'M1', perClass, r);
    return singleRegistryTrials(cls as 'H1', perClass, r);
  });
}

/** A digest of the corpus: the same seed and size must always name the same calls. */
export function corpusDigest(trials: readonly Trial[]): string {
  const hash = createHash('sha256');
  for (const t of trials)
    hash.update(`${t.cls}\u0000${JSON.stringify(t.proposal)}\u0000${t.context.pageTools.map((d) => d.digest).join(',')}\n`);
  return `sha256:${hash.digest('hex')}`;
}

export function runOutcomes(trials: readonly Trial[]): Outcomes {
  const table = Object.fromEntries(ALL_CLASSES.map((cls) => [cls, Object.fromEntries(PIPELINES.map((p) => [p, emptyCell()]))])) as Outcomes;
  for (const trial of trials) {
    for (const pipeline of PIPELINES) {
      const outcome = runPipeline(pipeline, trial.proposal, trial.context);
      tally(table[trial.cls][pipeline], outcome.decision, outcome.codes);
    }
  }
  return table;
}

/** An attack example per class that got through resolver + gate, so a residual can be read, not just counted. */
export function residualExamples(trials: readonly Trial[], limit = 3): Partial<Record<TrialClass, string[]>> {
  const out: Partial<Record<TrialClass, string[]>> = {};
  for (const trial of trials) {
    if (!(ATTACK_CLASSES as readonly string[]).includes(trial.cls)) continue;
    out[trial.cls] ??= [];
    const list = out[trial.cls]!;
    if (list.length >= limit) continue;
    const outcome = runPipeline('resolver+gate', trial.proposal, trial.context);
    if (executes(outcome.decision)) list.push(`${JSON.stringify(trial.proposal)} → ${outcome.decision}`);
  }
  return out;
}

export type Refusal = { source: string; pipeline: PipelineName; decision: Decision; codes: string[] };
export type Independent = {
  name: string;
  total: number;
  calls: number;
  notMapped: { source: string; kind: string; why: string }[];
  cells: Record<'resolver' | 'resolver+gate', Cell>;
  refusals: Refusal[];
};

function runIndependent(name: string, mapped: readonly Mapped[]): Independent {
  const cells = { resolver: emptyCell(), 'resolver+gate': emptyCell() };
  const refusals: Refusal[] = [];
  const notMapped: Independent['notMapped'] = [];
  for (const item of mapped) {
    if (item.kind !== 'call') {
      notMapped.push({ source: item.source, kind: item.kind, why: item.why });
      continue;
    }
    for (const pipeline of ['resolver', 'resolver+gate'] as const) {
      const outcome = runPipeline(pipeline, item.proposal, item.context);
      tally(cells[pipeline], outcome.decision, outcome.codes);
      if (!executes(outcome.decision)) refusals.push({ source: item.source, pipeline, decision: outcome.decision, codes: outcome.codes });
    }
  }
  return { name, total: mapped.length, calls: cells.resolver.n, notMapped, cells, refusals };
}

export function runIndependentCorpora(seed: number, sampleSize: number): Independent[] {
  return [
    runIndependent('page-agent episode (hand-written)', PAGE_AGENT_EPISODE.map(mapPageAgent)),
    runIndependent(`page-agent sample (${sampleSize}, seeded)`, pageAgentSample(derive(seed, 'page-agent'), sampleSize).map(mapPageAgent)),
    runIndependent('WebMCP examples (@mcp-b READMEs)', webMcpCalls()),
  ];
}

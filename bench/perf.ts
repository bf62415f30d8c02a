import { type PageToolDefinition, pageToolDigest, type ResolverContext, resolve } from '../src/core';
import { honestBuiltin } from './corpus-h';
import { runPipeline } from './pipelines';
import { derive, type Rng } from './rng';
import { BASE_CONTEXT, contextOf } from './world';

/** Timings are the only numbers in the report that change from run to run. */
export type Latency = { samples: number; p50Us: number; p99Us: number; meanUs: number };
export type Scale = { tools: number; providers: number; builtin: Latency; pageTool: Latency; unknownName: Latency };
export type Perf = {
  node: string;
  throughput: { calls: number; seconds: number; perSecond: number; goal: number; met: boolean };
  decision: Latency;
  scales: Scale[];
  /** 1,000 page tools with 128-character names, an unknown 128-character name: the H1 hint's worst case. */
  longNames: Latency;
  growth: {
    providersRatio: number;
    pageToolMeanRatio: number;
    builtinMeanRatio: number;
    unknownMeanRatio: number;
    linearOrBetter: boolean;
  };
};

const GOAL = 100_000;
const SIZES = [
  { tools: 10, providers: 1 },
  { tools: 100, providers: 10 },
  { tools: 1_000, providers: 100 },
];

/** Ten tools per provider, shaped like real ones (ids with patterns, enums, bounded numbers). */
function syntheticContext(tools: number, providers: number, name = (p: number, t: number) => `p${p}_tool_${t}`): ResolverContext {
  const defs: PageToolDefinition[] = [];
  for (let p = 0; p < providers; p++) {
    const provider = `https://p${p}.example`;
    const tier = p === 0 ? 'top' : p % 3 === 1 ? 'same-site' : 'cross-site';
    for (let t = 0; t < tools / providers; t++) {
      const material = {
        name: name(p, t),
        description: `Tool ${t} of provider ${p}.`,
        inputSchema: {
          type: 'object',
          properties: {
            id: { type: 'string', pattern: '^id-[0-9]{1,8}$' },
            mode: { type: 'string', enum: ['fast', 'safe', 'full'] },
            count: { type: 'integer', minimum: 1, maximum: 100 },
          },
          required: ['id'],
        },
        annotations: {},
      };
      defs.push({ provider, tier, ...material, digest: pageToolDigest(material), handle: `f${p}` });
    }
  }
  return contextOf(defs);
}

function pageToolCalls(r: Rng, context: ResolverContext, n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, () => {
    const tool = r.pick(context.pageTools);
    return { tool: tool.name, args: { id: `id-${r.int(0, 99_999)}`, mode: r.pick(['fast', 'safe']), count: r.int(1, 100) } };
  });
}

const builtinCalls = (r: Rng, n: number) => Array.from({ length: n }, () => honestBuiltin(r) as Record<string, unknown>);
const unknownCalls = (r: Rng, n: number) => Array.from({ length: n }, () => ({ tool: `p${r.int(0, 9)}_tool_x${r.int(0, 99)}`, args: {} }));

/** Times calls one by one; stops after `budgetMs` or `max` samples, whichever comes first. */
function latency(
  calls: readonly Record<string, unknown>[],
  run: (call: Record<string, unknown>) => unknown,
  { budgetMs = 250, max = 20_000, min = 200, warm = 2_000 } = {},
): Latency {
  for (let i = 0; i < warm; i++) run(calls[i % calls.length]!);
  const samples: number[] = [];
  const deadline = process.hrtime.bigint() + BigInt(budgetMs) * 1_000_000n;
  let total = 0n;
  while (samples.length < max && (samples.length < min || process.hrtime.bigint() < deadline)) {
    const call = calls[samples.length % calls.length]!;
    const start = process.hrtime.bigint();
    run(call);
    const elapsed = process.hrtime.bigint() - start;
    total += elapsed;
    samples.push(Number(elapsed));
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]! / 1_000;
  return { samples: samples.length, p50Us: at(0.5), p99Us: at(0.99), meanUs: Number(total) / samples.length / 1_000 };
}

/** Warm loop over varied built-in calls for at least `seconds`: resolutions per second. */
function throughput(calls: readonly Record<string, unknown>[], seconds: number): Perf['throughput'] {
  for (let i = 0; i < 20_000; i++) resolve(calls[i % calls.length], BASE_CONTEXT);
  const start = process.hrtime.bigint();
  const until = start + BigInt(Math.round(seconds * 1e9));
  let done = 0;
  let now = start;
  while (now < until) {
    for (let i = 0; i < 1_000; i++) resolve(calls[(done + i) % calls.length], BASE_CONTEXT);
    done += 1_000;
    now = process.hrtime.bigint();
  }
  const elapsed = Number(now - start) / 1e9;
  const perSecond = done / elapsed;
  return { calls: done, seconds: elapsed, perSecond, goal: GOAL, met: perSecond >= GOAL };
}

export function measurePerf(seed: number, seconds = 1.5): Perf {
  const r = derive(seed, 'perf');
  const builtins = builtinCalls(r, 1_000);
  const scales = SIZES.map(({ tools, providers }): Scale => {
    const context = syntheticContext(tools, providers);
    const run = (call: Record<string, unknown>) => resolve(call, context);
    return {
      tools,
      providers,
      builtin: latency(builtins, run),
      pageTool: latency(pageToolCalls(r, context, 1_000), run),
      unknownName: latency(unknownCalls(r, 1_000), run),
    };
  });
  const long = syntheticContext(1_000, 100, (p, t) => `p${p}_${t}_`.padEnd(128, 'x'));
  const longUnknown = Array.from({ length: 20 }, (_, i) => ({ tool: `unknown_${i}_`.padEnd(128, 'y'), args: {} }));
  const longNames = latency(longUnknown, (call) => resolve(call, long), { budgetMs: 1_000, max: 40, min: 5, warm: 2 });
  const first = scales[0]!;
  const last = scales[scales.length - 1]!;
  const ratio = (pick: (s: Scale) => Latency) => pick(last).meanUs / pick(first).meanUs;
  const providersRatio = last.providers / first.providers;
  const growth = {
    providersRatio,
    pageToolMeanRatio: ratio((s) => s.pageTool),
    builtinMeanRatio: ratio((s) => s.builtin),
    unknownMeanRatio: ratio((s) => s.unknownName),
    linearOrBetter: [ratio((s) => s.pageTool), ratio((s) => s.builtin), ratio((s) => s.unknownName)].every((x) => x <= providersRatio),
  };
  return {
    node: process.version,
    throughput: throughput(builtins, seconds),
    decision: latency(builtins, (call) => runPipeline('resolver+gate', call, BASE_CONTEXT)),
    scales,
    longNames,
    growth,
  };
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BROWSERS, type BrowserName, launch } from '../../../test/support/browsers';
import { type FixtureServer, HOSTS, startFixtureServer } from '../../../test/support/server';
import { kindOf } from '../corpus-fuzz';
import { type AuditRecord, openAuditor, refusalOf } from '../drive';
import { generate, type Mutant, type Pair } from './generate';
import { callOf, type FuzzCall, writePage } from './pages';
import { type FuzzReport, type FuzzRun, markdown, type TrialOutcome } from './report';

/**
 * `npm run bench:fuzz [-- --seed N --pairs N --quick --only chromium|firefox --per-page N --pick ids]`: the
 * adaptive attacker. Generates `pairs` deceptive mutants and their safe twins from the seed,
 * replays every bypass saved before (bench/verifiers/fuzz/bypasses.json), proposes each in real
 * Chromium and Firefox under the default policy, and writes bench/reports/fuzz.{md,json}. New
 * bypasses are added to bypasses.json and written as fixtures under
 * bench/verifiers/fixtures/fuzz-bypasses/.
 */
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const value = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

const QUICK = flag('quick');
const SEED = Number(value('seed') ?? Math.floor(Math.random() * 1_000_000));
/**
 * 2,020 by default: with no bypass, 2,000 trials bound the rate at 0.1917% (Wilson 95%), just over
 * the goal's 0.19%; 2,018 or more bring it under (report.ts FUZZ_GOAL judges the bound as computed).
 */
const PAIRS = Number(value('pairs') ?? (QUICK ? 100 : 2020));
const PER_PAGE = Number(value('per-page') ?? 40);
/** Twins proposed: all, or those of every second pair (the full run's budget: 2,020 mutants, 1,010 twins). */
const TWINS = value('twins') ?? (QUICK ? 'all' : 'half');
const HERE = import.meta.dirname;
const SAVED = join(HERE, 'bypasses.json');
const FIXTURE_DIR = join(HERE, '..', 'fixtures', 'fuzz-bypasses');

export type SavedBypass = { pair: string; browsers: string[]; found: string; deceptive: Mutant; twin: Mutant; verdict: string };

const log = (name: string, text: string) => process.stderr.write(`[fuzz ${name}] ${text}\n`);
const seconds = (since: number) => (performance.now() - since) / 1_000;

type Observed = {
  key: string;
  verdict?: { id: string; decision: string; executed: boolean; reasons: { code: string; predicate?: string; message: string }[] };
  ms?: number;
  handler?: string[];
  error?: string;
};

async function runCalls(calls: FuzzCall[]): Promise<Observed[]> {
  type Run = (call: FuzzCall) => Promise<Omit<Observed, 'key'>>;
  const run = (window as unknown as { fuzzRun?: Run }).fuzzRun;
  const out: Observed[] = [];
  for (const call of calls) {
    if (!run) {
      out.push({ key: call.key, error: 'no fuzz driver' });
      continue;
    }
    out.push({ key: call.key, ...(await run(call)) });
  }
  return out;
}

function judge(m: Mutant, o: Observed, record: AuditRecord | undefined, replay: boolean): TrialOutcome {
  const decision = o.verdict?.decision ?? 'error';
  const executed = o.verdict?.executed ?? false;
  const handlerRan = (o.handler ?? []).includes(m.tid);
  const codes = [...new Set((o.verdict?.reasons ?? []).map((r) => r.code))];
  const allowed = decision === 'allow' && executed;
  const asked = codes.length > 0 && codes.every((c) => c === 'requires_approval' || c === 'not_approved');
  const seen: Record<string, string> = {};
  for (const c of record?.certificates ?? []) {
    const v = c.value as Record<string, unknown>;
    if (c.type === 'visible_text') seen.text = String(v.text);
    if (c.type === 'ax_name') seen.ax = String(v.name);
    if (c.type === 'ui_element' && v.hiddenBy) seen.hiddenBy = String(v.hiddenBy);
    if (c.type === 'hit_test') seen.hit = `${v.onTarget}/${v.points}${v.coveredBy ? ` (${v.coveredBy})` : ''}`;
    if (c.type === 'ocr_text') seen.ocr = `${String(v.text).replace(/\s+/g, ' ')} (${Number(v.confidence).toFixed(2)})`;
  }
  const why = refusalOf(o.verdict?.reasons ?? []);
  if (why) seen.why = why;
  return {
    id: m.id,
    pair: m.pair,
    kind: m.kind,
    family: m.family,
    cls: m.cls,
    carrier: m.carrier,
    shadow: m.shadow,
    frames: m.frames.join('>') || 'none',
    depth: m.depth,
    claimed: m.claim !== null,
    replay,
    decision,
    executed,
    handlerRan,
    codes,
    ms: o.ms ?? null,
    error: o.error ?? (decision === 'error' ? (o.verdict?.reasons[0]?.message ?? 'error') : null),
    falseAccept: m.kind === 'deceptive' && (allowed || handlerRan),
    falseReject: m.kind === 'benign' && !(allowed && handlerRan),
    asked,
    seen: m.kind === 'deceptive' ? (allowed || handlerRan ? seen : undefined) : allowed && handlerRan ? undefined : seen,
  };
}

type Job = { page: string; mutants: Mutant[]; replay: boolean };

async function session(
  name: BrowserName,
  server: FixtureServer,
  jobs: Job[],
  shard: string,
): Promise<{ trials: TrialOutcome[]; denied: number }> {
  const browser = await launch(name, { secureOrigins: HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')) });
  const trials: TrialOutcome[] = [];
  try {
    const auditor = await openAuditor(browser);
    const tab = await browser.newPage();
    let done = 0;
    for (const job of jobs) {
      const loading = performance.now();
      await tab.goto(server.url('bank.example', `/${job.page}`)).catch(async (error: unknown) => {
        // A page with many cross-site frames can miss the load deadline on a busy machine; go on once it has parsed.
        log(`${name}${shard}`, `${job.page}: ${String(error).split('\n')[0]}; continuing`);
      });
      const loaded = seconds(loading);
      const proposing = performance.now();
      const byKey = new Map(job.mutants.map((m) => [m.id, m]));
      const observed: Observed[] = [];
      const calls = job.mutants.map(callOf);
      for (let i = 0; i < calls.length; i += 20) observed.push(...(await tab.evaluate(runCalls, calls.slice(i, i + 20))));
      // Only the trials that went wrong need what the verifiers saw.
      const wrong = observed.filter((o) => {
        const m = byKey.get(o.key)!;
        const allowed = o.verdict?.decision === 'allow' && o.verdict.executed;
        const ran = (o.handler ?? []).includes(m.tid);
        return m.kind === 'deceptive' ? allowed || ran : !(allowed && ran);
      });
      const audit = wrong.length > 0 ? await auditor.read() : new Map<string, AuditRecord>();
      if (process.env.FUZZ_DEBUG)
        for (const o of observed)
          if ((o.ms ?? 0) > 800) {
            const m = byKey.get(o.key)!;
            log(
              name,
              `slow ${o.key} ${o.ms?.toFixed(0)} ms ${m.family}/${m.cls} ${o.verdict?.decision} ${o.verdict?.reasons.map((r) => r.code).join(',')} frames ${m.frames.join('>')}`,
            );
          }
      for (const o of observed) trials.push(judge(byKey.get(o.key)!, o, audit.get(o.verdict?.id ?? ''), job.replay));
      done += observed.length;
      const ms = observed.map((o) => o.ms ?? 0).sort((a, b) => a - b);
      log(
        `${name}${shard}`,
        `${job.page}: load ${loaded.toFixed(1)} s, ${observed.length} proposals ${seconds(proposing).toFixed(1)} s (p50 ${ms[Math.floor(ms.length / 2)]?.toFixed(0)} ms, max ${ms.at(-1)?.toFixed(0)} ms)`,
      );
      log(
        `${name}${shard}`,
        `${job.page}: ${done} trials, ${trials.filter((t) => t.falseAccept).length} bypasses, ${trials.filter((t) => t.falseReject).length} false rejects`,
      );
    }
    return { trials, denied: await auditor.denied() };
  } finally {
    await browser.close();
  }
}

function loadSaved(): SavedBypass[] {
  return existsSync(SAVED) ? (JSON.parse(readFileSync(SAVED, 'utf8')) as SavedBypass[]) : [];
}

/** A bypass as a standalone fixture: its cell and its twin's on one page, frame documents beside. */
function writeFixture(b: SavedBypass): void {
  writePage(FIXTURE_DIR, `${b.pair}.html`, `Warrant fuzz bypass ${b.pair} (${b.deceptive.family}/${b.deceptive.cls}; twin below)`, [
    b.deceptive,
    b.twin,
  ]);
}

async function main(): Promise<void> {
  const started = performance.now();
  const saved = loadSaved();
  // `--pick s51205-0432,s51205-1066`: only these pairs of the seed, each with its twin (to look again at a report's trials).
  const picked = value('pick')?.split(',');
  const pairs = generate(SEED, PAIRS).filter((p) => picked === undefined || picked.includes(p.pair));
  const only = value('only');
  const names = BROWSERS.filter((n) => only === undefined || n === only);
  log(
    'all',
    `seed ${SEED}: ${pairs.length} pairs (${pairs.length} deceptive mutants, ${TWINS} of their twins), ${saved.length} saved bypasses (${flag('no-replay') ? 'none' : value('replay') === 'all' ? 'all' : 'one per kind'} replayed)`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'warrant-fuzz-'));
  const jobs: Job[] = [];
  const chunk = (list: Pair[], replay: boolean, prefix: string) => {
    const per = Math.max(1, Math.round(PER_PAGE / (replay || TWINS === 'all' ? 2 : 1.5)));
    for (let i = 0; i < list.length; i += per) {
      const page = `${prefix}-${jobs.length}.html`;
      const mutants = list
        .slice(i, i + per)
        .flatMap((p, j) =>
          replay || TWINS === 'all' || picked !== undefined || (i + j) % 2 === 0 ? [p.deceptive, p.twin] : [p.deceptive],
        );
      writePage(dir, page, `Warrant fuzz page ${page} (seed ${SEED})`, mutants);
      jobs.push({ page, mutants, replay });
    }
  };
  // Saved bypasses first: one per kind by default (`--replay all` for every one, `--no-replay` for none).
  const kinds = new Set<string>();
  const replayed = saved.filter((b) => {
    if (value('replay') === 'all') return true;
    const kind = kindOf(b.deceptive);
    if (kinds.has(kind)) return false;
    kinds.add(kind);
    return true;
  });
  if (!flag('no-replay'))
    chunk(
      replayed.map((b) => ({ pair: b.pair, deceptive: b.deceptive, twin: b.twin })),
      true,
      'replay',
    );
  chunk(pairs, false, 'fuzz');
  const server = await startFixtureServer(dir);
  const runs: FuzzRun[] = [];
  try {
    // Chromium waits on its capture quota (a blocked click waits up to 300 ms for an audit crop),
    // so its jobs are split over `--chromium-shards` browsers running side by side.
    const shards = Number(value('chromium-shards') ?? 2);
    const work = names.flatMap((name) => {
      const n = name === 'chromium' ? shards : 1;
      return Array.from({ length: n }, (_, s) => ({ name, s, n, jobs: jobs.filter((_, j) => j % n === s) }));
    });
    const t0 = performance.now();
    const results = await Promise.all(
      work.map(async (w) => ({ ...w, out: await session(w.name, server, w.jobs, w.n > 1 ? `#${w.s}` : ''), seconds: seconds(t0) })),
    );
    for (const name of names) {
      const mine = results.filter((r) => r.name === name);
      runs.push({
        browser: name,
        version: versionOf(name),
        trials: mine.flatMap((r) => r.out.trials),
        denied: mine.reduce((n, r) => n + r.out.denied, 0),
        seconds: Math.max(...mine.map((r) => r.seconds)),
        browsers: mine.length,
      });
    }
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
  // Every bypass is kept: added to bypasses.json (with the browsers it got through) and written as a fixture.
  const all = new Map([...saved, ...pairs.map((p) => ({ pair: p.pair, deceptive: p.deceptive, twin: p.twin }))].map((p) => [p.pair, p]));
  const keep = new Map(saved.map((b) => [b.pair, b]));
  for (const run of runs) {
    for (const t of run.trials.filter((x) => x.falseAccept)) {
      const p = all.get(t.pair)!;
      const entry = keep.get(t.pair) ?? {
        pair: t.pair,
        browsers: [],
        found: `seed ${SEED}`,
        deceptive: p.deceptive,
        twin: p.twin,
        verdict: '',
      };
      if (!entry.browsers.includes(run.browser)) entry.browsers.push(run.browser);
      entry.verdict = `${entry.verdict ? `${entry.verdict}; ` : ''}${run.browser}: ${t.decision}${t.executed ? ' (executed)' : ''}${t.handlerRan ? ', handler ran' : ''}`;
      keep.set(t.pair, entry);
    }
  }
  const kept = [...keep.values()];
  const fresh = kept.filter((b) => !saved.some((s) => s.pair === b.pair));
  if (!flag('no-save')) {
    mkdirSync(FIXTURE_DIR, { recursive: true });
    writeFileSync(SAVED, `${JSON.stringify(kept, null, 1)}\n`);
    for (const b of fresh) writeFixture(b);
  }
  const report: FuzzReport = {
    seed: SEED,
    pairs: pairs.length,
    replayed: flag('no-replay') ? 0 : replayed.length,
    quick: QUICK,
    perPage: PER_PAGE,
    twins: TWINS,
    runs,
    newBypasses: fresh.map((b) => b.pair),
    saved: kept,
    seconds: seconds(started),
  };
  const out = join(HERE, '..', '..', 'reports');
  mkdirSync(out, { recursive: true });
  const name = value('report') ?? 'fuzz';
  const files = [join(out, `${name}.md`), join(out, `${name}.json`)];
  writeFileSync(files[0]!, markdown(report));
  const rounded = (_: string, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 100) / 100 : v);
  writeFileSync(
    files[1]!,
    `${JSON.stringify({ ...report, saved: undefined, runs: runs.map((r) => ({ ...r, trials: r.trials.filter((t) => t.falseAccept || t.falseReject || t.error) })), summary: summaryOf(report) }, rounded, 1)}\n`,
  );
  // No formatting pass: the reports are outside biome's files, and bypasses.json is above its size limit (biome.json).
  process.stdout.write(
    `Seed ${SEED}: wrote bench/reports/${name}.md and ${name}.json in ${report.seconds.toFixed(0)} s; ${fresh.length} new bypasses saved.\n`,
  );
}

/** Per browser, the totals the verifier report's Goals section reads. */
function summaryOf(report: FuzzReport) {
  return report.runs.map((run) => {
    const fresh = run.trials.filter((t) => !t.replay);
    const d = fresh.filter((t) => t.kind === 'deceptive');
    const b = fresh.filter((t) => t.kind === 'benign');
    return {
      browser: run.browser,
      deceptive: d.length,
      benign: b.length,
      bypasses: d.filter((t) => t.falseAccept).length,
      falseRejects: b.filter((t) => t.falseReject).length,
      replayBypasses: run.trials.filter((t) => t.replay && t.falseAccept).length,
    };
  });
}

function versionOf(name: BrowserName): string {
  const binary =
    name === 'chromium' ? (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') : (process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr');
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return ((run.stdout ?? '').trim().split('\n')[0] ?? '?').replace(/^(Chromium|Mozilla Firefox) /, '').split(' ')[0] ?? '?';
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

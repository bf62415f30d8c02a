import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BROWSERS, type BrowserName, launch, ROOT } from '../../test/support/browsers';
import { type FixtureServer, HOSTS, startFixtureServer } from '../../test/support/server';
import { judge, predicateRows, rowsFor, type TrialResult } from './analyze';
import { type ClassDef, type Trial, trialsOf } from './corpus';
import { openAuditor, runCorpus } from './drive';
import { corpus, FIXTURES, writeFixtures } from './fixtures';
import { measureLatency } from './latency';
import { benchOcr } from './ocr';
import { type BrowserRun, markdown } from './report';

/**
 * `npm run bench:verifiers [-- --only chromium|firefox --no-ocr --samples N]`: the labelled verifier
 * corpus in real Chromium and Firefox (the ε_p matrix), DOM + AX certification latency on a
 * 5,000-element page, and OCR latency and memory. Writes bench/reports/verifiers.{md,json}.
 */
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(`--${name}`);
const value = (name: string) => (argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined);

/** Classes whose claimed trials run again with OCR on for interact clicks (pixels decide there). */
const OCR_CLASSES = ['scale', 'size', 'pointer-events', 'contrast', 'font-size', 'generated', 'overflow'];

function versionOf(name: BrowserName): string {
  const binary =
    name === 'chromium' ? (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') : (process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr');
  const run = spawnSync(binary, ['--version'], { encoding: 'utf8' });
  return (
    (run.stdout ?? '')
      .trim()
      .split('\n')[0]
      ?.replace(/^(Chromium|Mozilla Firefox) /, '')
      .split(' ')[0] ?? '?'
  );
}

const seconds = (since: number) => (performance.now() - since) / 1_000;
const START = performance.now();
/** The bench must stay under three minutes: OCR work that would start after this many seconds is skipped. */
const OCR_DEADLINE_S = 130;
const overBudget = () =>
  seconds(START) > OCR_DEADLINE_S ? `skipped: ${seconds(START).toFixed(0)} s had passed (the bench stays under 3 minutes)` : null;

async function runBrowser(name: BrowserName, server: FixtureServer, classes: ClassDef[], trials: Trial[]): Promise<BrowserRun> {
  const log = (text: string) => process.stderr.write(`[${name}] ${text}\n`);
  const browser = await launch(name, { secureOrigins: HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')) });
  let run: Omit<BrowserRun, 'perf'> & { perf?: BrowserRun['perf'] };
  let latency: BrowserRun['perf']['latency'] = { error: 'not run' };
  try {
    const auditor = await openAuditor(browser);
    const page = await browser.newPage();
    await page.goto(server.url('bank.example', '/corpus.html'));
    let started = performance.now();
    const base = await runCorpus(auditor, page, trials);
    const results = judge(trials, base.observed, base.audit);
    const baseSeconds = seconds(started);
    const denied = await auditor.denied();
    log(`corpus: ${trials.length} trials in ${baseSeconds.toFixed(1)} s`);
    await page.close();

    const big = await browser.newPage();
    await big.goto(server.url('bank.example', '/big.html'));
    started = performance.now();
    latency = await measureLatency(big, auditor, Number(value('samples') ?? 60)).catch((error: unknown) => ({ error: String(error) }));
    log(`latency: ${seconds(started).toFixed(1)} s`);
    await big.close();

    let ocr: BrowserRun['ocr'] = { skipped: 'run with --no-ocr' };
    if (!flag('no-ocr') && overBudget()) ocr = { skipped: overBudget()! };
    else if (!flag('no-ocr')) {
      const refused = await auditor.ocrForInteract(true);
      if (refused) ocr = { skipped: refused };
      else {
        // With pixels read, every deceptive trial of these classes is OCR's to catch as well.
        const subset = trials
          .filter((t) => t.claim !== null && OCR_CLASSES.includes(t.spec.cls))
          .map((t): Trial => (t.spec.kind === 'deceptive' ? { ...t, expects: [...t.expects, 'target.pixels'] } : t));
        const again = await browser.newPage();
        await again.goto(server.url('bank.example', '/corpus.html'));
        started = performance.now();
        const pass = await runCorpus(auditor, again, subset);
        const ocrResults = judge(subset, pass.observed, pass.audit, true);
        const read = [...pass.audit.values()].some((r) => r.certificates.some((c) => c.type === 'ocr_text'));
        const subsetClasses = classes.filter((c) => OCR_CLASSES.includes(c.key));
        const baseSubset = results.filter((r) => subset.some((t) => t.key === r.key));
        ocr = read
          ? {
              results: ocrResults,
              rows: rowsFor(subsetClasses, ocrResults),
              baseRows: rowsFor(subsetClasses, baseSubset),
              seconds: seconds(started),
            }
          : { skipped: 'the pipeline produced no ocr_text certificate with OCR on for interact' };
        log(`OCR pass: ${subset.length} trials in ${seconds(started).toFixed(1)} s`);
        await again.close();
      }
    }
    run = {
      browser: name,
      version: versionOf(name),
      base: { results, rows: rowsFor(classes, results), predicates: predicateRows(results), denied, seconds: baseSeconds },
      ocr,
    };
  } finally {
    await browser.close();
  }
  const started = performance.now();
  const late = overBudget();
  const ocrBench = flag('no-ocr')
    ? ({ status: 'not measured', reason: 'run with --no-ocr' } as const)
    : late
      ? ({ status: 'not measured', reason: late } as const)
      : await benchOcr(name, server, 16);
  log(`OCR latency and memory: ${seconds(started).toFixed(1)} s`);
  return { ...run, perf: { latency, ocr: ocrBench } };
}

/** Per trial in the JSON: the verdict and its attribution; what the verifiers saw only where the trial went wrong. */
function compact(results: TrialResult[]) {
  return results.map((r) => ({
    key: r.key,
    outcome: r.outcome,
    decision: r.decision,
    executed: r.executed,
    codes: [...new Set(r.codes)],
    predicates: r.predicates,
    falseAccept: r.falseAccept,
    falseReject: r.falseReject,
    ms: r.ms,
    certifyMs: r.certifyMs,
    ...(r.falseAccept || r.falseReject ? { seen: r.seen, handler: r.handler } : {}),
  }));
}

async function main(): Promise<void> {
  const started = START;
  const classes = corpus();
  const { elements, trials: trialCount } = writeFixtures(classes);
  const trials = trialsOf(classes);
  const digest = `sha256:${createHash('sha256')
    .update(readFileSync(join(FIXTURES, 'corpus.html')))
    .digest('hex')
    .slice(0, 16)}…`;
  const only = value('only');
  const names = BROWSERS.filter((name) => only === undefined || name === only);
  const server = await startFixtureServer(FIXTURES);
  const runs: BrowserRun[] = [];
  try {
    for (const name of names) runs.push(await runBrowser(name, server, classes, trials));
  } finally {
    await server.close();
  }
  const input = { corpus: { classes, elements, trials: trialCount, digest }, runs, seconds: seconds(started) };
  const dir = join(import.meta.dirname, '..', 'reports');
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'verifiers.md'), join(dir, 'verifiers.json')];
  writeFileSync(files[0]!, markdown(input));
  const json = {
    corpus: {
      elements,
      trials: trialCount,
      digest,
      classes: classes.map((c) => ({ key: c.key, title: c.title, specs: c.specs.map(({ html: _, ...spec }) => spec) })),
    },
    runs: runs.map((run) => ({
      ...run,
      base: { ...run.base, results: compact(run.base.results) },
      ocr: 'skipped' in run.ocr ? run.ocr : { ...run.ocr, results: compact(run.ocr.results) },
    })),
    seconds: input.seconds,
  };
  const rounded = (_: string, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e4) / 1e4 : v);
  writeFileSync(files[1]!, `${JSON.stringify(json, rounded, 2)}\n`);
  // The reports are linted with everything else: write them as the formatter would.
  const formatted = spawnSync(join(ROOT, 'node_modules', '.bin', 'biome'), ['format', '--write', ...files], { encoding: 'utf8' });
  if (formatted.status !== 0) process.stderr.write(`biome format failed on the reports:\n${formatted.stderr}${formatted.stdout}\n`);
  process.stdout.write(`Wrote bench/reports/verifiers.md and verifiers.json in ${input.seconds.toFixed(1)} s.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

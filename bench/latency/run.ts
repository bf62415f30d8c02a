import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BROWSERS, type BrowserName } from '../../test/support/browsers';
import { startFixtureServer } from '../../test/support/server';
import { optionValue, positiveInt, secondsSince } from '../args';
import { machine, source } from '../environment';
import { timerResolutionScript } from '../timer-resolution';
import { coldStarts, interleave, launchArm, secureOriginsOf, warmPages } from './measure';
import { type BrowserResult, json, markdown, type Report } from './report';

/**
 * `npm run bench:latency [-- --only chromium|firefox --rounds N --runs N --starts N --pages N --seed N]`:
 * issue 13 §8's latency goals in both browsers in one run. (1) An honest benign click's propose()
 * against the messaging floor — a do-nothing extension (bench/latency/floor-extension) whose
 * round trip takes Warrant's path: page → MessageChannel → isolated world → runtime.sendMessage →
 * background → back — timed in interleaved rounds on the same page. (2) The first proposal after
 * a browser start against the first proposal on a later fresh page of a warm browser. Writes
 * bench/reports/latency.{md,json}.
 */

const SETTINGS = {
  rounds: positiveInt('rounds', 6),
  runs: positiveInt('runs', 100),
  warmup: 20,
  starts: positiveInt('starts', 5),
  pages: positiveInt('pages', 10),
  seed: positiveInt('seed', 13),
};
const log = (text: string) => process.stderr.write(`[latency] ${text}\n`);

async function benchBrowser(name: BrowserName, url: string, secureOrigins: string[]): Promise<BrowserResult> {
  const started = performance.now();
  const floor = await launchArm(name, 'floor', secureOrigins);
  const warrant = await launchArm(name, 'warrant', secureOrigins).catch(async (error: unknown) => {
    await floor.close();
    throw error;
  });
  try {
    const pages = { floor: await floor.newPage(), warrant: await warrant.newPage() };
    await Promise.all([pages.floor.goto(url), pages.warrant.goto(url)]);
    const userAgent = await pages.warrant.evaluate(() => navigator.userAgent);
    const timerMs = {
      floor: await pages.floor.evaluate(timerResolutionScript),
      warrant: await pages.warrant.evaluate(timerResolutionScript),
    };
    let phase = performance.now();
    const batches = await interleave(pages, SETTINGS.rounds, SETTINGS.runs, SETTINGS.warmup);
    log(`${name}: ${SETTINGS.rounds} rounds × ${SETTINGS.runs} calls per arm in ${secondsSince(phase).toFixed(1)} s`);
    await Promise.all([pages.floor.close(), pages.warrant.close(), floor.close()]);
    phase = performance.now();
    const warm = await warmPages(warrant, url, SETTINGS.pages);
    log(`${name}: first proposal on ${SETTINGS.pages} fresh pages of the warm browser in ${secondsSince(phase).toFixed(1)} s`);
    await warrant.close();
    phase = performance.now();
    const cold = await coldStarts(name, url, secureOrigins, SETTINGS.starts);
    log(`${name}: first proposal after ${SETTINGS.starts} browser starts in ${secondsSince(phase).toFixed(1)} s`);
    return { name, userAgent, timerMs, batches, warm, cold, seconds: secondsSince(started) };
  } finally {
    // Closing twice is harmless; a failure part-way leaves none running.
    await Promise.allSettled([floor.close(), warrant.close()]);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const only = optionValue('only');
  const names = BROWSERS.filter((name) => only === undefined || name === only);
  const loadBefore = loadavg();
  const server = await startFixtureServer();
  const url = server.url('bank.example', '/click.html');
  const browsers: BrowserResult[] = [];
  try {
    for (const name of names) browsers.push(await benchBrowser(name, url, secureOriginsOf(server.url)));
  } finally {
    await server.close();
  }
  const report: Report = {
    machine: machine(loadBefore),
    source: source(),
    settings: SETTINGS,
    browsers,
    seconds: secondsSince(started),
  };
  const dir = join(import.meta.dirname, '..', 'reports');
  mkdirSync(dir, { recursive: true });
  const text = markdown(report);
  writeFileSync(join(dir, 'latency.md'), text);
  writeFileSync(join(dir, 'latency.json'), `${JSON.stringify(json(report), null, 2)}\n`);
  process.stdout.write(text);
  process.stdout.write(`\nWrote bench/reports/latency.md and latency.json in ${report.seconds.toFixed(1)} s.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

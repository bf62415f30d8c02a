import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { optionValue, positiveInt, secondsSince } from '../args';
import { machine, source } from '../environment';
import { type Arm, type BenchBrowser, type Kind, launchArm, warrantPresentScript } from './browsers';
import { measureClicks, measureLoads, measureMemory, timerResolutionScript } from './measure';
import { benchPage, pageShapeScript } from './page';
import { type BrowserResult, json, markdown, type Report } from './report';
import { servePage } from './server';

/**
 * `npm run bench:interception [-- --only chromium|firefox --loads N --rounds N --seed N]`: what
 * Warrant costs a page that never asks it anything, in Chromium and Firefox, with the extension
 * (gated) and without it (ungated) in one run: page loads of a 5,000-element page, the page's own
 * programmatic clicks and events, and memory. Writes bench/reports/interception.{md,json}.
 */

const LOADS = positiveInt('loads', 80);
const WARM_LOADS = 6;
const ROUNDS = positiveInt('rounds', 15);
const MEMORY_SAMPLES = 5;
const SEED = positiveInt('seed', 6);
const KINDS: readonly Kind[] = ['chromium', 'firefox'];
const log = (text: string) => process.stderr.write(`[interception] ${text}\n`);

async function launchBoth(kind: Kind, url: string): Promise<Record<Arm, BenchBrowser>> {
  const gated = await launchArm(kind, 'gated');
  const ungated = await launchArm(kind, 'ungated').catch(async (error: unknown) => {
    await gated.close();
    throw error;
  });
  const arms = { gated, ungated };
  // The arms must be what they claim: Warrant's main world in the gated page only. Its patches
  // cannot be seen from the page since 55b1cfa (Proxy wrappers whose toString is the native one,
  // issue 13 §4), so the page API stands for them: page-api.iife.ts defines it and installs the
  // interceptor in the same synchronous script.
  for (const arm of ['gated', 'ungated'] as const) {
    let present = { api: false };
    for (let attempt = 0; attempt < 20; attempt++) {
      await arms[arm].page.goto(`${url}?check=${attempt}`);
      present = await arms[arm].page.evaluate(warrantPresentScript);
      if (arm === 'ungated' || present.api) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const wanted = arm === 'gated';
    if (present.api !== wanted) {
      await Promise.all([gated.close(), ungated.close()]);
      throw new Error(`${kind} ${arm}: Warrant ${wanted ? 'missing from' : 'present in'} the page (${JSON.stringify(present)})`);
    }
  }
  return arms;
}

type Urls = { page: string; isolated: string };

async function benchBrowser(kind: Kind, urls: Urls, index: number): Promise<BrowserResult> {
  const url = urls.page;
  const started = performance.now();
  const arms = await launchBoth(kind, url);
  try {
    const page = arms.ungated.page;
    await page.goto(`${url}?shape`);
    const shape = await page.evaluate(pageShapeScript);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    const resolution = async (arm: Arm, at: string) => {
      await arms[arm].page.goto(`${at}?timer`);
      return arms[arm].page.evaluate(timerResolutionScript);
    };
    const timerResolutionMs = {
      page: { gated: await resolution('gated', url), ungated: await resolution('ungated', url) },
      isolated: { gated: await resolution('gated', urls.isolated), ungated: await resolution('ungated', urls.isolated) },
    };
    for (const arm of ['gated', 'ungated'] as const) {
      if (!(await arms[arm].page.evaluate(() => crossOriginIsolated)))
        throw new Error(`${kind} ${arm}: /isolated.html is not cross-origin isolated`);
    }
    let phase = performance.now();
    const loads = await measureLoads(arms, `${url}`, LOADS, WARM_LOADS, SEED * 100 + index);
    log(`${kind}: ${LOADS} load pairs (+${WARM_LOADS} warm-up) in ${secondsSince(phase).toFixed(1)} s`);
    phase = performance.now();
    const clicks = await measureClicks(arms, urls.isolated, ROUNDS, SEED * 100 + 10 + index);
    log(`${kind}: ${ROUNDS} click rounds (+1 warm-up) in ${secondsSince(phase).toFixed(1)} s`);
    phase = performance.now();
    const memory = await measureMemory(arms, url, MEMORY_SAMPLES);
    log(`${kind}: memory in ${secondsSince(phase).toFixed(1)} s`);
    return {
      kind,
      version: arms.gated.version,
      contentScripts: arms.gated.contentScripts,
      builtAt: arms.gated.builtAt,
      userAgent,
      shape,
      timerResolutionMs,
      loads,
      clicks,
      memory,
      seconds: secondsSince(started),
    };
  } finally {
    await Promise.all([arms.gated.close(), arms.ungated.close()]);
  }
}

/** The source the build came from: HEAD, and whether src/ had uncommitted changes (others edit the tree concurrently). */
async function main(): Promise<void> {
  const started = performance.now();
  const only = optionValue('only');
  const kinds = KINDS.filter((kind) => only === undefined || kind === only);
  const loadBefore = loadavg();
  const server = await servePage(benchPage());
  const urls = { page: server.url('/page.html'), isolated: server.url('/isolated.html') };
  const browsers: BrowserResult[] = [];
  try {
    // One kind at a time: the two arms of a kind are the only browsers of the bench that are running.
    for (const [index, kind] of kinds.entries()) browsers.push(await benchBrowser(kind, urls, index));
  } finally {
    await server.close();
  }
  const report: Report = {
    machine: machine(loadBefore),
    source: source(),
    settings: { loads: LOADS, warmLoads: WARM_LOADS, rounds: ROUNDS, memorySamples: MEMORY_SAMPLES, seed: SEED },
    browsers,
    seconds: secondsSince(started),
  };
  const dir = join(import.meta.dirname, '..', 'reports');
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'interception.md'), join(dir, 'interception.json')] as const;
  const text = markdown(report);
  writeFileSync(files[0], text);
  writeFileSync(files[1], `${JSON.stringify(json(report), null, 2)}\n`);
  // No formatting pass: bench/reports is outside biome's files (biome.json), so it has nothing to keep.
  process.stdout.write(text);
  process.stdout.write(`\nWrote bench/reports/interception.md and interception.json in ${report.seconds.toFixed(1)} s.\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

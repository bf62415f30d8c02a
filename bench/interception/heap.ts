import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import { chromiumArgs, ROOT } from '../../test/support/browsers';
import { positiveInt } from '../args';
import { machine, source } from '../environment';
import { benchPage } from './page';
import { servePage } from './server';
import { median } from './stats';

/**
 * `npm run bench:heap` (and a step of `npm run bench`): what Warrant adds to a page's JS heap, part by
 * part (issue 13 §8: the page's heap grows by ≤ 0.5 MiB with the extension). Chromium only: the JS
 * heap of the page's renderer after a forced GC (CDP `HeapProfiler.collectGarbage`,
 * `Runtime.getHeapUsage`), which holds the isolated world's content scripts too; Firefox's remote
 * protocol has no such probe. The interception bench's 5,000-element page, loaded afresh for each
 * sample, in one browser per arm, rounds interleaved:
 *
 * - no extension;
 * - the isolated world alone: Warrant's build with its MAIN-world script emptied (`;`), so the
 *   port keeper and the bridge's loader run and nothing else;
 * - Warrant as built, on a page that never talks to it (what every page pays);
 * - Warrant after the page's first message (`warrant.tools()`): the bridge has loaded;
 * - Warrant after one honest proposal (a click on the page's "Menu"): the evidence module too.
 */
const SAMPLES = positiveInt('samples', 7);
const log = (text: string) => process.stderr.write(`[heap] ${text}\n`);

type ArmSpec = { name: string; what: string; build: 'none' | 'built' | 'no-main'; after: 'nothing' | 'tools' | 'propose' };
const ARMS: ArmSpec[] = [
  { name: 'none', what: 'no extension', build: 'none', after: 'nothing' },
  { name: 'isolated', what: 'isolated world only (MAIN-world script emptied)', build: 'no-main', after: 'nothing' },
  { name: 'idle', what: 'Warrant, the page never talks to it', build: 'built', after: 'nothing' },
  { name: 'bridge', what: 'Warrant, after `warrant.tools()`', build: 'built', after: 'tools' },
  { name: 'evidence', what: 'Warrant, after one honest click proposed', build: 'built', after: 'propose' },
];

type Arm = ArmSpec & { context: BrowserContext; page: Page; cdp: CDPSession; profile: string; copy: string | null; mib: number[] };

function buildFor(spec: ArmSpec): string | null {
  if (spec.build === 'none') return null;
  const copy = mkdtempSync(join(tmpdir(), 'warrant-heap-ext-'));
  cpSync(join(ROOT, 'dist', 'chrome'), copy, { recursive: true });
  if (spec.build === 'no-main') {
    const manifest = JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8')) as {
      content_scripts: { js: string[]; world?: string }[];
    };
    for (const script of manifest.content_scripts)
      if (script.world === 'MAIN') for (const file of script.js) writeFileSync(join(copy, file), ';');
  }
  return copy;
}

async function open(spec: ArmSpec): Promise<Arm> {
  const copy = buildFor(spec);
  const profile = mkdtempSync(join(tmpdir(), 'warrant-heap-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs(copy),
  });
  if (copy && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  const page = context.pages()[0] ?? (await context.newPage());
  return { ...spec, context, page, cdp: await context.newCDPSession(page), profile, copy, mib: [] };
}

type Api = { warrant: { tools(): Promise<unknown>; propose(call: unknown): Promise<{ decision: string; executed: boolean }> } };

async function sample(arm: Arm, url: string): Promise<void> {
  await arm.page.goto(url, { waitUntil: 'load' });
  if (arm.after === 'tools') await arm.page.evaluate(() => (window as unknown as Api).warrant.tools());
  if (arm.after === 'propose') {
    const verdict = await arm.page.evaluate(() =>
      (window as unknown as Api).warrant.propose({ tool: 'click', args: { target: '#menu-toggle' }, claims: { label: 'Menu' } }),
    );
    if (verdict.decision !== 'allow' || !verdict.executed)
      throw new Error(`the honest click was not performed: ${JSON.stringify(verdict)}`);
  }
  // Past the load event's own work (the bridge loaded after it until Dec 5).
  await arm.page.waitForTimeout(500);
  await arm.cdp.send('HeapProfiler.collectGarbage');
  const usage = (await arm.cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  arm.mib.push(usage.usedSize / 2 ** 20);
}

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const server = await servePage(benchPage());
  const arms: Arm[] = [];
  let version = '?';
  try {
    for (const spec of ARMS) arms.push(await open(spec));
    version = arms[0]!.context.browser()?.version() ?? '?';
    for (let round = 0; round < SAMPLES; round++) {
      // A rotating order, so no arm always loads right after another.
      for (let i = 0; i < arms.length; i++) await sample(arms[(round + i) % arms.length]!, `${server.url('/page.html')}?heap=${round}`);
      log(`round ${round + 1}/${SAMPLES}`);
    }
  } finally {
    for (const arm of arms) {
      await arm.context.close();
      rmSync(arm.profile, { recursive: true, force: true });
      if (arm.copy) rmSync(arm.copy, { recursive: true, force: true });
    }
    await server.close();
  }
  const none = median(arms[0]!.mib);
  const rows = arms.map((arm) => ({ arm: arm.name, what: arm.what, medianMiB: median(arm.mib), samples: arm.mib }));
  const report = { source: source(), machine: machine(loadBefore), chromium: version, samples: SAMPLES, rows };
  writeFileSync(join(ROOT, 'bench', 'reports', 'heap.json'), `${JSON.stringify(report, null, 1)}\n`);
  const idle = rows.find((row) => row.arm === 'idle')!.medianMiB - none;
  const md = [
    '# What Warrant adds to a page’s JS heap',
    '',
    `Generated by \`npm run bench:heap\` (bench/interception/heap.ts) from commit ${report.source.commit}${report.source.uncommittedSrcFiles ? ` with ${report.source.uncommittedSrcFiles} uncommitted source files` : ''}; Chromium ${version}, ${report.machine.cores} cores, load average ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} before the run.`,
    '',
    `The interception bench’s 5,000-element page, loaded afresh for each of ${SAMPLES} samples per arm (one browser per arm, rounds interleaved); the page renderer’s JS heap in use after a forced GC (CDP), which holds Warrant’s content scripts’ isolated world too. Goal (issue 13 §8): ≤ 0.5 MiB more than without the extension on a page that never talks to Warrant — **${idle <= 0.5 ? 'met' : 'not met'}: +${idle.toFixed(3)} MiB**.`,
    '',
    '| arm | heap, median MiB | more than no extension | samples |',
    '|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.what} | ${row.medianMiB.toFixed(3)} | ${row.arm === 'none' ? '—' : `+${(row.medianMiB - none).toFixed(3)} MiB`} | ${row.samples.map((x) => x.toFixed(3)).join(', ')} |`,
    ),
    '',
  ].join('\n');
  writeFileSync(join(ROOT, 'bench', 'reports', 'heap.md'), md);
  log(`wrote bench/reports/heap.md: +${idle.toFixed(3)} MiB on an idle page`);
}

await main();

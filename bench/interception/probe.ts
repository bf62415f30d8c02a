import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumArgs } from '../../test/support/browsers';
import { optionValue, positiveInt } from '../args';
import { benchPage } from './page';
import { servePage } from './server';

/**
 * Chromium page-load probe (issue 13 §8; not part of `npm run bench`):
 * `npx tsx bench/interception/probe.ts --arms none,dist/chrome,/tmp/variant [--pairs 20] [--trace PREFIX --traces N]`.
 * Each arm is a browser with that unpacked build (or `none`); `none+head:6` / `none+end:6` load a page
 * with 6 ms of busy work added to its first / last script. Every round loads the bench page once in
 * each arm, in a rotating order. Printed per arm: medians of Navigation Timing, how many loads had a
 * long animation frame rendered before DOMContentLoaded, and the CPU time (user + system, /proc) every
 * process of that browser used while its loads ran, by process type — steadier than wall time on a
 * shared machine. With --trace, N more loads per arm are recorded as CDP traces (PREFIX-ARM-N.json),
 * which bench/interception/trace-summary.ts reads.
 */

const PAIRS = positiveInt('pairs', 20);
const ARMS = (optionValue('arms') ?? 'none,dist/chrome').split(',');
const TRACE = optionValue('trace');
const TRACES = positiveInt('traces', 1);
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'blink',
  'loading',
  'v8',
  'toplevel',
  'extensions',
  'ipc',
  'navigation',
  'renderer.scheduler',
  'disabled-by-default-devtools.timeline.stack',
  'blink.user_timing',
];

type Arm = { name: string; context: BrowserContext; page: Page; profile: string; copy: string | null; url: string };

/**
 * `none+head:5` / `none+end:5`: the ungated browser, loading the bench page with 5 ms of busy work
 * added at the top of its first script (where document_start scripts run) or at the end of its last.
 */
function variantPage(spec: string | undefined): string {
  const html = benchPage();
  if (!spec) return html;
  const [where, ms] = spec.split(':');
  const busy = `{ const t = performance.now(); while (performance.now() - t < ${Number(ms)}); }`;
  if (where === 'head') return html.replace('<script>', `<script>${busy}`);
  const at = html.lastIndexOf('</script>');
  return `${html.slice(0, at)}${busy}${html.slice(at)}`;
}
type Sample = {
  dcl: number;
  load: number;
  first: number;
  dclStart: number;
  domInteractive: number;
  framesBeforeDcl: number;
  renderMsBeforeDcl: number;
};

async function launch(spec: string): Promise<Arm> {
  const [name, variant] = spec.split('+') as [string, string | undefined];
  const server = await servePage(variantPage(variant));
  servers.push(server);
  const copy = name === 'none' ? null : mkdtempSync(join(tmpdir(), 'warrant-probe-ext-'));
  if (copy) cpSync(resolve(name), copy, { recursive: true });
  const profile = mkdtempSync(join(tmpdir(), 'warrant-probe-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs(copy),
  });
  const background = copy && 'background' in JSON.parse(readFileSync(join(copy, 'manifest.json'), 'utf8'));
  if (background && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  const page = context.pages()[0] ?? (await context.newPage());
  return { name: spec, context, page, profile, copy, url: server.url('/page.html') };
}

async function sample(page: Page, url: string): Promise<Sample> {
  await page.goto(url, { waitUntil: 'load' });
  return page.evaluate(async () => {
    for (;;) {
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (nav && nav.loadEventEnd > 0) {
        // Animation frames (long ones, > 50 ms) whose rendering started before DOMContentLoaded.
        const frames = await new Promise<PerformanceEntry[]>((r) => {
          const observer = new PerformanceObserver((list) => {
            observer.disconnect();
            r(list.getEntries());
          });
          observer.observe({ type: 'long-animation-frame', buffered: true });
          setTimeout(() => r([]), 50);
        });
        const before = frames.filter(
          (f) =>
            (f as unknown as { renderStart: number }).renderStart > 0 &&
            (f as unknown as { renderStart: number }).renderStart < nav.domContentLoadedEventStart,
        );
        return {
          framesBeforeDcl: before.length,
          renderMsBeforeDcl: before.reduce(
            (t, f) => t + f.startTime + f.duration - (f as unknown as { renderStart: number }).renderStart,
            0,
          ),
          dcl: nav.domContentLoadedEventEnd - nav.startTime,
          dclStart: nav.domContentLoadedEventStart - nav.startTime,
          domInteractive: nav.domInteractive - nav.startTime,
          load: nav.loadEventEnd - nav.startTime,
          first: (window as unknown as { app: { started: number } }).app.started - nav.responseStart,
        };
      }
      await new Promise((r) => setTimeout(r, 5));
    }
  });
}

async function trace(arm: Arm, url: string, out: string): Promise<void> {
  const cdp = await arm.context.newCDPSession(arm.page);
  const chunks: unknown[] = [];
  cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) => void chunks.push(...event.value));
  const done = new Promise<void>((r) => cdp.once('Tracing.tracingComplete', () => r()));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: CATEGORIES }, transferMode: 'ReportEvents' });
  await arm.page.goto(url, { waitUntil: 'load' });
  await new Promise((r) => setTimeout(r, 300));
  await cdp.send('Tracing.end');
  await done;
  writeFileSync(out, JSON.stringify({ traceEvents: chunks }));
  process.stderr.write(`trace ${arm.name} -> ${out} (${chunks.length} events)\n`);
}

/** CPU time (ms, user + system) of every process under the browser started with this profile, by process type. */
function treeCpu(profile: string): Record<string, number> {
  const procs = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  const info = new Map<string, { ppid: string; ticks: number; type: string; root: boolean }>();
  for (const pid of procs) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
      const type = cmd.find((a) => a.startsWith('--type='))?.slice(7) ?? 'browser';
      const extension = cmd.includes('--extension-process');
      info.set(pid, {
        ppid: fields[1]!,
        ticks: Number(fields[11]) + Number(fields[12]),
        type: extension
          ? 'extension'
          : type === 'utility'
            ? (cmd.find((a) => a.startsWith('--utility-sub-type='))?.slice(19) ?? 'utility')
            : type,
        root: cmd.some((a) => a === `--user-data-dir=${profile}`) && type === 'browser',
      });
    } catch {}
  }
  const root = [...info.entries()].find(([, v]) => v.root)?.[0];
  const out: Record<string, number> = {};
  for (const [pid, v] of info) {
    let p: string | undefined = pid;
    let inTree = false;
    for (let depth = 0; p && depth < 6; depth++) {
      if (p === root) inTree = true;
      p = info.get(p)?.ppid;
    }
    if (inTree) out[v.type] = (out[v.type] ?? 0) + v.ticks * 10;
  }
  return out;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};

const servers: Awaited<ReturnType<typeof servePage>>[] = [];
const arms: Arm[] = [];
try {
  for (const name of ARMS) arms.push(await launch(name));
  for (const arm of arms) for (let i = 0; i < 3; i++) await sample(arm.page, `${arm.url}?warm=${i}`);
  const load0 = loadavg()[0]!;
  const samples = new Map<string, Sample[]>(arms.map((a) => [a.name, []]));
  const cpu = new Map<string, Record<string, number>>();
  const addCpu = (arm: Arm, sign: number) => {
    const now = treeCpu(arm.profile);
    const acc = cpu.get(arm.name) ?? {};
    for (const [k, v] of Object.entries(now)) acc[k] = (acc[k] ?? 0) + sign * v;
    cpu.set(arm.name, acc);
  };
  for (let i = 0; i < PAIRS; i++) {
    for (let k = 0; k < arms.length; k++) {
      const arm = arms[(i + k) % arms.length]!;
      addCpu(arm, -1);
      samples.get(arm.name)!.push(await sample(arm.page, `${arm.url}?load=${i}`));
      addCpu(arm, 1);
      await new Promise((r) => setTimeout(r, 60));
    }
  }
  const load1 = loadavg()[0]!;
  console.log(`${PAIRS} rounds, load average ${load0.toFixed(2)} → ${load1.toFixed(2)}`);
  console.log(
    'arm\tfirstScript\tdomInteractive\tdclStart\tdclEnd\tload (medians, ms)\tloads with a long frame before DCL\tmedian render ms before DCL',
  );
  for (const arm of arms) {
    const s = samples.get(arm.name)!;
    const m = (k: keyof Sample) => median(s.map((x) => x[k])).toFixed(1);
    console.log(
      `${arm.name}\t${m('first')}\t${m('domInteractive')}\t${m('dclStart')}\t${m('dcl')}\t${m('load')}\t${s.filter((x) => x.framesBeforeDcl > 0).length}/${s.length}\t${m('renderMsBeforeDcl')}`,
    );
  }
  console.log('CPU ms per load (user + system, from /proc, while each load ran), by process type:');
  for (const arm of arms) {
    const acc = cpu.get(arm.name)!;
    const total = Object.values(acc).reduce((a, b) => a + b, 0);
    console.log(
      `${arm.name}\ttotal ${(total / PAIRS).toFixed(1)}\t${Object.entries(acc)
        .map(([k, v]) => `${k} ${(v / PAIRS).toFixed(1)}`)
        .join(', ')}`,
    );
  }
  if (TRACE)
    for (let n = 0; n < TRACES; n++)
      for (const [i, arm] of arms.entries()) await trace(arm, `${arm.url}?trace=${n}`, `${TRACE}-${i}-${n}.json`);
} finally {
  for (const arm of arms) {
    await arm.context.close();
    rmSync(arm.profile, { recursive: true, force: true });
    if (arm.copy) rmSync(arm.copy, { recursive: true, force: true });
  }
  for (const server of servers) await server.close();
}

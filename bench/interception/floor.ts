import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { optionValue, positiveInt, secondsSince } from '../args';
import { machine, source } from '../environment';
import { rng } from '../rng';
import { type BenchBrowser, type Kind, launchArm, launchWith } from './browsers';
import { benchPage } from './page';
import { servePage } from './server';
import { median, pairedRatio, type Ratio } from './stats';

/**
 * `npm run bench:floor [-- --only chromium|firefox --loads N]` (a step of `npm run bench`): how much
 * of Warrant's page-load overhead any extension with content scripts in every frame pays (issue 13
 * §8: under 2%). Three arms per browser, loads interleaved in a random order: no extension; the
 * floor, an extension whose only parts are two empty `document_start` scripts in every frame (one
 * in the MAIN world, one isolated: the shape Warrant needs to hold the page API's port before any
 * page script); and Warrant as built. Writes bench/reports/load-floor.{md,json}.
 */
const LOADS = positiveInt('loads', 80);
const WARM = 5;
const KINDS: readonly Kind[] = ['chromium', 'firefox'];
const ARMS = ['none', 'floor', 'warrant'] as const;
type ArmName = (typeof ARMS)[number];
const log = (text: string) => process.stderr.write(`[floor] ${text}\n`);

type Sample = { loadMs: number; firstScriptMs: number };
type Row = { kind: Kind; version: string; samples: Record<ArmName, Sample[]> };

/** The floor extension: empty document_start scripts in both worlds and every frame, nothing else. */
function floorExtension(kind: Kind): string {
  const dir = mkdtempSync(join(tmpdir(), 'warrant-bench-floor-'));
  writeFileSync(join(dir, 'main.js'), ';');
  writeFileSync(join(dir, 'isolated.js'), ';');
  const script = { matches: ['<all_urls>'], run_at: 'document_start', all_frames: true };
  const manifest = {
    manifest_version: 3,
    name: 'Load floor',
    version: '1.0',
    host_permissions: ['<all_urls>'],
    content_scripts: [
      { ...script, js: ['main.js'], world: 'MAIN' },
      { ...script, js: ['isolated.js'] },
    ],
    ...(kind === 'firefox' ? { browser_specific_settings: { gecko: { id: 'load-floor@warrant.test' } } } : {}),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** Navigation Timing of the loaded page (runs in the page). */
function timingScript(): Sample {
  const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
  return {
    loadMs: nav.loadEventEnd - nav.startTime,
    firstScriptMs: (window as unknown as { app: { started: number } }).app.started - nav.responseStart,
  };
}

async function measure(kind: Kind, url: string, seed: number): Promise<Row> {
  const browsers: Record<ArmName, BenchBrowser> = {
    none: await launchArm(kind, 'ungated'),
    floor: await launchWith(kind, floorExtension(kind)),
    warrant: await launchArm(kind, 'gated'),
  };
  const samples: Record<ArmName, Sample[]> = { none: [], floor: [], warrant: [] };
  const random = rng(seed);
  try {
    for (let i = 0; i < WARM + LOADS; i++) {
      const order: ArmName[] = [...ARMS];
      for (let j = order.length - 1; j > 0; j--) {
        const k = random.int(0, j);
        [order[j], order[k]] = [order[k]!, order[j]!];
      }
      for (const arm of order) {
        await browsers[arm].page.goto(`${url}?floor=${i}`);
        const sample = await browsers[arm].page.evaluate(timingScript);
        if (i >= WARM) samples[arm].push(sample);
        await new Promise((resolve) => setTimeout(resolve, 60));
      }
    }
  } finally {
    await Promise.all(ARMS.map((arm) => browsers[arm].close()));
  }
  return { kind, version: browsers.warrant.version, samples };
}

type Comparison = { what: string; ratio: Ratio };

function compare(row: Row, seed: number): Comparison[] {
  const pairs = (a: ArmName, b: ArmName) => row.samples[a].map((s, i) => ({ gated: s.loadMs, ungated: row.samples[b][i]!.loadMs }));
  return [
    { what: 'the floor (empty scripts) / no extension', ratio: pairedRatio(pairs('floor', 'none'), seed) },
    { what: 'Warrant / no extension', ratio: pairedRatio(pairs('warrant', 'none'), seed + 1) },
    { what: 'Warrant / the floor', ratio: pairedRatio(pairs('warrant', 'floor'), seed + 2) },
  ];
}

const pct = (x: number) => `${x >= 1 ? '+' : '−'}${(Math.abs(x - 1) * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg();
  const only = optionValue('only');
  const server = await servePage(benchPage());
  const rows: Row[] = [];
  try {
    for (const [index, kind] of KINDS.filter((k) => only === undefined || k === only).entries()) {
      const phase = performance.now();
      rows.push(await measure(kind, server.url('/page.html'), 700 + index));
      log(`${kind}: ${LOADS} load triples in ${secondsSince(phase).toFixed(1)} s`);
    }
  } finally {
    await server.close();
  }
  const results = rows.map((row, i) => ({ ...row, comparisons: compare(row, 900 + 10 * i) }));
  const report = { machine: machine(loadBefore), source: source(), loads: LOADS, warm: WARM, seconds: secondsSince(started), results };
  const lines = [
    '# Page load: what any extension with content scripts pays, and what Warrant adds',
    '',
    `\`npm run bench:floor\` (bench/interception/floor.ts) from commit ${report.source.commit}${report.source.uncommittedSrcFiles ? ` with ${report.source.uncommittedSrcFiles} uncommitted source files` : ''}; ${report.machine.cores} cores, load average ${loadBefore.map((x) => x.toFixed(1)).join(' / ')} before the run; ${LOADS} loads per arm after ${WARM} warm-up, the three arms' loads interleaved in a random order, ${report.seconds.toFixed(0)} s.`,
    '',
    'The interception bench’s 5,000-element page (bench/interception/page.ts). Arms: no extension; **the floor**, an extension made of two empty `document_start` scripts in every frame (MAIN world and isolated: the least Warrant needs to hold the page API’s port before any page script); Warrant as built. Ratios are of medians, with 95% bootstrap intervals over the interleaved triples. The goal (issue 13 §8) is Warrant under +2% over no extension.',
    '',
    ...results.flatMap((row) => [
      `## ${row.kind} ${row.version}`,
      '',
      '| arm | load, median ms | first response byte → page’s first script, median ms |',
      '| --- | --- | --- |',
      ...ARMS.map(
        (arm) =>
          `| ${arm} | ${median(row.samples[arm].map((s) => s.loadMs)).toFixed(1)} | ${median(row.samples[arm].map((s) => s.firstScriptMs)).toFixed(1)} |`,
      ),
      '',
      '| comparison | ratio [95% CI] | overhead |',
      '| --- | --- | --- |',
      ...row.comparisons.map(
        (c) =>
          `| ${c.what} | ${c.ratio.ratio.toFixed(3)} [${c.ratio.low.toFixed(3)}, ${c.ratio.high.toFixed(3)}] | ${pct(c.ratio.ratio)} [${pct(c.ratio.low)}, ${pct(c.ratio.high)}] |`,
      ),
      '',
    ]),
  ];
  const dir = join(import.meta.dirname, '..', 'reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'load-floor.md'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'load-floor.json'), `${JSON.stringify(report, null, 1)}\n`);
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

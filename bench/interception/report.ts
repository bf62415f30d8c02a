import type { Machine, Source } from '../environment';
import type { Arm, Kind } from './browsers';
import {
  BATCH_MS,
  CLICK_KINDS,
  type ClickKind,
  type ClickRound,
  type LoadPair,
  type LoadSample,
  type MemoryResult,
  MIN_RUN_MS,
} from './measure';
import type { PageShape } from './page';
import { median, pairedRatio, quantile, type Ratio } from './stats';

export type BrowserResult = {
  kind: Kind;
  version: string;
  contentScripts: { file: string; world: string; bytes: number }[];
  builtAt: string | null;
  userAgent: string;
  shape: PageShape;
  /** performance.now() steps on the plain page (page loads) and the cross-origin isolated one (clicks). */
  timerResolutionMs: Record<'page' | 'isolated', Record<Arm, number>>;
  loads: LoadPair[];
  clicks: ClickRound[];
  memory: MemoryResult;
  seconds: number;
};

export type Report = {
  machine: Machine;
  source: Source;
  settings: { loads: number; warmLoads: number; rounds: number; memorySamples: number; seed: number };
  browsers: BrowserResult[];
  seconds: number;
};

/** The issue's goal: Warrant adds under 2% to a page load. */
export const LOAD_GOAL = 1.02;
const LOAD_METRICS = [
  { key: 'loadMs', label: 'load (`loadEventEnd − startTime`)' },
  { key: 'dclMs', label: 'DOMContentLoaded (`domContentLoadedEventEnd − startTime`)' },
  { key: 'firstScriptMs', label: "first response byte → the page's first script runs (where `document_start` content scripts run)" },
] as const satisfies readonly { key: keyof LoadSample; label: string }[];

type Summary = { median: number; p90: number };
type LoadRow = {
  metric: keyof LoadSample;
  gated: Summary;
  ungated: Summary;
  deltaMs: number;
  ratio: Ratio;
  goal: 'met' | 'not met' | 'inconclusive';
};
type ClickRow = {
  kind: ClickKind;
  /** Calls per timed batch, median over rounds. */
  batch: Record<Arm, number>;
  gatedUs: number;
  ungatedUs: number;
  extraUs: number;
  ratio: Ratio;
  /** The page's handlers that ran per call: equal in both arms when Warrant let every benign action through. */
  handledPerOp: Record<Arm, number>;
  errors: string[];
};
type MemoryRow = { gatedMiB: number; ungatedMiB: number; deltaMiB: number; ratio: Ratio } | null;

const summary = (xs: number[]): Summary => ({ median: median(xs), p90: quantile(xs, 0.9) });
const mib = (bytes: number) => bytes / 2 ** 20;

function goalOf(r: Ratio): LoadRow['goal'] {
  if (r.high < LOAD_GOAL) return 'met';
  if (r.low > LOAD_GOAL) return 'not met';
  return 'inconclusive';
}

function loadRows(b: BrowserResult, seed: number): LoadRow[] {
  return LOAD_METRICS.map(({ key }, i) => {
    const ratio = pairedRatio(
      b.loads.map((p) => ({ gated: p.gated[key], ungated: p.ungated[key] })),
      seed + i,
    );
    const gated = summary(b.loads.map((p) => p.gated[key]));
    const ungated = summary(b.loads.map((p) => p.ungated[key]));
    const medianPairRatio = median(b.loads.map((p) => p.gated[key] / p.ungated[key]));
    return { metric: key, gated, ungated, deltaMs: gated.median - ungated.median, ratio, medianPairRatio, goal: goalOf(ratio) };
  });
}

function clickRows(b: BrowserResult, seed: number): ClickRow[] {
  return CLICK_KINDS.map(({ kind }, i) => {
    const us = (arm: Arm) => b.clicks.map((round) => round[kind][arm].usPerOp);
    const gated = us('gated');
    const ungated = us('ungated');
    const ratio = pairedRatio(
      gated.map((g, at) => ({ gated: g, ungated: ungated[at]! })),
      seed + 10 + i,
    );
    const total = (arm: Arm, key: 'handled' | 'ops') => b.clicks.reduce((sum, round) => sum + round[kind][arm][key], 0);
    const perOp = (arm: Arm) => total(arm, 'handled') / total(arm, 'ops');
    const errors = [
      ...new Set(
        b.clicks.flatMap((round) => (['gated', 'ungated'] as const).map((arm) => round[kind][arm].error).filter((e) => e !== null)),
      ),
    ];
    return {
      kind,
      batch: { gated: median(b.clicks.map((r) => r[kind].gated.batch)), ungated: median(b.clicks.map((r) => r[kind].ungated.batch)) },
      gatedUs: median(gated),
      ungatedUs: median(ungated),
      extraUs: median(gated) - median(ungated),
      ratio,
      handledPerOp: { gated: perOp('gated'), ungated: perOp('ungated') },
      errors,
    };
  });
}

function memoryRow(b: BrowserResult, seed: number): MemoryRow {
  const heap = b.memory.heapUsed;
  if (heap === null || heap.gated.length === 0) return null;
  const gated = median(heap.gated.map(mib));
  const ungated = median(heap.ungated.map(mib));
  const pairs = heap.gated.map((g, i) => ({ gated: mib(g), ungated: mib(heap.ungated[i]!) }));
  return { gatedMiB: gated, ungatedMiB: ungated, deltaMiB: gated - ungated, ratio: pairedRatio(pairs, seed + 50) };
}

type Derived = { kind: Kind; loads: LoadRow[]; clicks: ClickRow[]; heap: MemoryRow };
function derive(report: Report): Derived[] {
  return report.browsers.map((b, i) => ({
    kind: b.kind,
    loads: loadRows(b, report.settings.seed * 1_000 + i * 100),
    clicks: clickRows(b, report.settings.seed * 1_000 + i * 100),
    heap: memoryRow(b, report.settings.seed * 1_000 + i * 100),
  }));
}

const f = (x: number, digits = 1) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
const ratioCell = (r: Ratio) => `${f(r.ratio, 3)} [${f(r.low, 3)}, ${f(r.high, 3)}]`;
const pct = (r: Ratio) => {
  const p = (x: number) => `${x >= 1 ? '+' : '−'}${f(Math.abs(x - 1) * 100, 1)}%`;
  return `${p(r.ratio)} [${p(r.low)}, ${p(r.high)}]`;
};
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function goalSentence(kind: Kind, row: LoadRow): string {
  const what = `${kind}: page load ${pct(row.ratio)} (gated/ungated ${ratioCell(row.ratio)})`;
  if (row.goal === 'met') return `${what} — **met**: the whole 95% interval is under +2%.`;
  if (row.goal === 'not met') return `${what} — **not met**: the whole 95% interval is above +2%.`;
  return `${what} — **not shown either way**: the 95% interval straddles +2%, so this run cannot tell whether the overhead is under the goal.`;
}

export function markdown(report: Report): string {
  const derived = derive(report);
  const m = report.machine;
  const s = report.settings;
  const out: string[] = [];
  out.push('# Interception overhead (what Warrant costs a page that never asks it anything)');
  out.push('');
  out.push(
    `\`npm run bench:interception\` — ${report.browsers.map((b) => `${b.kind} ${b.version}`).join(', ')}; ` +
      `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}; load average ${m.loadAverage.before.map((x) => f(x, 2)).join(' / ')} ` +
      `before and ${m.loadAverage.after.map((x) => f(x, 2)).join(' / ')} after (1 / 5 / 15 min). The run took ${f(report.seconds, 0)} s. ` +
      `Extension built from commit ${report.source.commit}${report.source.uncommittedSrcFiles > 0 ? ` with ${report.source.uncommittedSrcFiles} uncommitted file${report.source.uncommittedSrcFiles === 1 ? '' : 's'} in src/ (the tree is shared with work in progress)` : ''}. ` +
      'Timings vary from run to run; the ratios and their intervals are the result, not the milliseconds.',
  );
  out.push('');
  out.push('## Goal: under 2% page-load overhead');
  out.push('');
  for (const d of derived) out.push(`- ${goalSentence(d.kind, d.loads[0]!)}`);
  out.push('');
  out.push('## Method');
  out.push('');
  const shape = report.browsers[0]?.shape;
  out.push(
    [
      `- **Arms.** For each browser, two instances run side by side for the whole run: **gated**, with the built extension (a private copy of \`dist/chrome\` or \`dist/firefox\`, default policy, so interception is \`enforce\`), and **ungated**, the same binary, flags and preferences without it (\`bench/interception/browsers.ts\`). Before measuring, the bench checks that \`window.warrant\` exists in the gated page and not in the ungated one (the same synchronous main-world script defines it and installs the interceptor; the interceptor's wrappers themselves look native from the page by design). One browser kind at a time; nothing else of the bench runs meanwhile (other processes on the machine may).`,
      `- **Page** (\`bench/interception/page.ts\`, served from memory on 127.0.0.1 with \`cache-control: no-store\`): ${shape ? `${shape.elements} elements (${shape.nodes} nodes), ${shape.scripts} inline scripts` : '≈5,000 elements'} — navigation, a menu, 190 product cards (links, buttons, number inputs, labels), a search form. The scripts wire ~600 click handlers, dispatch ~50 events and click the menu twice while the page loads. Its text avoids Warrant's commitment words, so every programmatic click in it is benign and performed in both arms.`,
      `- **Page load.** ${s.loads} pairs after ${s.warmLoads} discarded warm-up pairs; in each pair both arms load the page (a fresh URL, same bytes) back to back in a random order, with a short idle gap after each load. Navigation Timing from the page: \`loadEventEnd − startTime\` (the goal's measure) and \`domContentLoadedEventEnd − startTime\`; and, to see where the time goes, how long after the first response byte the page's first inline script (in \`<head>\`) starts — content scripts injected at \`document_start\` run in between. Median and p90 per arm; the ratio is median(gated) / median(ungated) with a 95% percentile-bootstrap interval resampling pairs (4,000 resamples). The goal is met only when the whole interval is below 1.02.`,
      `- **Programmatic clicks and events**: the page's own activity, called from its own script on a loaded page and timed inside it with \`performance.now()\`. For these the page is served cross-origin isolated (COOP + COEP, \`/isolated.html\`, same bytes), where the timer steps 5 µs (Chromium) or 20 µs (Firefox). A timed run doubles a batch of calls until one batch takes ${BATCH_MS} ms, then times batches of that size until ${MIN_RUN_MS} ms have passed (at least 7); its µs/op is the median batch over the batch size, so a batch slowed by another process does not move it. ${s.rounds} rounds after one discarded warm-up round; in each round both arms (random order) run every kind once. The table gives the median over rounds; interval as above, resampling rounds. "Handlers per call" counts the page's own click/input/event handlers that ran: the same number in both arms means Warrant let every benign action through.`,
      `- **Memory.** Chromium: JS heap in use in the page's renderer after a forced GC (CDP \`HeapProfiler.collectGarbage\` + \`Runtime.getHeapUsage\`; the heap includes the isolated world's content script), median of ${s.memorySamples} fresh loads per arm. Both browsers: PSS of the whole browser process tree with the page open (/proc; the gated arm includes the extension's background), one settled sample — indicative only.`,
      '- **Not measured:** a real assistant acting (a held click, the gate, OCR; see `bench/reports/verifiers.md`), first-install cost, other sites in other tabs.',
    ].join('\n'),
  );
  out.push('');
  for (const [i, d] of derived.entries()) {
    const b = report.browsers[i]!;
    out.push(`## ${b.kind} ${b.version}`);
    out.push('');
    out.push(
      `User agent \`${b.userAgent}\`. performance.now() resolution: ${f(b.timerResolutionMs.page.ungated, 3)} ms on the plain page and ${f(b.timerResolutionMs.isolated.ungated, 3)} ms on the isolated one (ungated; gated ${f(b.timerResolutionMs.page.gated, 3)} and ${f(b.timerResolutionMs.isolated.gated, 3)}). ` +
        `Build loaded in the gated arm: made ${b.builtAt ?? '?'}; content scripts at \`document_start\` in every frame: ${b.contentScripts.map((c) => `\`${c.file}\` (${c.world}, ${f(c.bytes / 1024, 0)} KiB)`).join(', ')}. ${f(b.seconds, 0)} s for this browser.`,
    );
    out.push('');
    out.push(`### Page load (${s.loads} pairs)`);
    out.push('');
    out.push(
      table(
        ['metric', 'ungated median (p90), ms', 'gated median (p90), ms', 'Δ median, ms', 'gated/ungated [95% CI]', 'overhead', '< 2%?'],
        d.loads.map((r) => [
          LOAD_METRICS.find((x) => x.key === r.metric)!.label,
          `${f(r.ungated.median)} (${f(r.ungated.p90)})`,
          `${f(r.gated.median)} (${f(r.gated.p90)})`,
          f(r.deltaMs),
          ratioCell(r.ratio),
          pct(r.ratio),
          r.metric === 'loadMs' ? r.goal : '—',
        ]),
      ),
    );
    out.push('');
    out.push(`### The page's programmatic clicks and events (${s.rounds} rounds)`);
    out.push('');
    out.push(
      table(
        [
          'activity',
          'calls per batch ungated / gated',
          'ungated µs/op',
          'gated µs/op',
          'extra µs/op',
          'gated/ungated [95% CI]',
          'handlers per call ungated / gated',
          'errors',
        ],
        d.clicks.map((r) => [
          CLICK_KINDS.find((k) => k.kind === r.kind)!.what,
          `${r.batch.ungated} / ${r.batch.gated}`,
          f(r.ungatedUs, 2),
          f(r.gatedUs, 2),
          f(r.extraUs, 2),
          ratioCell(r.ratio),
          `${f(r.handledPerOp.ungated, 2)} / ${f(r.handledPerOp.gated, 2)}`,
          r.errors.length === 0 ? '—' : r.errors.join('; '),
        ]),
      ),
    );
    out.push('');
    out.push('### Memory');
    out.push('');
    const pss = b.memory.browserPssMiB;
    const rows: string[][] = [];
    if (d.heap) {
      rows.push([
        'page JS heap in use after GC (renderer, incl. content scripts)',
        `${f(d.heap.ungatedMiB, 2)} MiB`,
        `${f(d.heap.gatedMiB, 2)} MiB`,
        `${f(d.heap.deltaMiB, 2)} MiB`,
        ratioCell(d.heap.ratio),
      ]);
    } else rows.push(['page JS heap', 'no probe in this browser', '—', '—', '—']);
    rows.push([
      'whole browser, PSS (one settled sample)',
      pss.ungated === null ? '—' : `${f(pss.ungated)} MiB`,
      pss.gated === null ? '—' : `${f(pss.gated)} MiB`,
      pss.gated === null || pss.ungated === null ? '—' : `${f(pss.gated - pss.ungated)} MiB`,
      pss.gated === null || pss.ungated === null ? '—' : f(pss.gated / pss.ungated, 3),
    ]);
    out.push(table(['what', 'ungated', 'gated', 'Δ', 'gated/ungated'], rows));
    out.push('');
  }
  out.push('## Reading it');
  out.push('');
  out.push(reading(report, derived));
  out.push('');
  return out.join('\n');
}

const kindOf = (d: Derived, kind: ClickKind) => d.clicks.find((r) => r.kind === kind)!;
const metricOf = (d: Derived, metric: keyof LoadSample) => d.loads.find((r) => r.metric === metric)!;
const each = (derived: Derived[], text: (d: Derived) => string) => derived.map((d) => `${d.kind} ${text(d)}`).join(', ');

/** What the numbers say, worded from this run's numbers (the code paths named are those of the build measured). */
function reading(report: Report, derived: Derived[]): string {
  const scripts = report.browsers[0]?.contentScripts ?? [];
  const kib = scripts.map((c) => `${f(c.bytes / 1024, 0)} KiB ${c.world === 'MAIN' ? 'MAIN-world' : 'isolated-world'}`).join(' + ');
  return [
    `- **Page load.** The gated arm runs its content scripts (${kib || 'see above'}) at \`document_start\` in every frame before the page's first script, asks the background for the interception mode, and has the extension's processes on the same cores. The median load grew by ${each(derived, (d) => `${f(metricOf(d, 'loadMs').deltaMs)} ms`)}; the page's first script started later by ${each(derived, (d) => `${f(metricOf(d, 'firstScriptMs').deltaMs)} ms`)} — that part is the content scripts' start-up, paid before any of the page's own work, whatever the page's size. Nothing of the interceptor runs per element while the page parses; only the page scripts' own clicks and events pass through it.`,
    `- **Clicks.** \`click()\` and a dispatched \`click\` are decided synchronously in the page (\`src/content/main-world/interceptor/\`): the activatable ancestor and any link around it are found with one native \`closest()\` per tree, then \`isPrivileged\` reads the target's label (its \`textContent\`, \`aria-label\`, \`title\`). The commitment classifier's answer for a label, and whether an href leaves the site, are remembered (bounded memos, \`privilege.ts\`): these timings repeat one click, so they show the remembered path; a label never seen before also pays the classifier (normalised, split into words, looked up), about 3 µs for a short label and up to about 30 µs for 512 characters (Chromium, idle, Dec 5). On a button that costs ${each(derived, (d) => `+${f(kindOf(d, 'click-button').extraUs, 1)} µs`)} per click; on a span in a link ${each(derived, (d) => `+${f(kindOf(d, 'click-link').extraUs, 1)} µs`)}. The label read is proportional to the text under the target, so a click on a large container that is not itself activatable costs ${each(derived, (d) => `+${f(kindOf(d, 'click-container').extraUs, 0)} µs`)} per click on this page (${f(report.browsers[0]?.shape.catalogTextChars ?? Number.NaN, 0)} characters of text under it) — a page that calls \`container.click()\` (or \`document.body.click()\`, to close menus) pays that on every call, and more on a larger page.`,
    `- **An assistant's clicks** (issue 11 §7). Once page-agent is detected, each click it announces (its \`PageAgent::ClickPointer\` event, then \`click()\`) is certified before it runs, synchronously: the interceptor dispatches a private event on the target and the isolated world certifies the element as a proposal's target is (\`src/content/agent-check.ts\`). That costs ${each(derived, (d) => `+${f(kindOf(d, 'agent-click').extraUs, 0)} µs`)} per assistant click (the ungated arm runs the same event and click). The page's own unannounced clicks on such a page cost ${each(derived, (d) => `+${f(kindOf(d, 'own-click-agent-present').extraUs, 1)} µs`)} each, against ${each(derived, (d) => `+${f(kindOf(d, 'click-button').extraUs, 1)} µs`)} with no agent: they are not certified, only reported to the audit as performed while an agent is present.`,
    `- **Events that are not activations** pass through after a type check: on \`document\` ${each(derived, (d) => `${f(kindOf(d, 'document-event').extraUs, 2)} µs`)} extra. Dispatched on \`window\` they cost ${each(derived, (d) => `+${f(kindOf(d, 'custom-event').extraUs, 1)} µs`)} each: the wrapper's element test reads \`Node.prototype.nodeType\` on its target, which throws for \`window\` (not a Node) and is caught — an exception per event, on a path that event buses and analytics use often.`,
    '- Per call these are microseconds; the ratios are large because the native calls are cheap. They matter for a page that clicks or dispatches in a tight loop, or clicks large containers; a page clicking its own menu once per user action does not notice.',
  ].join('\n');
}

const round = (_: string, v: unknown) => (typeof v === 'number' && !Number.isInteger(v) ? Math.round(v * 1e4) / 1e4 : v);

export function json(report: Report): unknown {
  const derived = derive(report);
  return JSON.parse(
    JSON.stringify(
      {
        goal: { loadRatioBelow: LOAD_GOAL },
        machine: report.machine,
        source: report.source,
        settings: report.settings,
        seconds: report.seconds,
        browsers: report.browsers.map((b, i) => ({
          kind: b.kind,
          version: b.version,
          userAgent: b.userAgent,
          builtAt: b.builtAt,
          contentScripts: b.contentScripts,
          shape: b.shape,
          timerResolutionMs: b.timerResolutionMs,
          seconds: b.seconds,
          summary: derived[i],
          memory: b.memory,
          samples: { loads: b.loads, clicks: b.clicks },
        })),
      },
      round,
    ),
  );
}

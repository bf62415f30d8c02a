import { CERTIFY_GOAL_MS, type LatencyResult, type Summary, summary } from './latency';
import { OCR_GOALS, type OcrBench } from './ocr';

export type PerfInput = { latency: LatencyResult | { error: string }; ocr: OcrBench };
type PerRun = { browser: string; perf: PerfInput; corpus?: { outcome: string; ms: number; certifyMs: number | null }[] };

const ms = (x: number | null) => (x === null ? '—' : x < 10 ? x.toFixed(2) : x.toFixed(0));
const dist = (s: Summary) => `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.max)} (n=${s.n})`;
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

export function latencySection(runs: PerRun[]): string {
  const out = [
    '## Certification latency on a 5,000-element page',
    '',
    `\`bench/verifiers/fixtures/big.html\`: a 1,000-item list plus a deeply nested button and a large clickable card. Honest clicks (nothing navigates), warmed up first; \`certifyMs\` is the content script’s DOM + AX certification as recorded in the audit record, \`decideMs\` the background’s resolve/plan/gate, \`executeMs\` the execution round trip, and the round trip is \`propose()\` as the page measured it. Goal: certification p50 ≤ ${CERTIFY_GOAL_MS} ms. Cells: p50 / p95 / max in ms. The card shows how certification grows with the target’s subtree (rendered text and the accessible name walk every descendant; the executor certifies again before it clicks, which is most of executeMs), not with the page.`,
    '',
  ];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const run of runs) {
    const l = run.perf.latency;
    if ('error' in l) {
      notes.push(`${run.browser}: not measured (${l.error}).`);
      continue;
    }
    notes.push(
      `${run.browser}: ${l.elements.toLocaleString('en')} elements, ${l.nodes.toLocaleString('en')} nodes; the page’s timer resolution is ${l.timerResolutionMs.toFixed(3)} ms${l.timerResolutionMs >= 0.5 ? ' (coarse: sub-millisecond timings read as 0 or 1 ms)' : ''}.`,
    );
    for (const t of l.targets) {
      const met = t.certifyMs.p50 === null ? '—' : t.certifyMs.p50 <= CERTIFY_GOAL_MS ? 'met' : '**missed**';
      const decisions = Object.entries(t.decisions)
        .map(([d, n]) => `${d} ${n}`)
        .join(', ');
      rows.push([
        run.browser,
        t.description,
        `${decisions}; executed ${t.executed}`,
        dist(t.certifyMs),
        met,
        dist(t.decideMs),
        dist(t.executeMs),
        dist(t.roundTripMs),
      ]);
    }
  }
  out.push(
    table(['browser', 'target', 'verdicts', 'certifyMs', `≤ ${CERTIFY_GOAL_MS} ms`, 'decideMs', 'executeMs', 'round trip'], rows),
    '',
    ...notes.map((n) => `- ${n}`),
  );
  return [...out, '', corpusTimes(runs)].join('\n');
}

/**
 * The corpus verdicts' round trips by outcome (small page, so certification is cheap): a blocked
 * click waits for the audit record's crop of the target, a capture Chromium allows twice a second.
 */
function corpusTimes(runs: PerRun[]): string {
  const rows: string[][] = [];
  for (const run of runs) {
    for (const outcome of ['allowed', 'blocked', 'approval', 'rejected']) {
      const of = (run.corpus ?? []).filter((r) => r.outcome === outcome);
      if (of.length > 0) rows.push([run.browser, outcome, dist(summary(of.map((r) => r.certifyMs))), dist(summary(of.map((r) => r.ms)))]);
    }
  }
  if (rows.length === 0) return '';
  return [
    'The corpus proposals (one after another, default policy), by outcome. A blocked click keeps a crop of its target in the audit record, and the verdict waits for that capture; Chromium allows an extension two captures a second, so blocked verdicts there take up to about half a second each when they follow one another. Cells: p50 / p95 / max in ms.',
    '',
    table(['browser', 'outcome', 'certifyMs', 'round trip'], rows),
  ].join('\n');
}

const mib = (x: number) => `${x.toFixed(0)} MiB`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(0)}`;
/** The extension process (Chromium: the offscreen document and its worker live there), PSS before → after warm-up → after release. */
function extensionMemory(m: OcrMemory): string {
  const [a, b, c] = [m.before?.extensionPssMiB, m.warm?.extensionPssMiB, m.released?.extensionPssMiB];
  if (a == null || b == null || c == null) return '— (not a separate process)';
  return `${mib(a)} → ${mib(b)} → ${mib(c)} (held ${signed(b - a)}, after release ${signed(c - a)})`;
}
/** The whole browser's RSS: the baseline and its change (PSS of the whole tree swings with shared GPU buffers). */
function browserMemory(m: OcrMemory): string {
  if (!m.before || !m.warm || !m.released) return '—';
  return `${mib(m.before.totalRssMiB)}; held ${signed(m.warm.totalRssMiB - m.before.totalRssMiB)}, after release ${signed(m.released.totalRssMiB - m.before.totalRssMiB)}`;
}
type OcrMemory = Extract<OcrBench, { status: 'measured' }>['memory'];

export function ocrSection(runs: PerRun[]): string {
  const out = [
    '## OCR latency and memory',
    '',
    `The background OCR module (\`src/background/ocr\`: captureVisibleTab crop → tesseract.js in the offscreen document on Chromium, in a worker on Firefox) driven from the test-only probe page (\`WARRANT_OCR_PROBE=1\` build, as test/browser/ocr.test.ts does), on \`fixtures/ocr.html\`: a 16 px “Show details” button and a 24 px “Open settings” one. Times are \`ocrElement\`’s own (capture + crop + hash + recognition); Chromium calls are spaced 550 ms apart so its 2-captures-a-second quota adds no wait. Goals: cold start ≤ ${OCR_GOALS.coldMs} ms, warm p50 ≤ ${OCR_GOALS.warmP50Ms} ms for a button crop. Memory (/proc, medians of 5 samples): before the first OCR (after one capture, so the probe tab is already in the background), after the warm runs, and 1 s after the engine is released. The extension process’s PSS is what the OCR document holds on Chromium (the offscreen document and its worker run there); Firefox runs its extension pages in a process the command line does not name, so only the whole browser’s RSS is given, which also counts capture buffers.`,
    '',
  ];
  const rows: string[][] = [];
  const extra: string[] = [];
  for (const run of runs) {
    const o = run.perf.ocr;
    if (o.status !== 'measured') {
      extra.push(`${run.browser}: not measured yet — ${o.reason}.`);
      continue;
    }
    const coldMet = o.cold.ms <= OCR_GOALS.coldMs ? 'met' : '**missed**';
    const warmMet = o.warm.p50 === null ? '—' : o.warm.p50 <= OCR_GOALS.warmP50Ms ? 'met' : '**missed**';
    rows.push([
      run.browser,
      `${ms(o.cold.ms)} (${coldMet})`,
      `${dist(o.warm)} (${warmMet})`,
      dist(o.warmLarge),
      extensionMemory(o.memory),
      browserMemory(o.memory),
    ]);
    const reads = o.reads.map((r) => `${r.crop} → "${r.text.replace(/\s+/g, ' ')}" (${r.confidence.toFixed(2)})`).join('; ');
    extra.push(
      `${run.browser}: reads ${reads}${o.failures.length ? `; failures: ${o.failures.join(', ')}` : ''}; released by ${o.memory.releasedBy}.`,
    );
  }
  out.push(
    table(
      [
        'browser',
        'cold start ms',
        'warm 16 px button p50 / p95 / max',
        'warm 24 px button',
        'extension process PSS: before → warm → released',
        'whole browser RSS',
      ],
      rows,
    ),
    '',
    ...extra.map((e) => `- ${e}`),
  );
  return out.join('\n');
}

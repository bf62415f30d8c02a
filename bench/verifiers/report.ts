import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { wilson } from '../rng';
import { type ClassRow, type Count, disagreements, type PredicateRow, type TrialResult } from './analyze';
import type { ClassDef } from './corpus';
import { FUZZ_GOAL } from './fuzz/report';
import { CERTIFY_GOAL_MS, summary } from './latency';
import { STALE, WHY } from './notes';
import { latencySection, ocrSection, type PerfInput } from './report-perf';

export type BrowserRun = {
  browser: 'chromium' | 'firefox';
  version: string;
  /** Default policy: DOM and AX certify clicks of interact privilege (OCR is off for them). */
  base: { results: TrialResult[]; rows: ClassRow[]; predicates: PredicateRow[]; denied: number; seconds: number };
  /** Policy with OCR on for interact: the pixel classes' claimed trials again. */
  ocr: { results: TrialResult[]; rows: ClassRow[]; baseRows: ClassRow[]; seconds: number; planned: number } | { skipped: string };
  perf: PerfInput;
};
export type ReportInput = {
  corpus: { classes: ClassDef[]; elements: number; trials: number; digest: string };
  runs: BrowserRun[];
  seconds: number;
};

const r2 = (x: number) => x.toFixed(2).replace(/^0\./, '.');
export const cell = (c: Count | null) => (c === null ? '—' : `${c.k}/${c.n} [${r2(c.ci.low)}, ${r2(c.ci.high)}]`);
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function matrix(rows: ClassRow[], withOcr: boolean): string {
  const head = ['class', 'elements D/B', 'trials D/B', 'FA', 'FR', 'DOM FA', 'DOM FR', 'AX FA', 'AX FR', 'policy FA'];
  if (withOcr) head.push('OCR FA', 'OCR FR');
  return table(
    head,
    rows.map((r) => {
      const v = r.verifiers;
      const cls = r.cls === 'all' ? '**all**' : r.cls;
      const base = [
        cls,
        `${r.elements.deceptive}/${r.elements.benign}`,
        `${r.trials.deceptive}/${r.trials.benign}`,
        cell(r.falseAccept),
        cell(r.falseReject),
      ];
      const per = [
        cell(v.DOM.falseAccept),
        cell(v.DOM.falseReject),
        cell(v.AX.falseAccept),
        cell(v.AX.falseReject),
        cell(v.policy.falseAccept),
      ];
      return [...base, ...per, ...(withOcr ? [cell(v.OCR.falseAccept), cell(v.OCR.falseReject)] : [])];
    }),
  );
}

function predicateTable(runs: BrowserRun[]): string {
  const head = ['predicate', 'verifier', ...runs.flatMap((r) => [`${r.browser}: missed (deceptive)`, `${r.browser}: fired on benign`])];
  const names = runs[0]?.base.predicates.map((p) => p.predicate) ?? [];
  return table(
    head,
    names.map((name) => {
      const of = (run: BrowserRun) => run.base.predicates.find((p) => p.predicate === name)!;
      return [name, of(runs[0]!).verifier, ...runs.flatMap((run) => [cell(of(run).missed), cell(of(run).spurious)])];
    }),
  );
}

const verdictOf = (r: TrialResult | undefined) =>
  r ? `${r.decision}${r.executed ? ' (executed)' : ''}${r.codes.length ? ` ${[...new Set(r.codes)].join(', ')}` : ''}` : '—';
const seenOf = (r: TrialResult) => {
  const s = r.seen;
  const parts = [
    s.text !== undefined ? `text "${s.text}"` : '',
    s.axName !== undefined && s.axName !== s.text ? `AX name "${s.axName}"` : '',
    s.hiddenBy ? `hidden: ${s.hiddenBy}` : '',
    s.hit && !s.hit.startsWith('5/5') ? `hit ${s.hit}` : '',
    s.ocr !== undefined ? `OCR "${s.ocr}"` : '',
    s.why ? `— ${s.why}` : '',
  ];
  return parts.filter(Boolean).join('; ').replace(/\|/g, '\\|');
};

/** Every element some browser got wrong in some trial: what each browser did with each of its trials, and what the verifiers saw. */
function misclassified(runs: BrowserRun[], pick: (run: BrowserRun) => TrialResult[]): string {
  const wrong = (r: TrialResult | undefined) => !!r && (r.falseAccept || r.falseReject);
  const ids = [
    ...new Set(
      runs.flatMap((run) =>
        pick(run)
          .filter(wrong)
          .map((r) => r.id),
      ),
    ),
  ];
  if (ids.length === 0) return 'None.';
  const head = ['element', 'kind', 'what it is', 'claim', ...runs.map((r) => r.browser), 'observed (first wrong trial)', 'why'];
  return table(
    head,
    ids.map((id) => {
      const trials = runs.map((run) => pick(run).filter((r) => r.id === id));
      const first = trials.flat().find(wrong)!;
      const mark = (r: TrialResult) => (wrong(r) ? `**${r.falseAccept ? 'FA' : 'FR'}** ` : '');
      const cellOf = (rs: TrialResult[]) => rs.map((r) => `${r.claim === null ? 'bare' : 'claimed'}: ${mark(r)}${verdictOf(r)}`).join('; ');
      const claim = trials.flat().find((r) => r.claim !== null)?.claim;
      return [
        `\`${id}\``,
        first.kind,
        first.note.replace(/\|/g, '\\|'),
        claim === undefined ? '(none)' : `"${claim}"`.replace(/\|/g, '\\|'),
        ...trials.map(cellOf),
        seenOf(first),
        WHY[id] ?? (first.codes.includes('stale_evidence') ? STALE : ''),
      ];
    }),
  );
}

function ocrPart(runs: BrowserRun[]): string {
  const measured = runs.filter(
    (run): run is BrowserRun & { ocr: Exclude<BrowserRun['ocr'], { skipped: string }> } => !('skipped' in run.ocr),
  );
  const skipped = runs.filter((run) => 'skipped' in run.ocr).map((run) => `${run.browser}: ${(run.ocr as { skipped: string }).skipped}`);
  const out = [
    '## With OCR: the pixel classes again, policy `ocr.interact = true`',
    '',
    'The same pages, the claimed trials of the classes where pixels decide, with the policy reading the rendered pixels before every interact click (the default reads them only for commit and credential actions). Pixel predicates (`target.pixels`: OCR agrees with the DOM text; `target.pixels.label`: OCR agrees with the claim) are OCR’s. An OCR read below the policy’s confidence (0.9) is unsupported: the gate asks, the bench’s user denies, and a benign trial counts as a false reject. OCR’s own FA/FR columns judge its certificate as the gate would on its own (missing, under 0.9, or disagreeing with the DOM text or the claim under the gate’s `pixelsShow`), because once a DOM predicate contradicts, the verdict lists contradictions only.',
    '',
  ];
  if (skipped.length > 0) out.push(`Not measured: ${skipped.join('; ')}.`, '');
  for (const run of measured) {
    out.push(
      `### ${run.browser} (${run.ocr.results.length === run.ocr.planned ? '' : `only ${run.ocr.results.length} of ${run.ocr.planned} trials, the time budget ran out; `}${run.ocr.seconds.toFixed(1)} s)`,
      '',
      matrix(run.ocr.rows, true),
      '',
    );
    const before = run.ocr.baseRows.at(-1)!;
    const after = run.ocr.rows.at(-1)!;
    out.push(
      `Same trials under the default policy: FA ${cell(before.falseAccept)}, FR ${cell(before.falseReject)}; with OCR: FA ${cell(after.falseAccept)}, FR ${cell(after.falseReject)}.`,
      '',
    );
  }
  if (measured.length > 0)
    out.push(
      'Elements wrong with OCR on:',
      '',
      misclassified(measured, (run) => (run.ocr as { results: TrialResult[] }).results),
      '',
    );
  return out.join('\n');
}

/** The fuzzer's totals per browser, as bench/reports/fuzz.json records them (null: no fuzz run yet). */
export type FuzzSummary = {
  seed: number;
  browser: string;
  deceptive: number;
  benign: number;
  bypasses: number;
  falseRejects: number;
};
export function readFuzzSummary(): FuzzSummary[] | null {
  const file = join(import.meta.dirname, '..', 'reports', 'fuzz.json');
  if (!existsSync(file)) return null;
  const json = JSON.parse(readFileSync(file, 'utf8')) as { seed: number; summary?: Omit<FuzzSummary, 'seed'>[] };
  return (json.summary ?? []).map((s) => ({ ...s, seed: json.seed }));
}

export const GOALS = { classFaUpper: 0.01, classTrials: 300, falseRejects: 0.03 };
const pct = (x: number) => `${(100 * x).toFixed(x < 0.01 ? 2 : 1)}%`;
const verdict = (met: boolean | null) => (met === null ? 'not measured' : met ? 'met' : '**missed**');

/**
 * Issue 10's goals, computed from this run's data (and the fuzzer's last report): every row says
 * met, missed, or what is missing to tell.
 */
export function goalsSection(runs: BrowserRun[], fuzz: FuzzSummary[] | null): string {
  const rows: string[][] = [];
  for (const run of runs) {
    const classes = run.base.rows.filter((r) => r.cls !== 'all');
    const leaking = classes.filter((r) => r.falseAccept.k > 0);
    const thin = classes.filter((r) => r.falseAccept.k === 0 && r.falseAccept.ci.high > GOALS.classFaUpper);
    rows.push([
      run.browser,
      `false accepts 0 in every class, Wilson upper ≤ ${pct(GOALS.classFaUpper)} (≥ ${GOALS.classTrials} deceptive trials per class), OCR off`,
      `${leaking.length} of ${classes.length} classes leak (${leaking.map((r) => `${r.cls} ${r.falseAccept.k}/${r.falseAccept.n}`).join(', ') || 'none'}); ${thin.length} more have no false accept but too few trials for the bound (${thin.map((r) => `${r.cls} n=${r.falseAccept.n}`).join(', ') || 'none'}); the most any class has is ${Math.max(0, ...classes.map((r) => r.falseAccept.n))}`,
      verdict(leaking.length === 0 && thin.length === 0),
    ]);
    const all = run.base.rows.find((r) => r.cls === 'all')!;
    rows.push([
      run.browser,
      `false rejects ≤ ${pct(GOALS.falseRejects)} of benign trials, OCR off`,
      `${all.falseReject.k}/${all.falseReject.n} = ${pct(all.falseReject.ci.rate)} (Wilson upper ${pct(all.falseReject.ci.high)})`,
      verdict(all.falseReject.ci.rate <= GOALS.falseRejects),
    ]);
    if ('skipped' in run.ocr) {
      rows.push([run.browser, 'false accepts 0 / false rejects ≤ 3%, OCR on', `OCR pass not run: ${run.ocr.skipped}`, verdict(null)]);
    } else {
      const o = run.ocr.rows.find((r) => r.cls === 'all')!;
      const oLeaking = run.ocr.rows.filter((r) => r.cls !== 'all' && r.falseAccept.k > 0);
      rows.push([
        run.browser,
        `false accepts 0 in every class, Wilson upper ≤ ${pct(GOALS.classFaUpper)}, OCR on (the pixel classes)`,
        `${o.falseAccept.k}/${o.falseAccept.n} over ${run.ocr.rows.length - 1} classes (${oLeaking.map((r) => `${r.cls} ${r.falseAccept.k}/${r.falseAccept.n}`).join(', ') || 'none leaks'}); every class far under ${GOALS.classTrials} trials`,
        verdict(oLeaking.length === 0 && run.ocr.rows.every((r) => r.cls === 'all' || r.falseAccept.ci.high <= GOALS.classFaUpper)),
      ]);
      rows.push([
        run.browser,
        `false rejects ≤ ${pct(GOALS.falseRejects)} of benign trials, OCR on`,
        `${o.falseReject.k}/${o.falseReject.n} = ${pct(o.falseReject.ci.rate)}`,
        verdict(o.falseReject.n === 0 ? null : o.falseReject.ci.rate <= GOALS.falseRejects),
      ]);
    }
    const f = fuzz?.find((x) => x.browser === run.browser);
    rows.push([
      run.browser,
      `fuzzer: 0 bypasses in ≥ ${FUZZ_GOAL.trials.toLocaleString('en')} deceptive trials (Wilson upper ≤ ${pct(FUZZ_GOAL.upper)})`,
      f
        ? `seed ${f.seed}: ${f.bypasses}/${f.deceptive} bypasses (upper ${pct(wilson(f.bypasses, f.deceptive).high)}), ${f.falseRejects}/${f.benign} twins rejected — bench/reports/fuzz.md`
        : 'no fuzz report (npm run bench:fuzz)',
      verdict(f ? f.bypasses === 0 && f.deceptive >= FUZZ_GOAL.trials && wilson(0, f.deceptive).high <= FUZZ_GOAL.upper : null),
    ]);
    const latency = run.perf.latency;
    if ('error' in latency) rows.push([run.browser, `certification p50 ≤ ${CERTIFY_GOAL_MS} ms`, latency.error, verdict(null)]);
    else {
      const p50s = latency.targets.map((t) => `${t.description}: ${t.certifyMs.p50 === null ? '—' : t.certifyMs.p50.toFixed(2)} ms`);
      const all50 = latency.targets.map((t) => t.certifyMs.p50);
      rows.push([
        run.browser,
        `certification p50 ≤ ${CERTIFY_GOAL_MS} ms (5,000-element page)`,
        p50s.join('; '),
        verdict(all50.some((x) => x === null) ? null : all50.every((x) => (x as number) <= CERTIFY_GOAL_MS)),
      ]);
    }
    const ocr = run.perf.ocr;
    const pixelTrials = 'skipped' in run.ocr ? [] : run.ocr.results.filter((r) => r.seen.ocr !== undefined);
    const pass = summary(pixelTrials.map((r) => r.ms));
    // Context only: the OCR pass runs beside the corpus in another browser, so the machine is loaded.
    const besideCorpus =
      pass.p50 === null
        ? ''
        : `; the OCR pass’s pixel-read proposals, beside the corpus in another browser: p50 ${pass.p50.toFixed(0)} ms (n=${pass.n})`;
    const decided = ocr.status === 'measured' ? ocr.decided : null;
    if (ocr.status !== 'measured' || ocr.warm.p50 === null || !decided || decided.p50 === null)
      rows.push([
        run.browser,
        'pixel-checked decision p50 ≤ 2 × warm OCR p50',
        ocr.status !== 'measured'
          ? `OCR not measured: ${ocr.reason}`
          : `no pixel-checked decision measured (${decided ? `${decided.n} of ${decided.proposed}: ${decided.problems.join(', ')}` : 'none'})`,
        verdict(null),
      ]);
    else
      rows.push([
        run.browser,
        'pixel-checked decision p50 ≤ 2 × warm OCR p50',
        `honest click on the 16 px button, OCR on for interact, alone: p50 ${decided.p50.toFixed(0)} ms (n=${decided.n} of ${decided.proposed}${decided.problems.length ? `; not counted: ${decided.problems.join(', ')}` : ''}) vs 2 × ${ocr.warm.p50.toFixed(0)} ms${besideCorpus}`,
        verdict(decided.p50 <= 2 * ocr.warm.p50),
      ]);
  }
  return [
    '## Goals (issue 10), from this run’s data',
    '',
    'Default policy. A class’s false-accept bound needs at least 300 deceptive trials with none accepted (Wilson 95% upper bound ≤ 1%); the corpus has about ten per class, so a class with no false accept is still “missed” until the fuzzer or a larger corpus supplies the trials. The fuzzer row reads `bench/reports/fuzz.json` (its own run and seed). The pixel-checked decision is propose()’s round trip for an honest click on the OCR bench’s 16 px button with the policy reading pixels for interact clicks (OCR before the click, the re-check before performing it), in the browser of the OCR timings right after its warm reads, nothing else running; the warm OCR p50 is that browser’s.',
    '',
    table(['browser', 'goal', 'measured', 'status'], rows),
  ].join('\n');
}

export function markdown(input: ReportInput, fuzz: FuzzSummary[] | null = readFuzzSummary()): string {
  const { corpus, runs } = input;
  const out = [
    '# Verifier benchmark (DOM, AX, OCR certificates against a labelled corpus)',
    '',
    `\`npm run bench:verifiers\` — ${corpus.elements} fixture elements in ${corpus.classes.length} input classes, ${corpus.trials} trials per browser, corpus ${corpus.digest}; ${runs.map((r) => `${r.browser} ${r.version}`).join(', ')}. Verdicts that read no pixels repeat exactly for the same build; where OCR reads them (commit clicks under the default policy, every click of the OCR pass) its reading can change the reason, rarely the outcome, and timings vary. The run took ${input.seconds.toFixed(0)} s.`,
    '',
    '## How to read it',
    '',
    '- Every element (`bench/verifiers/fixtures/corpus.html`, generated by `fixtures.ts` from `corpus-*.ts`) is labelled with its class and kind. A **benign** element’s click, with the label it visibly shows as the claim, should be allowed and performed; a **deceptive** element’s should not. Where the label is beside the point (hiding, overlays, disabled, ARIA, frames) the element is also proposed with no claim: two trials, one ground truth.',
    '- **FA** (false accept): a deceptive trial allowed, or its handler ran (the page is the judge). **FR** (false reject): a benign trial not performed. A benign trial held only for the user’s approval (commit privilege) would be counted apart; the corpus avoids commit words in benign labels, and the bench plays a user who denies every ask.',
    '- Attribution: the reasons name predicates; `target.visible / enabled / connected / unobstructed / label` are the DOM verifier’s (dom@1), `target.ax` the AX verifier’s (ax@1), `target.pixels*` OCR’s, `privilege` the commit classifier’s (policy). A verifier’s FA is over the deceptive trials whose class it is expected to catch (`expects` in the corpus; — where none), its FR over all benign trials of the class.',
    '- Brackets: Wilson 95% intervals. Trials of one element are not independent (claimed and bare trials share a fixture), so the intervals are optimistic.',
    '',
  ];
  out.push(goalsSection(runs, fuzz), '');
  for (const run of runs) {
    out.push(
      `## ε_p matrix — ${run.browser}, default policy (DOM + AX; OCR only for commit clicks; ${run.base.seconds.toFixed(1)} s; the bench’s user denied ${run.base.denied} asks)`,
      '',
      matrix(run.base.rows, false),
      '',
    );
  }
  const odd = runs.flatMap((run) =>
    disagreements(run.base.results).map((r) => `${run.browser} \`${r.key}\`: ${verdictOf(r)}, handler saw [${r.handler.join(', ')}]`),
  );
  out.push(
    `Consistency: in ${odd.length === 0 ? 'every trial' : `all but ${odd.length} trials`} \`executed\` agrees with what the page’s own handlers saw.${odd.length ? ` Exceptions: ${odd.join('; ')}.` : ''}`,
    '',
  );
  out.push('## Per predicate (default policy)', '', predicateTable(runs), '');
  out.push(
    '## Elements some browser got wrong (default policy)',
    '',
    misclassified(runs, (run) => run.base.results),
    '',
  );
  out.push(ocrPart(runs), '');
  out.push(latencySection(runs.map((r) => ({ browser: r.browser, perf: r.perf, corpus: r.base.results }))), '');
  out.push(ocrSection(runs.map((r) => ({ browser: r.browser, perf: r.perf }))), '');
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

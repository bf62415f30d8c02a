import { type ClassRow, type Count, disagreements, type PredicateRow, type TrialResult } from './analyze';
import type { ClassDef } from './corpus';
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

export function markdown(input: ReportInput): string {
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

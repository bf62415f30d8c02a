import { wilson } from '../../rng';
import type { Mutant } from './generate';

export type TrialOutcome = {
  id: string;
  pair: string;
  kind: 'deceptive' | 'benign';
  family: string;
  cls: string;
  carrier: string;
  shadow: string;
  frames: string;
  depth: number;
  claimed: boolean;
  /** A saved bypass replayed (not counted in the seed's trials). */
  replay: boolean;
  decision: string;
  executed: boolean;
  handlerRan: boolean;
  codes: string[];
  ms: number | null;
  error: string | null;
  falseAccept: boolean;
  falseReject: boolean;
  /** Held only for the user's approval (the bench's user denies every ask). */
  asked: boolean;
  seen?: Record<string, string>;
};
export type FuzzRun = { browser: string; version: string; trials: TrialOutcome[]; denied: number; seconds: number; browsers: number };
export type FuzzReport = {
  seed: number;
  pairs: number;
  replayed: number;
  quick: boolean;
  perPage: number;
  twins: string;
  runs: FuzzRun[];
  newBypasses: string[];
  saved: { pair: string; browsers: string[]; found: string; deceptive: Mutant; twin: Mutant; verdict: string }[];
  seconds: number;
};

/** The fuzzer's goal: no bypass, and few enough trials that the Wilson upper bound is at most 0.19%. */
export const FUZZ_GOAL = { bypasses: 0, upper: 0.0019, trials: 2000 };

const pc = (x: number) => `${(100 * x).toFixed(x < 0.01 ? 2 : 1)}%`;
export const rate = (k: number, n: number) => (n === 0 ? '—' : `${k}/${n} (≤ ${pc(wilson(k, n).high)})`);
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const show = (s: string) => esc(JSON.stringify(s).slice(1, -1));

function breakdown(runs: FuzzRun[], key: (t: TrialOutcome) => string, title: string): string {
  const keys = [...new Set(runs.flatMap((r) => r.trials.filter((t) => !t.replay).map(key)))].sort();
  const rows = keys.map((k) => [
    k,
    ...runs.flatMap((run) => {
      const ts = run.trials.filter((t) => !t.replay && key(t) === k);
      const d = ts.filter((t) => t.kind === 'deceptive');
      const b = ts.filter((t) => t.kind === 'benign');
      return [
        `${d.length}/${b.length}`,
        rate(d.filter((t) => t.falseAccept).length, d.length),
        rate(b.filter((t) => t.falseReject).length, b.length),
      ];
    }),
  ]);
  return table([title, ...runs.flatMap((r) => [`${r.browser} trials D/B`, 'bypasses (FA)', 'false rejects'])], rows);
}

const where = (m: Mutant) =>
  [
    `carrier ${m.carrier}`,
    m.depth ? `${m.depth} wrappers` : '',
    m.shadow !== 'none' ? `shadow ${m.shadow}` : '',
    m.frames.length ? `frames ${m.frames.join(' > ')}` : '',
    `<${m.target_kind}>`,
    m.claim === null ? 'no claim' : `claim "${m.claim}"`,
  ]
    .filter(Boolean)
    .join(', ');

/** The smallest markup that shows the deception: the cell and its frame documents' bodies. */
const repro = (m: Mutant) =>
  [m.html, ...m.docs.map((d) => `<!-- ${d.host}/fuzz-docs/${d.name} --> ${d.body}`)].join(' ').replace(/\s+/g, ' ').slice(0, 700);

/** Twins proposed in this run: all, or every second pair's (by the pair's index). */
const twinProposed = (report: Pick<FuzzReport, 'twins'>, pair: string) =>
  report.twins === 'all' || Number(pair.split('-').at(-1)) % 2 === 0;

/** The family, class and kind of carrier: bypasses of one such kind share a likely cause. */
const coarseKind = (m: Mutant) => `${m.family}/${m.cls} @ ${m.carrier.replace(/-\d+$/, '-N')}`;

/**
 * Every bypass of the seed, one line each (the fixture holds the full reproduction), then one
 * minimal reproduction per kind: the smallest bypass of each family/class/carrier.
 */
export function bypassSection(report: Pick<FuzzReport, 'runs' | 'saved' | 'twins'>): string {
  const { runs } = report;
  const bypassed = [...new Set(runs.flatMap((r) => r.trials.filter((t) => t.falseAccept && !t.replay).map((t) => t.pair)))];
  const out = [`## Every bypass of this seed (${bypassed.length} pairs)`, ''];
  if (bypassed.length === 0) return [...out, 'None.'].join('\n');
  out.push(
    'Each is saved in `bench/verifiers/fuzz/bypasses.json` and as `bench/verifiers/fixtures/fuzz-bypasses/<pair>.html` (mutant first, twin second; frame documents in `fuzz-docs/`); later runs replay one per kind, and the top-document ones join the verifier corpus (class `fuzz`, one per kind). Verdict cells: the mutant’s decision and reasons; “twin ran”, “twin **rejected**” or “twin not proposed” (the full run proposes every second pair’s twin).',
    '',
  );
  const saved = new Map(report.saved.map((s) => [s.pair, s]));
  const rows = bypassed.map((pair) => {
    const m = saved.get(pair)?.deceptive;
    const verdicts = runs.map((run) => {
      const t = run.trials.find((x) => x.pair === pair && x.kind === 'deceptive' && !x.replay);
      const twin = run.trials.find((x) => x.pair === pair && x.kind === 'benign' && !x.replay);
      if (!t) return '—';
      const twinText = !twinProposed(report, pair) ? 'not proposed' : twin?.falseReject ? '**rejected**' : 'ran';
      return `${t.falseAccept ? '**bypass** ' : 'held: '}${t.decision}${t.executed ? ' (executed)' : ''}${t.handlerRan && !t.executed ? ' handler ran' : ''}${t.codes.length ? ` ${t.codes.join(', ')}` : ''}; twin ${twinText}`;
    });
    return [`\`${pair}\``, m ? `${m.family}/${m.cls}: ${show(m.variant)}` : '?', m ? esc(where(m)) : '', ...verdicts.map(esc)];
  });
  out.push(table(['pair', 'deception', 'where', ...runs.map((r) => r.browser)], rows), '');
  const byKind = new Map<string, Mutant[]>();
  for (const pair of bypassed) {
    const m = saved.get(pair)?.deceptive;
    if (m) byKind.set(coarseKind(m), [...(byKind.get(coarseKind(m)) ?? []), m]);
  }
  out.push(
    `### Minimal reproductions, one per kind (${byKind.size} kinds)`,
    '',
    'The smallest bypassing cell of each family/class/carrier (frame documents follow their `<!-- host/path -->` marks; every frame document is on the fixture server’s port).',
    '',
    table(
      ['kind', 'bypasses', 'browsers', 'smallest', 'reproduction'],
      [...byKind.entries()]
        .sort((a, b) => b[1].length - a[1].length)
        .map(([kind, ms]) => {
          const smallest = [...ms].sort((a, b) => repro(a).length - repro(b).length)[0]!;
          const browsers = [...new Set(ms.flatMap((m) => saved.get(m.pair)?.browsers ?? []))].join(', ');
          return [esc(kind), String(ms.length), browsers, `\`${smallest.pair}\``, `\`${esc(repro(smallest))}\``];
        }),
    ),
  );
  return out.join('\n');
}

export function markdown(report: FuzzReport): string {
  const { runs } = report;
  const out = [
    '# Adaptive attacker: mutation fuzzer against the verifiers',
    '',
    `\`npm run bench:fuzz\` — seed **${report.seed}**${report.quick ? ' (quick run)' : ''}: ${report.pairs} deceptive mutants and ${report.twins === 'all' ? 'all' : 'every second pair’s'} safe twins per browser (${report.twins === 'all' ? report.pairs : Math.ceil(report.pairs / 2)}), about ${report.perPage} cells per page; ${report.replayed} saved bypass pairs replayed first (counted apart). ${runs.map((r) => `${r.browser} ${r.version}: ${r.seconds.toFixed(0)} s in ${r.browsers} browser${r.browsers > 1 ? 's' : ''} side by side, ${r.denied} asks denied`).join('; ')}. The whole run took ${report.seconds.toFixed(0)} s. Replay with \`npm run bench:fuzz -- --seed ${report.seed}\` (same build, same trials).`,
    '',
    '## How to read it',
    '',
    '- The generator (`bench/verifiers/fuzz/generate.ts`) draws, per pair, one deception from the corpus’s deceptive classes and mutates it: CSS property and value (opacity and `filter: opacity()`, clip-path/clip variants, transforms scale/rotateX/rotateY with perspective/matrix/skew+scale, the `scale` property, `zoom`, tiny boxes, offscreen positions, visibility/display/content-visibility, masks, filters brightness/contrast/blur), where it sits (the target, one of 0–6 wrapping ancestors, a shadow host, the wrapper around a `<slot>`, the `<iframe>` element or an ancestor of it), shadow trees (declarative open, nested open, open and closed roots slotting a light-DOM target), frames (same-site and cross-site, nested two deep), overlays that take the click (div/span/label/iframe, full or partial) and covers the click passes through (blank, decoy label, `mix-blend-mode: lighten`), label tricks (text in the background colour, transparent fill, tiny fonts, hidden extra words, `::after` paint-over/append/swap, text-indent and overflow, aria-label and aria-hidden), Unicode (UTS #39 confusables from `src/core/text`, bidi override/embedding) and commit words disguised (zero-width characters, soft hyphen, confusables, bidi-reversed, fullwidth, split spans, generated `::before`, `text-transform`, SVG text).',
    '- Every deceptive mutant has a **safe twin**: the same draws with the deceptive ingredient neutralised (opacity ≥ 0.6, `pointer-events: none` on the overlay, the label visible, the aria-label containing the label, no commit word…). A unit test (`test/unit/fuzz-generate.test.ts`) holds that the twin’s markup contains none of the mutant’s ingredients.',
    '- Ground truth: a deceptive trial is a **bypass** (false accept) when the verdict allowed and executed it or the target’s own click handler ran. A twin is a **false reject** unless it was allowed, executed, and its handler ran; the twins name no commitment, so an ask on a twin is a false reject too (the bench plays a user who denies every ask). Proposals are made in the frame holding the target (handed down the frame path by postMessage, as an in-frame assistant would), under the default policy (OCR only for commit clicks).',
    '- Rates: k/n with the Wilson 95% upper bound. Trials of one pair share structure and a page, so the bounds are optimistic.',
    '',
  ];
  out.push('## Totals (this seed’s trials)', '');
  const totals = runs.map((run) => {
    const fresh = run.trials.filter((t) => !t.replay);
    const d = fresh.filter((t) => t.kind === 'deceptive');
    const b = fresh.filter((t) => t.kind === 'benign');
    const fa = d.filter((t) => t.falseAccept).length;
    const met = fa === 0 && d.length >= FUZZ_GOAL.trials && wilson(0, d.length).high <= FUZZ_GOAL.upper;
    const errors = fresh.filter((t) => t.error).length;
    return [
      run.browser,
      `${d.length}/${b.length}`,
      rate(fa, d.length),
      rate(b.filter((t) => t.falseReject).length, b.length),
      String(b.filter((t) => t.falseReject && t.asked).length),
      String(errors),
      met ? 'met' : '**missed**',
    ];
  });
  out.push(
    table(
      ['browser', 'trials D/B', 'bypasses', 'false rejects', 'of which asks', 'errors', `goal: 0 bypasses, bound ≤ ${pc(FUZZ_GOAL.upper)}`],
      totals,
    ),
    '',
  );
  out.push(
    '## By mutation family',
    '',
    breakdown(runs, (t) => t.family, 'family'),
    '',
  );
  out.push(
    '## By corpus class',
    '',
    breakdown(runs, (t) => t.cls, 'class'),
    '',
  );
  out.push(
    '## By structure',
    '',
    breakdown(runs, (t) => `frames: ${t.frames}`, 'frames'),
    '',
  );
  out.push(
    breakdown(runs, (t) => `shadow: ${t.shadow}`, 'shadow'),
    '',
  );
  out.push(
    breakdown(runs, (t) => `carrier: ${t.carrier.replace(/-\d+$/, '-N')}`, 'effect carrier'),
    '',
  );
  const replays = runs.filter((r) => r.trials.some((t) => t.replay));
  if (replays.length > 0) {
    out.push(
      '## Saved bypasses replayed',
      '',
      table(
        ['browser', 'pairs', 'still bypass', 'twins rejected'],
        replays.map((run) => {
          const ts = run.trials.filter((t) => t.replay);
          return [
            run.browser,
            String(ts.length / 2),
            String(ts.filter((t) => t.falseAccept).length),
            String(ts.filter((t) => t.falseReject).length),
          ];
        }),
      ),
      '',
    );
  }
  out.push(bypassSection(report), '');
  const rejected = runs.flatMap((run) => run.trials.filter((t) => t.falseReject && !t.replay).map((t) => ({ run, t })));
  out.push(`## False rejects of this seed (${rejected.length} twin trials)`, '');
  if (rejected.length === 0) out.push('None.', '');
  else {
    out.push(
      table(
        ['browser', 'twin', 'family/class', 'verdict', 'seen'],
        rejected.slice(0, 80).map(({ run, t }) => [
          run.browser,
          `\`${t.id}\``,
          `${t.family}/${t.cls} (${t.carrier}, shadow ${t.shadow}, frames ${t.frames})`,
          esc(`${t.decision}${t.executed ? ' (executed)' : ''} ${t.codes.join(', ')}${t.error ? ` error: ${t.error}` : ''}`),
          esc(
            t.seen
              ? Object.entries(t.seen)
                  .map(([k, v]) => `${k} ${JSON.stringify(v)}`)
                  .join('; ')
              : '',
          ),
        ]),
      ),
      rejected.length > 80 ? `\n… and ${rejected.length - 80} more (all in fuzz.json).` : '',
      '',
    );
  }
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}

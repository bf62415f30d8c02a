import type { BrowserName } from '../../test/support/browsers';
import type { Machine, Source } from '../environment';
import type { Batch, FirstProposal } from './measure';
import { median, pairedRatio, quantile, type Ratio, unpairedRatio, type Verdict, verdict } from './stats';

export type BrowserResult = {
  name: BrowserName;
  userAgent: string;
  /** performance.now()'s smallest step on click.html in each browser (Firefox coarsens it). */
  timerMs: { floor: number; warrant: number };
  batches: Batch[];
  warm: FirstProposal[];
  cold: FirstProposal[];
  seconds: number;
};

export type Report = {
  machine: Machine;
  source: Source;
  settings: { rounds: number; runs: number; warmup: number; starts: number; pages: number; seed: number };
  browsers: BrowserResult[];
  seconds: number;
};

/** Issue 13 §8: propose() within 2× the floor; the first proposal after a start within 2× a later page's. */
export const GOAL = 2;

type Summary = { p50: number; p90: number; n: number };
type Derived = {
  name: BrowserName;
  version: string;
  floor: Summary;
  warrant: Summary;
  refused: Summary;
  roundRatios: number[];
  ratio: Ratio;
  proposeGoal: Verdict;
  cold: Record<keyof FirstProposal, number | null>;
  warm: Record<keyof FirstProposal, number | null>;
  firstRatio: Ratio;
  firstGoal: Verdict;
};

const summary = (xs: number[]): Summary => ({ p50: median(xs), p90: quantile(xs, 0.9), n: xs.length });
const STAGES = ['launchMs', 'loadMs', 'firstMs', 'secondMs', 'managedMs'] as const;
const stages = (xs: FirstProposal[]) =>
  Object.fromEntries(STAGES.map((k) => [k, xs.some((x) => x[k] === null) ? null : median(xs.map((x) => x[k] as number))])) as Record<
    keyof FirstProposal,
    number | null
  >;

/** "Chrome/156.0…" or "Firefox/153.0" from the user agent. */
function versionOf(b: BrowserResult): string {
  const match = /(Chrome|Firefox)\/([\d.]+)/.exec(b.userAgent);
  return match ? `${b.name} ${match[2]}` : b.name;
}

export function derive(report: Report): Derived[] {
  return report.browsers.map((b, i) => {
    const of = (arm: Batch['arm']) => b.batches.filter((x) => x.arm === arm);
    const floor = of('floor');
    const warrant = of('warrant');
    // A pair: the i-th call of each arm in the same round (the rounds interleave the arms).
    const pairs = warrant.flatMap((w) => {
      const f = floor.find((x) => x.round === w.round)!;
      return w.ms.map((ms, k) => ({ gated: ms, ungated: f.ms[k]! }));
    });
    const ratio = pairedRatio(pairs, report.settings.seed * 100 + i);
    const roundRatios = warrant.map((w) => median(w.ms) / median(floor.find((x) => x.round === w.round)!.ms));
    const firstRatio = unpairedRatio(
      b.cold.map((x) => x.firstMs),
      b.warm.map((x) => x.firstMs),
      report.settings.seed * 100 + 50 + i,
    );
    return {
      name: b.name,
      version: versionOf(b),
      floor: summary(floor.flatMap((x) => x.ms)),
      warrant: summary(warrant.flatMap((x) => x.ms)),
      refused: summary(of('refused').flatMap((x) => x.ms)),
      roundRatios,
      ratio,
      proposeGoal: verdict(ratio, GOAL),
      cold: stages(b.cold),
      warm: stages(b.warm),
      firstRatio,
      firstGoal: verdict(firstRatio, GOAL),
    };
  });
}

const f = (x: number | null, digits = 2) => (x === null || !Number.isFinite(x) ? '—' : x.toFixed(digits));
const ratioCell = (r: Ratio) => `${f(r.ratio)}× [${f(r.low)}, ${f(r.high)}]`;
const table = (head: string[], rows: string[][]) =>
  [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function goalSentence(what: string, r: Ratio, goal: Verdict): string {
  const head = `${what} ${ratioCell(r)}`;
  if (goal === 'met') return `${head} — **met**: the whole 95% interval is at or under ${GOAL}×.`;
  if (goal === 'not met') return `${head} — **not met**: the whole 95% interval is above ${GOAL}×.`;
  return `${head} — **not shown either way**: the 95% interval straddles ${GOAL}×, so this run cannot tell whether it is within the goal.`;
}

export function markdown(report: Report): string {
  const derived = derive(report);
  const m = report.machine;
  const s = report.settings;
  const out: string[] = [];
  out.push('# Proposal latency (issue 13 §8)');
  out.push('');
  out.push(
    `\`npm run bench:latency\` — ${derived.map((d) => d.version).join(', ')}; ` +
      `${m.cores} cores (${m.cpu}), ${m.memoryGiB} GiB, ${m.os}, Node ${m.node}; load average ${m.loadAverage.before.map((x) => f(x)).join(' / ')} ` +
      `before and ${m.loadAverage.after.map((x) => f(x)).join(' / ')} after (1 / 5 / 15 min). The run took ${f(report.seconds, 0)} s. ` +
      `Extension built from commit ${report.source.commit}${report.source.uncommittedSrcFiles > 0 ? ` with ${report.source.uncommittedSrcFiles} uncommitted file(s) in src/` : ''}. ` +
      'Timings vary from run to run; the ratios and their intervals are the result, not the milliseconds.',
  );
  out.push('');
  out.push('## Goals');
  out.push('');
  for (const d of derived) {
    out.push(`- ${goalSentence(`${d.name}: propose() p50 / messaging floor p50`, d.ratio, d.proposeGoal)}`);
    out.push(
      `- ${goalSentence(`${d.name}: first proposal after a browser start / first proposal on a later page`, d.firstRatio, d.firstGoal)}`,
    );
  }
  out.push('');
  out.push('## Method');
  out.push('');
  out.push(
    [
      "- **The call.** An honest benign click: `window.warrant.propose({ tool: 'click', args: { target: '#details' } })` on test/fixtures/click.html (\"Show details\", no commitment words), served by test/support/server.ts as http://bank.example. Every timed answer must be `allow` (the bench fails otherwise). Timed from the page with `performance.now()`, call to answer, many calls back to back inside one `page.evaluate`.",
      "- **The messaging floor** (`bench/latency/floor-extension`): an extension that does nothing but take Warrant's path — a MAIN-world `document_start` script hands a MessageChannel port to an isolated-world content script in a synchronous handshake event; `window.floor.ping()` posts on it, the content script relays with `runtime.sendMessage`, the background answers at once, and the answer comes back the same way. Loaded alone in its own browser instance (same binary, flags and preferences as Warrant's: test/support/browsers.ts `launch`).",
      `- **Rounds.** Both browsers run side by side with click.html open; after ${s.warmup} discarded warm-up calls per arm, ${s.rounds} rounds of ${s.runs} calls per arm (floor, Warrant's honest click, Warrant refusing an unknown tool), the order reversed each round, so load on the machine falls on all. p50 / p90 over all calls of an arm. The ratio is p50(Warrant) / p50(floor) with a 95% percentile-bootstrap interval (4,000 resamples) over pairs — the k-th call of each arm in the same round. Calls within a round are not independent, so the interval is likely too narrow; the per-round ratios show the spread between rounds.`,
      `- **First proposal after a browser start.** ${s.starts} times: start a browser with Warrant (Chromium: one profile started again each time, after one untimed first start, so Warrant has what it keeps between starts — the sealed copy of the managed policy; Firefox: a fresh profile each time), open click.html, time the page's first propose() and then a second one at once. Against: ${s.pages} fresh tabs of click.html opened one after another in the Warrant browser of the rounds (warm: it has answered hundreds of proposals), each timing its first two proposals. The ratio is median(first after start) / median(first on a later page), with an unpaired bootstrap interval (each sample resampled on its own). Launch (until Chromium has registered Warrant's service worker, or Firefox has installed the add-on) and page load are timed from node, to see where a start's time goes. In Chromium the bench also times, beside the first proposal, one \`chrome.storage.managed.get()\` in Warrant's service worker asked as soon as the browser is up: right after a start Chromium answers it only once its policy service is ready, and the policy's first load waits for it unless a sealed copy of its last answer verifies (src/background/managed-policy.ts).`,
      '- **Goals** (issue 13 §8): each ratio ≤ 2×. Met when the whole 95% interval is at or under 2×, not met when all of it is above, otherwise not shown either way.',
    ].join('\n'),
  );
  for (const d of derived) {
    out.push('');
    out.push(`## ${d.version}`);
    out.push('');
    out.push(
      table(
        ['arm', 'p50, ms', 'p90, ms', 'calls'],
        [
          ['messaging floor (`floor.ping()`)', f(d.floor.p50), f(d.floor.p90), String(d.floor.n)],
          ['Warrant (`warrant.propose()`, honest click)', f(d.warrant.p50), f(d.warrant.p90), String(d.warrant.n)],
          ['Warrant, refused at once (unknown tool)', f(d.refused.p50), f(d.refused.p90), String(d.refused.n)],
        ],
      ),
    );
    out.push('');
    const b = report.browsers.find((x) => x.name === d.name)!;
    out.push(
      `Warrant / floor: ${ratioCell(d.ratio)} (${d.proposeGoal}); per round: ${d.roundRatios.map((x) => `${f(x)}×`).join(', ')}. ` +
        `Warrant adds ${f(d.warrant.p50 - d.floor.p50)} ms at p50: ${f(d.refused.p50 - d.floor.p50)} ms of it already in a proposal refused before any evidence is gathered (Warrant's messaging, validation and resolution, and the write-ahead journal and audit record every proposal of this kind gets: src/background/pipeline.ts), ` +
        `${f(d.warrant.p50 - d.refused.p50)} ms in the click's evidence, judgement and execution. performance.now() steps ${f(b.timerMs.warrant, 3)} ms here (floor's page ${f(b.timerMs.floor, 3)} ms).`,
    );
    out.push('');
    out.push(
      table(
        ['first proposal', 'n', 'launch, ms', 'page load, ms', 'first propose(), ms', 'second propose(), ms', 'storage.managed.get, ms'],
        [
          [
            'after a browser start',
            String(b.cold.length),
            f(d.cold.launchMs, 0),
            f(d.cold.loadMs, 0),
            f(d.cold.firstMs),
            f(d.cold.secondMs),
            f(d.cold.managedMs, 0),
          ],
          [
            'on a later fresh page (warm browser)',
            String(b.warm.length),
            '—',
            f(d.warm.loadMs, 0),
            f(d.warm.firstMs),
            f(d.warm.secondMs),
            '—',
          ],
        ],
      ),
    );
    out.push('');
    out.push(
      `Medians. First after a start / first on a later page: ${ratioCell(d.firstRatio)} (${d.firstGoal}). ` +
        `The start's first proposal takes ${f((d.cold.firstMs ?? 0) - (d.cold.secondMs ?? 0), 0)} ms more than the call right after it; a later page's first takes ${f((d.warm.firstMs ?? 0) - (d.warm.secondMs ?? 0), 0)} ms more than its second.`,
    );
  }
  out.push('');
  return out.join('\n');
}

/** Everything measured, raw, plus what the markdown derives from it. */
export function json(report: Report) {
  return { ...report, derived: derive(report) };
}

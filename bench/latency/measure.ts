import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserName, distFor, launch, type TestBrowser, type TestPage } from '../../test/support/browsers';
import { HOSTS } from '../../test/support/server';

/**
 * The arms of the round-trip comparison: Warrant's propose() of an honest click, the do-nothing
 * floor's ping(), and (to split Warrant's time) a proposal Warrant refuses at once, before any
 * evidence is gathered: an unknown tool, resolved and rejected in the background.
 */
export type Arm = 'warrant' | 'floor' | 'refused';
export const ARMS: readonly Arm[] = ['floor', 'warrant', 'refused'];
const ANSWER: Record<Arm, string> = { floor: 'pong', warrant: 'allow', refused: 'reject' };

/** The honest benign click every timed proposal makes (click.html's "Show details" button). */
export const HONEST_CLICK = { tool: 'click', args: { target: '#details' } } as const;
const UNKNOWN_TOOL = { tool: 'no_such_tool', args: {} } as const;
export const FLOOR_EXTENSION = join(import.meta.dirname, 'floor-extension');

/** One arm's calls in one round; `position` is where in the round's order it ran (0 = first). */
export type Batch = { arm: Arm; round: number; position: number; ms: number[]; answers: string[] };

/** One fresh browser of `name`: Warrant from dist/<target>, or the floor extension instead of it. */
export function launchArm(name: BrowserName, arm: 'warrant' | 'floor', secureOrigins: string[]): Promise<TestBrowser> {
  return launch(name, { secureOrigins, ...(arm === 'floor' ? { extension: FLOOR_EXTENSION } : {}) });
}

export const secureOriginsOf = (url: (host: string, path: string) => string) => HOSTS.map((host) => url(host, '').replace(/\/$/, ''));

/**
 * `runs` round trips back to back inside the page, each timed with performance.now() from the
 * call to its answer: `window.floor.ping()`, or `window.warrant.propose()` of HONEST_CLICK or of
 * an unknown tool. Returns the times and what each answered (the floor's `pong`, Warrant's decision).
 */
export async function timeCalls(page: TestPage, arm: Arm, runs: number): Promise<{ ms: number[]; answers: string[] }> {
  return page.evaluate(
    async ({ arm, runs, call }) => {
      const w = window as unknown as {
        floor?: { ping(): Promise<{ kind: string }> };
        warrant?: { propose(c: unknown): Promise<{ decision: string }> };
      };
      const ms: number[] = [];
      const answers = new Set<string>();
      for (let i = 0; i < runs; i += 1) {
        const started = performance.now();
        const answer = arm === 'floor' ? (await w.floor!.ping()).kind : (await w.warrant!.propose(call)).decision;
        ms.push(performance.now() - started);
        answers.add(String(answer));
      }
      return { ms, answers: [...answers] };
    },
    { arm, runs, call: arm === 'refused' ? UNKNOWN_TOOL : HONEST_CLICK },
  );
}

/** Fails unless every answer is what the arm must answer: a bench of refused or failed calls measures nothing. */
export function expectAnswers(arm: Arm, answers: string[]): void {
  const wanted = ANSWER[arm];
  if (answers.length !== 1 || answers[0] !== wanted) throw new Error(`${arm}: answered ${answers.join('/')}, not only ${wanted}`);
}

/**
 * Interleaved rounds: in each, every arm (the floor in its own browser, Warrant's two in another,
 * one page of click.html each) times `runs` calls; the order reverses from round to round, so load
 * on the machine falls on all. One discarded warm-up batch per arm first.
 */
export async function interleave(
  pages: Record<'floor' | 'warrant', TestPage>,
  rounds: number,
  runs: number,
  warmup: number,
): Promise<Batch[]> {
  const pageOf = (arm: Arm) => pages[arm === 'floor' ? 'floor' : 'warrant'];
  // Warrant rejects a tab's proposals past 600 in 10 s (src/background/tab-budget.ts); the bench
  // waits to stay well under that rather than time refusals.
  const started: { at: number; calls: number }[] = [];
  const withinBudget = async (arm: Arm, calls: number) => {
    if (arm === 'floor') return;
    for (;;) {
      const recent = started.filter((b) => performance.now() - b.at < 10_500).reduce((sum, b) => sum + b.calls, 0);
      if (recent + calls <= 400) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    started.push({ at: performance.now(), calls });
  };
  for (const arm of ARMS) {
    await withinBudget(arm, warmup);
    expectAnswers(arm, (await timeCalls(pageOf(arm), arm, warmup)).answers);
  }
  const batches: Batch[] = [];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ARMS : [...ARMS].reverse();
    for (const [i, arm] of order.entries()) {
      await withinBudget(arm, runs);
      const { ms, answers } = await timeCalls(pageOf(arm), arm, runs);
      expectAnswers(arm, answers);
      batches.push({ arm, round, position: i, ms, answers });
    }
  }
  return batches;
}

/** The stages of one first proposal, in ms (node's clock for launch and load, the page's for the calls). */
export type FirstProposal = {
  /** Browser start until it is ready (Chromium: Warrant's service worker registered; Firefox: add-on installed). */
  launchMs: number | null;
  /** page.goto until the load event. */
  loadMs: number;
  /** The page's first propose(), call to answer. */
  firstMs: number;
  /** The same call again at once: what a proposal costs once whatever the first one waited for is ready. */
  secondMs: number;
  /**
   * Chromium, after a start: how long Warrant's service worker waits for `storage.managed.get`
   * (the policy's managed keys: its first load awaits them, then caches), asked as soon as the
   * browser is up, beside the page's first proposal. Null elsewhere.
   */
  managedMs: number | null;
};

/** Opens click.html in a fresh tab and times its first two proposals from the page. */
export async function firstProposal(browser: TestBrowser, url: string, launchMs: number | null): Promise<FirstProposal> {
  // Not awaited before the proposal: both wait on the same thing, and the proposal must not find it ready.
  const managed = launchMs !== null && browser.evaluateInWorker ? managedReadMs(browser.evaluateInWorker) : Promise.resolve(null);
  const page = await browser.newPage();
  try {
    const started = performance.now();
    await page.goto(url);
    const loadMs = performance.now() - started;
    const { ms, answers } = await timeCalls(page, 'warrant', 2);
    expectAnswers('warrant', answers);
    return { launchMs, loadMs, firstMs: ms[0]!, secondMs: ms[1]!, managedMs: await managed };
  } finally {
    await page.close();
  }
}

/** Times one `chrome.storage.managed.get()` in Warrant's service worker. */
function managedReadMs(evaluate: NonNullable<TestBrowser['evaluateInWorker']>): Promise<number | null> {
  return evaluate(() => {
    const api = (globalThis as unknown as { chrome: { storage: { managed: { get(keys: null): Promise<unknown> } } } }).chrome;
    const started = performance.now();
    return api.storage.managed.get(null).then(
      () => performance.now() - started,
      () => performance.now() - started,
    );
  }).catch(() => null);
}

/**
 * `starts` browser starts with Warrant, each timing the first proposal of its first page. Chromium:
 * one profile started again each time, as a user's browser is — after one start first, not
 * timed, that leaves what Warrant keeps between starts (the sealed copy of the managed policy,
 * src/background/managed-cache.ts). Firefox: a fresh profile each time (the harness keeps none).
 */
export async function coldStarts(name: BrowserName, url: string, secureOrigins: string[], starts: number): Promise<FirstProposal[]> {
  const kept =
    name === 'chromium' ? { profile: mkdtempSync(join(tmpdir(), 'warrant-bench-profile-')), extension: distFor('chrome') } : undefined;
  const out: FirstProposal[] = [];
  try {
    for (let i = kept ? -1 : 0; i < starts; i += 1) {
      const started = performance.now();
      const browser = await launch(name, { secureOrigins, ...(kept ? { kept } : {}) });
      try {
        const first = await firstProposal(browser, `${url}?cold=${i}`, performance.now() - started);
        if (i >= 0) out.push(first);
        // Give the first start's worker time to seal what it keeps before the browser closes.
        else await new Promise((resolve) => setTimeout(resolve, 2_000));
      } finally {
        await browser.close();
      }
    }
  } finally {
    for (const dir of kept ? [kept.profile, kept.extension] : []) rmSync(dir, { recursive: true, force: true });
  }
  return out;
}

/** `pages` fresh tabs, one after another, in a browser that has already answered proposals. */
export async function warmPages(browser: TestBrowser, url: string, pages: number): Promise<FirstProposal[]> {
  const out: FirstProposal[] = [];
  for (let i = 0; i < pages; i += 1) out.push(await firstProposal(browser, `${url}?warm=${i}`, null));
  return out;
}

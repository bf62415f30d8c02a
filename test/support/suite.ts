import type { RunnerTask, RunnerTestFile, RunnerTestSuite } from 'vitest';
import { afterAll, beforeAll, beforeEach, TestRunner } from 'vitest';
import { type BrowserName, type LaunchOptions, launch, type TestBrowser, type TestPage } from './browsers';
import { probeBuild } from './ocr-probe/build';
import { HOSTS, startFixtureServer } from './server';
import { filesAfter, type Launched, offerSpare, releaseSpare, takeSpare } from './spare-browser';
import { waitFor, waitOrTimeout } from './wait';

export type Verdict = {
  id: string;
  decision: 'allow' | 'ask' | 'block' | 'reject';
  executed: boolean;
  reasons: { code: string; predicate?: string; message: string }[];
};

type Block = {
  suite: RunnerTestSuite | undefined;
  start: () => Promise<void>;
  started: Promise<void> | null;
  /** The block before this one closing its browser, which this block's beforeAll awaits. */
  previousClosing: Promise<void> | null;
  /** Whether it launches a plain Chromium, which may be the spare the file before left (spare-browser.ts). */
  plain: boolean;
};

/** The describe blocks of each file that use a browser, in the order they run. */
const blocks = new WeakMap<RunnerTestFile, Block[]>();

const runs = (task: RunnerTask): boolean => (task.type === 'suite' ? task.tasks.some(runs) : task.mode === 'run' || task.mode === 'queued');

function begin(block: Block): Promise<void> {
  if (block.started === null) {
    block.started = block.start();
    // Awaited by the block's own beforeAll; until then a failed launch is not an unhandled rejection.
    block.started.catch(() => undefined);
  }
  return block.started;
}

/**
 * A block's browser is launched while the block before it in the same file runs its tests: about
 * 2.8 s for Firefox (2.4 s of it the browser starting and answering WebDriver BiDi) and 1.3 s for
 * Chromium, otherwise paid between the blocks with the tests waiting, about 80 times a full run.
 * At most two browsers are up at once (the running block's and the next one's), and only for a
 * block that has tests to run (a `-t` filter leaves the others unlaunched, as vitest leaves their
 * hooks unrun). The block's own beforeAll awaits it, so its tests still start on a launched browser.
 * Likewise a block followed by another closes its browser (0.3-0.5 s) while the next one's tests
 * start, and the next block's beforeAll awaits that close: its failure fails that block, and the
 * file's last block closes before the file ends, so no browser outlives its file.
 */
function startsAhead(
  start: () => Promise<void>,
  stop: () => Promise<void>,
  atFileEnd: () => void,
  plain: boolean,
): { before: () => Promise<void>; after: () => Promise<void>; each: (test: RunnerTask) => void } {
  const collecting = TestRunner.getCurrentSuite();
  const list = blocks.get(collecting.file) ?? [];
  blocks.set(collecting.file, list);
  const block: Block = { suite: collecting.suite, start, started: null, previousClosing: null, plain };
  list.push(block);
  const next = () => list[list.indexOf(block) + 1];
  let offered = false;
  const offer = () => {
    if (offered || next() !== undefined) return;
    offered = true;
    atFileEnd();
  };
  return {
    /** The file's last block offers the next file a browser as its last test starts (spare-browser.ts). */
    each(test) {
      if (next() !== undefined) return;
      const tests = (task: RunnerTask): RunnerTask[] => (task.type === 'suite' ? task.tasks.flatMap(tests) : runs(task) ? [task] : []);
      if (tests(block.suite ?? collecting.file).at(-1) === test) offer();
    },
    async before() {
      await begin(block);
      const following = next();
      if (following?.suite !== undefined && runs(following.suite)) void begin(following);
      if (block.previousClosing !== null) await block.previousClosing;
    },
    async after() {
      const following = next();
      offer();
      if (following === undefined || following.started === null) return stop();
      following.previousClosing = stop();
      following.previousClosing.catch(() => undefined);
    },
  };
}

/**
 * Closes the spare the file before left, unless this file's first block to run will take it: a
 * file that launches its own browsers (or none) does not run beside an idle one (the browser
 * project's setup file calls this before each file's tests).
 */
export function settleSpare(file: RunnerTestFile): void {
  const first = (blocks.get(file) ?? []).find((block) => block.suite === undefined || runs(block.suite));
  if (first === undefined || !first.plain) releaseSpare();
}

export type BlockOptions = Omit<LaunchOptions, 'secureOrigins'> & {
  /** Tabs are closed after each test, not parked for the next (below). */
  freshTabs?: boolean;
  /**
   * The test-only probe build (test/support/ocr-probe/) instead of dist/: the real extension plus a
   * page that can count the captures its background made (captures.ts).
   */
  probe?: boolean;
};

/**
 * One browser and one fixture server for a describe block, torn down after it.
 *
 * `open()` hands out a tab the block's earlier tests closed, when there is one: their `close()`
 * parks the tab on about:blank instead of closing it, and the next `open()` activates it (as
 * opening a tab does) and loads the page there. Leaving the page denies its asks and drops its
 * tools as closing the tab does (onCommitted, onUpdated); opening, loading and closing a tab cost
 * about 0.4 s in either browser against about 0.15 s for loading a page into a parked one
 * (measured beside each other in one run, click.html), and almost every test opens one. A block
 * whose tests depend on a tab really closing, on a tab's own history with Warrant (its per-tab
 * budget), or on where a click's navigation leads (a navigation watch outlives the harness's next
 * load by about a second: navigation-guard.ts) asks for `freshTabs`.
 */
export function useBrowser(name: BrowserName, options: BlockOptions = {}) {
  const { freshTabs = false, ...launchOptions } = options;
  const state = {} as Launched;
  const parked: TestPage[] = [];
  const file = TestRunner.getCurrentSuite().file.filepath;
  const own = () => launchBlock(name, launchOptions);
  const plain = name === 'chromium' && Object.keys(launchOptions).length === 0;
  const hooks = startsAhead(
    async () => {
      const launched = await (takeSpare(plain, own) ?? own());
      state.server = launched.server;
      state.browser = launched.browser;
    },
    async () => {
      parked.length = 0;
      await state.browser?.close();
      await state.server?.close();
    },
    () => {
      if (filesAfter(file)) offerSpare(() => launchBlock('chromium', {}));
    },
    plain,
  );
  beforeAll(hooks.before);
  afterAll(hooks.after);
  beforeEach((context) => hooks.each(context.task));
  const reusable = (page: TestPage): TestPage => ({
    ...page,
    async close() {
      try {
        await page.goto('about:blank');
      } catch {
        // It could not be left (it crashed, or its navigation failed): closed, not parked.
        await page.close().catch(() => undefined);
        return;
      }
      parked.push(page);
    },
  });
  return {
    get browser() {
      return state.browser;
    },
    get server() {
      return state.server;
    },
    async open(host: string, path: string): Promise<TestPage> {
      const spare = freshTabs ? undefined : parked.pop();
      const page = spare ?? (await state.browser.newPage());
      if (spare) await page.front();
      await page.goto(state.server.url(host, path));
      return freshTabs ? page : reusable(page);
    },
  };
}

/** A block's fixture server, and its browser treating the server's hosts as secure origins. */
async function launchBlock(name: BrowserName, options: Omit<BlockOptions, 'freshTabs'>): Promise<Launched> {
  const { probe = false, ...launchOptions } = options;
  const extension = probe ? await probeBuild(name) : launchOptions.extension;
  const server = await startFixtureServer();
  try {
    const browser = await launch(name, {
      ...launchOptions,
      ...(extension === undefined ? {} : { extension }),
      secureOrigins: HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')),
    });
    return { server, browser };
  } catch (error) {
    await server.close();
    throw error;
  }
}

/** Proposes from the page's main world, as an in-page assistant would. */
export function propose(page: TestPage, call: unknown): Promise<Verdict> {
  return page.evaluate((c) => (window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } }).warrant.propose(c), call);
}

/** What the page's own handlers recorded. */
export function clicks(page: TestPage): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { clicks: string[] }).clicks]);
}

export const codes = (verdict: Verdict) => verdict.reasons.map((r) => r.code);

export type AskListing = { id: string; text: string; hasCrop: boolean };

/**
 * Starts a proposal that will wait for the user, answers it from the popup as the user would
 * (the approve and deny buttons), and returns what the page's promise resolved with.
 */
export async function proposeAndAnswer(
  env: { browser: TestBrowser },
  page: TestPage,
  call: unknown,
  answer: { approve: boolean; rememberMinutes?: number; beforeAnswer?: () => Promise<void>; navigates?: boolean },
): Promise<{ verdict: Verdict; listed: AskListing }> {
  await page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
    w.pendingVerdict = w.warrant.propose(c);
  }, call);
  const listed = await answerPendingAsk(env, answer);
  // An approved navigation or submission unloads the page, and its promise with it.
  if (answer.navigates) return { verdict: { id: '', decision: 'ask', executed: true, reasons: [] }, listed };
  const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
  return { verdict, listed };
}

/**
 * Answers the newest pending ask in the popup as the user would (the approve and deny buttons),
 * and returns what the popup listed for it (an empty id when none appeared in time).
 */
export async function answerPendingAsk(
  env: { browser: TestBrowser },
  answer: { approve: boolean; rememberMinutes?: number; beforeAnswer?: () => Promise<void> },
): Promise<AskListing> {
  const popup = await env.browser.openExtensionPage('src/popup/index.html');
  try {
    return await answerIn(popup, answer);
  } finally {
    await popup.close();
  }
}

/** Answers the newest ask listed in an open popup, as answerPendingAsk does; the popup stays open. */
async function answerIn(
  popup: TestPage,
  answer: { approve: boolean; rememberMinutes?: number; beforeAnswer?: () => Promise<void> },
): Promise<AskListing> {
  const listedFirst =
    (await waitOrTimeout(() => popup.evaluate(() => document.querySelector('#pending article.ask') !== null), { timeout: 15_000 })) ===
    true;
  if (listedFirst && answer.beforeAnswer) await answer.beforeAnswer();
  const listed = await popup.evaluate(
    ({ approve, rememberMinutes }) => {
      // The newest ask is this call's (asks are listed oldest first).
      const items = document.querySelectorAll<HTMLElement>('#pending article.ask');
      const item = items[items.length - 1];
      if (!item) return { id: '', text: '', hasCrop: false };
      const seen = {
        id: item.dataset.askId ?? '',
        text: item.textContent ?? '',
        hasCrop: item.querySelector('img[src^="data:image/png"]') !== null,
      };
      if (rememberMinutes !== undefined) {
        const box = item.querySelector<HTMLInputElement>('input[type=checkbox]')!;
        box.checked = true;
        item.querySelector<HTMLSelectElement>('select')!.value = String(rememberMinutes);
      }
      const button = item.querySelector<HTMLButtonElement>(approve ? 'button.approve' : 'button.deny')!;
      button.click();
      return seen;
    },
    { approve: answer.approve, rememberMinutes: answer.rememberMinutes },
  );
  // As a person would, keep the popup open until the answer has landed (the ask leaves the list):
  // closing it at once can drop the message in flight (seen in Firefox), and the next identical
  // proposal would then find the first still waiting.
  if (listed.id)
    await waitOrTimeout(
      () => popup.evaluate((id) => document.querySelector(`#pending article.ask[data-ask-id="${id}"]`) === null, listed.id),
      { timeout: 5_000, every: 50 },
    );
  return listed;
}

/**
 * A popup left open (in a background tab, so captures still see the page) for proposeOrDeny to
 * watch for asks: one per browser, opened at its first ask-or-verdict wait. It lists a new ask as
 * it is raised (storage.onChanged), so a call that is asked is seen at once, instead of after a
 * blind two-second wait for a verdict and a popup opened each time (paint.test.ts: 11 asks in
 * Chromium, about 3 s each).
 */
const watchers = new WeakMap<TestBrowser, Promise<TestPage>>();
function askWatcher(browser: TestBrowser): Promise<TestPage> {
  let watcher = watchers.get(browser);
  if (!watcher) {
    watcher = browser.openExtensionPage('src/popup/index.html');
    watchers.set(browser, watcher);
    // A failed open is tried again at the next call.
    watcher.catch(() => watchers.delete(browser));
  }
  return watcher;
}

/**
 * Starts a proposal and waits for whichever comes first: its verdict, or an ask for it, seen in a
 * popup left open (askWatcher) and denied there, as a cautious user would.
 */
export async function proposeOrDeny(
  env: { browser: TestBrowser },
  page: TestPage,
  call: unknown,
): Promise<{ verdict: Verdict; asked: boolean }> {
  type Pending = { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict: Promise<Verdict>; settled: Verdict | null };
  const popup = await askWatcher(env.browser);
  await page.evaluate((c) => {
    const w = window as unknown as Pending;
    w.settled = null;
    w.pendingVerdict = w.warrant.propose(c);
    void w.pendingVerdict.then((v) => {
      w.settled = v;
    });
  }, call);
  const settled = () => page.evaluate(() => (window as unknown as Pending).settled);
  const first = await waitFor(
    'a verdict, or an ask in the popup',
    async () => {
      const verdict = await settled();
      if (verdict) return { verdict };
      return (await popup.evaluate(() => document.querySelector('#pending article.ask') !== null)) && { verdict: null };
    },
    // A pixel-checked verdict with a cold OCR start takes up to its 8 s timeout, and the re-check after.
    { every: 25, timeout: 15_000 },
  );
  if (first.verdict) return { verdict: first.verdict, asked: false };
  await answerIn(popup, { approve: false });
  return { verdict: await page.evaluate(() => (window as unknown as Pending).pendingVerdict), asked: true };
}

import { afterAll, beforeAll } from 'vitest';
import { type BrowserName, type LaunchOptions, launch, type TestBrowser, type TestPage } from './browsers';
import { type FixtureServer, HOSTS, startFixtureServer } from './server';

export type Verdict = {
  id: string;
  decision: 'allow' | 'ask' | 'block' | 'reject';
  executed: boolean;
  reasons: { code: string; predicate?: string; message: string }[];
};

/** One browser and one fixture server for a describe block, torn down after it. */
export function useBrowser(name: BrowserName, options: Omit<LaunchOptions, 'secureOrigins'> = {}) {
  const state = {} as { browser: TestBrowser; server: FixtureServer };
  beforeAll(async () => {
    state.server = await startFixtureServer();
    state.browser = await launch(name, { ...options, secureOrigins: HOSTS.map((host) => state.server.url(host, '').replace(/\/$/, '')) });
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  return {
    get browser() {
      return state.browser;
    },
    get server() {
      return state.server;
    },
    async open(host: string, path: string): Promise<TestPage> {
      const page = await state.browser.newPage();
      await page.goto(state.server.url(host, path));
      return page;
    },
  };
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
  const listedFirst = await popup.evaluate(async () => {
    // A deadline, not a count: timers in background tabs are throttled.
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if (document.querySelector('#pending article.ask')) return true;
      await new Promise((r) => setTimeout(r, 100));
    }
    return false;
  });
  if (listedFirst && answer.beforeAnswer) await answer.beforeAnswer();
  const listed = await popup.evaluate(
    async ({ approve, rememberMinutes }) => {
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
      // As a person would, keep the popup open until the answer has landed (the ask leaves the
      // list): closing it at once can drop the message in flight (seen in Firefox), and the next
      // identical proposal would then find the first still waiting.
      const deadline = Date.now() + 5_000;
      while (document.querySelector(`#pending article.ask[data-ask-id="${seen.id}"]`) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      return seen;
    },
    { approve: answer.approve, rememberMinutes: answer.rememberMinutes },
  );
  await popup.close();
  return listed;
}

import { afterAll, beforeAll } from 'vitest';
import { type BrowserName, launch, type TestBrowser, type TestPage } from './browsers';
import { type FixtureServer, HOSTS, startFixtureServer } from './server';

export type Verdict = {
  id: string;
  decision: 'allow' | 'ask' | 'block' | 'reject';
  executed: boolean;
  reasons: { code: string; predicate?: string; message: string }[];
};

/** One browser and one fixture server for a describe block, torn down after it. */
export function useBrowser(name: BrowserName) {
  const state = {} as { browser: TestBrowser; server: FixtureServer };
  beforeAll(async () => {
    state.server = await startFixtureServer();
    state.browser = await launch(name, { secureOrigins: HOSTS.map((host) => state.server.url(host, '').replace(/\/$/, '')) });
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

import { describe, expect, it } from 'vitest';
import type { TestBrowser } from '../support/browsers';
import { answerPendingAsk, clicks, proposeAndAnswer, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * Issue 14 §5, storage.session nearly full in a real browser (Chromium, whose quota is 10 MB;
 * Firefox's storage.session has no getBytesInUse to fill it to a known margin). Filled from one of
 * Warrant's own pages, which share the extension's storage.session, leaving room for an ask without
 * its picture but not with it: the ask is still listed (without the picture), denying it runs
 * nothing, and once the space is back the next ask has its picture again. The page is
 * test/fixtures/quota.html: crops are deflated, and a plain button's takes too few bytes to leave a
 * margin that fits the ask without its picture but not with it.
 */

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'quota-test' };

type Session = {
  getBytesInUse(keys: string | null): Promise<number>;
  set(items: object): Promise<void>;
  get(key: string): Promise<Record<string, unknown>>;
  remove(key: string): Promise<void>;
  QUOTA_BYTES: number;
};

/** Runs `fn` with storage.session in a Warrant page. */
async function withSession<R, A>(browser: TestBrowser, fn: (arg: A) => Promise<R>, arg: A): Promise<R> {
  const page = await browser.openExtensionPage('src/popup/index.html');
  try {
    return await page.evaluate(fn, arg);
  } finally {
    await page.close();
  }
}

describe('storage.session nearly full in chromium', () => {
  const env = useBrowser('chromium');

  it('lists the ask without its picture, runs nothing unapproved, and has pictures again once space is back', async () => {
    const page = await env.open('shop.example', '/quota.html');
    // A first ask: how much room it takes in storage.session, with its picture and without.
    await page.evaluate((c) => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<unknown> }; pendingVerdict?: Promise<unknown> };
      w.pendingVerdict = w.warrant.propose(c);
    }, PAY);
    const extensionPage = await env.browser.openExtensionPage('src/popup/index.html');
    const stored = () =>
      extensionPage.evaluate(async () => {
        const session = (globalThis as unknown as { chrome: { storage: { session: Session } } }).chrome.storage.session;
        return (((await session.get('asks.v1'))['asks.v1'] ?? []) as unknown[]).length > 0;
      });
    await waitFor('the first ask in storage.session', stored, { timeout: 20_000 });
    const sizes = await extensionPage.evaluate(async () => {
      const session = (globalThis as unknown as { chrome: { storage: { session: Session } } }).chrome.storage.session;
      const ask = ((await session.get('asks.v1'))['asks.v1'] as { crop: string | null }[])[0]!;
      await session.set({ probe: ask });
      const withCrop = await session.getBytesInUse('probe');
      await session.set({ probe: { ...ask, crop: null } });
      const without = await session.getBytesInUse('probe');
      await session.remove('probe');
      return { withCrop, without };
    });
    await extensionPage.close();
    const first = await answerPendingAsk(env, { approve: false });
    expect(first.hasCrop).toBe(true);
    // Room for an ask without its picture and the decision's in-flight entries, not for the picture.
    const room = sizes.without + 2_500;
    expect(sizes.withCrop).toBeGreaterThan(room + 500);

    const margin = await withSession(
      env.browser,
      async (room) => {
        const session = (globalThis as unknown as { chrome: { storage: { session: Session } } }).chrome.storage.session;
        const used = await session.getBytesInUse(null);
        await session.set({ filler: 'x'.repeat(session.QUOTA_BYTES - used - room) });
        return { room, free: session.QUOTA_BYTES - (await session.getBytesInUse(null)) };
      },
      room,
    );
    expect(margin.free).toBeLessThan(margin.room + 100);

    const full = await proposeAndAnswer(env, page, PAY, { approve: false });
    expect(full.listed.id).not.toBe('');
    expect(full.listed.hasCrop).toBe(false);
    expect(full.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(await clicks(page)).toEqual([]);

    await withSession(
      env.browser,
      async () => (globalThis as unknown as { chrome: { storage: { session: Session } } }).chrome.storage.session.remove('filler'),
      undefined,
    );
    const after = await proposeAndAnswer(env, page, PAY, { approve: false });
    expect(after.listed.hasCrop).toBe(true);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestBrowser, type TestPage } from '../support/browsers';
import { answerPendingAsk, useBrowser, type Verdict } from '../support/suite';
import type { ToolbarState } from '../support/toolbar';
import { waitFor } from '../support/wait';

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'toolbar-test' };

const IDLE: ToolbarState = { icon: 'icons/idle-16.png', title: 'Warrant', badge: '' };
const PENDING: ToolbarState = { icon: 'icons/pending-16.png', title: 'Warrant: actions waiting for your answer: 1', badge: '1' };

/** Starts a proposal that will wait for the user (a click that pays asks on a site of default trust). */
const start = (page: TestPage) =>
  page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
    w.pendingVerdict = w.warrant.propose(c);
  }, PAY);

/** The toolbar once it shows `wanted` (a first decision that reads pixels starts OCR, seconds on a loaded machine). */
async function toolbarBecomes(browser: TestBrowser, wanted: ToolbarState): Promise<ToolbarState> {
  return waitFor(
    `the toolbar to show ${JSON.stringify(wanted)}`,
    async () => {
      const seen = await browser.toolbar();
      return JSON.stringify(seen) === JSON.stringify(wanted) && seen;
    },
    { timeout: 30_000 },
  );
}

describe.each(BROWSERS)('the toolbar button in %s', (name) => {
  const env = useBrowser(name, { freshTabs: true });

  it('turns to pending, with a title that says so, while an action waits, and back to idle when it is answered', async () => {
    // The first read starts watching (Chromium) and pins the button (Firefox); nothing waits yet.
    const first = await env.browser.toolbar();
    expect({ title: first.title, badge: first.badge }).toEqual({ title: IDLE.title, badge: IDLE.badge });
    const page = await env.open('shop.example', '/click.html');
    await start(page);
    expect(await toolbarBecomes(env.browser, PENDING)).toEqual(PENDING);
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.id).not.toBe('');
    expect(await toolbarBecomes(env.browser, IDLE)).toEqual(IDLE);
    expect(await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict)).toMatchObject({
      decision: 'ask',
      executed: false,
    });
    await page.close();
  });

  it('goes back to idle when the ask ends without an answer (its tab closed)', async () => {
    const page = await env.open('shop.example', '/click.html');
    await start(page);
    expect(await toolbarBecomes(env.browser, PENDING)).toEqual(PENDING);
    await page.close();
    expect(await toolbarBecomes(env.browser, IDLE)).toEqual(IDLE);
  });
});

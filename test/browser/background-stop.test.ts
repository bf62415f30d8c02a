import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestBrowser, type TestPage } from '../support/browsers';
import { clicks, propose, useBrowser, type Verdict } from '../support/suite';
import { sleep, waitFor, waitOrTimeout } from '../support/wait';

/**
 * Issue 14 §4 in both browsers: the background stopped — Chromium's service worker closed as when
 * idle, Firefox's event page unloaded as about:debugging's "Terminate background script" does — in
 * the two stages a page itself can hold open: the ask (the user has not answered) and the execute
 * command (the page's handler has not returned, so the frame has not answered). Every stage, held
 * from inside the worker, is in worker-stop.test.ts (Chromium only: there is no way to run code in
 * Firefox's event page from the test).
 */

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'stop-test' };
const SLOW = { tool: 'click', args: { target: '#slow' }, claims: { label: 'Show more' }, agent: 'stop-test' };

const start = (page: TestPage, call: unknown) =>
  page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
    w.pendingVerdict = w.warrant.propose(c);
  }, call);

const pending = (page: TestPage) => page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);

type Listed = {
  decision: string;
  reasons: { code: string; message: string }[];
  execution: { executed: boolean };
  proposal: { target: string };
};

/** The popup's pending asks, and the audit records whose reasons contain `words`, after `count` of them appear. */
async function fromPopup(browser: TestBrowser, words: string, count: number, asks = 0): Promise<{ asks: number; records: Listed[] }> {
  const popup = await browser.openExtensionPage('src/popup/index.html');
  const read = () =>
    popup.evaluate(async (words) => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      const all = (await api.runtime.sendMessage({ kind: 'audit:list', limit: 100 })) as Listed[];
      const records = all.filter((r) => r.reasons.some((x) => x.message.includes(words)));
      return { asks: document.querySelectorAll('#pending article.ask').length, records };
    }, words);
  // Past 15 s, what is seen then is returned: the caller's assertions say what was wrong.
  const seen =
    (await waitOrTimeout(
      async () => {
        const now = await read();
        return now.records.length >= count && now.asks === asks && now;
      },
      { timeout: 15_000, every: 200 },
    )) ?? (await read());
  await popup.close();
  return seen;
}

describe.each(BROWSERS)('the background stopped mid-decision in %s', (browserName) => {
  const env = useBrowser(browserName);
  const stop = () => (env.browser.stopServiceWorker ?? env.browser.stopEventPage)!();

  it('during an ask: the call ends not executed, the ask stays listed, answering it runs nothing, one record', async () => {
    const page = await env.open('shop.example', '/click.html');
    await start(page, PAY);
    expect((await fromPopup(env.browser, '', 0, 1)).asks).toBe(1);
    await stop();
    const verdict = await pending(page);
    expect(verdict.executed).toBe(false);
    expect(await clicks(page)).toEqual([]);

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const approve = await waitOrTimeout(
      () => popup.evaluate(() => document.querySelector('#pending article.ask button.approve') !== null),
      { timeout: 10_000 },
    );
    if (approve) await popup.evaluate(() => document.querySelector<HTMLButtonElement>('#pending article.ask button.approve')!.click());
    await waitFor(
      'the answered ask to leave the list',
      () => popup.evaluate(() => document.querySelector('#pending article.ask') === null),
      {
        timeout: 10_000,
      },
    );
    const answered = await popup.evaluate(() => document.querySelectorAll('#pending article.ask').length);
    await popup.close();
    expect(answered).toBe(0);
    await sleep(1_000);
    expect(await clicks(page)).toEqual([]);
    const { records } = await fromPopup(env.browser, 'stopped while the user was being asked', 1);
    expect(records.filter((r) => r.proposal.target === '#pay')).toHaveLength(1);
    expect(records[0]).toMatchObject({ decision: 'ask', execution: { executed: false } });
    await page.close();
  }, 60_000);

  it('while the frame performs the command: the call says executed, and the record says the frame did it, once', async () => {
    const page = await env.open('evil.example', '/click.html');
    // A handler that announces itself (a synchronous request the server logs), then does not
    // return for 6 s: the frame cannot answer the execute command meanwhile.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'slow';
      button.textContent = 'Show more';
      button.addEventListener('click', () => {
        (window as unknown as { clicks: string[] }).clicks.push('slow');
        const announce = new XMLHttpRequest();
        announce.open('GET', '/held-in-handler', false);
        announce.send();
        // Busy, not polling: the handler itself must not return for 6 s.
        const began = performance.now();
        while (performance.now() - began < 6_000) {
          // busy
        }
      });
      document.body.append(button);
    });
    // This attempt's announcement: a retry's page must not find the one before.
    const announced = env.server.requests.filter((r) => r.path === '/held-in-handler').length;
    await start(page, SLOW);
    await waitFor(
      'the held handler to announce itself',
      () => env.server.requests.filter((r) => r.path === '/held-in-handler').length > announced,
      { timeout: 15_000, every: 50 },
    );
    await stop();

    const verdict = await pending(page);
    expect(verdict).toMatchObject({ executed: true });
    expect(verdict.reasons.map((r) => r.code)).toEqual(['internal_error']);
    expect(await clicks(page)).toEqual(['slow']);
    const { records } = await fromPopup(env.browser, 'stopped after sending the execute command', 1);
    const mine = records.filter((r) => r.proposal.target === '#slow');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ decision: 'allow', execution: { executed: true } });
    expect(mine[0]!.reasons[0]!.message).toContain('the frame performed the action');
    // Nothing runs twice, and the next proposal is decided as usual.
    const next = await propose(page, {
      tool: 'click',
      args: { target: '#details' },
      claims: { label: 'Show details' },
      agent: 'stop-test',
    });
    expect(next).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['slow', 'details']);
    await page.close();
  }, 60_000);

  // No stop: a handler held longer than the background waits for the frame's answer (10 s), as a
  // confirm() the user takes long to answer would. The click ran: the call must not say otherwise.
  it("a handler that holds the frame past the background's wait: the call says executed once it returns", async () => {
    const page = await env.open('evil.example', '/click.html');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'long';
      button.textContent = 'Show more';
      button.addEventListener('click', () => {
        const wait = new XMLHttpRequest();
        wait.open('GET', '/held/12500', false);
        wait.send();
        (window as unknown as { clicks: string[] }).clicks.push('long');
      });
      document.body.append(button);
    });
    await start(page, { ...SLOW, args: { target: '#long' } });
    const verdict = await pending(page);
    expect(await clicks(page)).toEqual(['long']);
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    await sleep(500);
    expect(await clicks(page)).toEqual(['long']);
    await page.close();
  }, 60_000);

  // A handler that waits on the network synchronously: Firefox goes on delivering other events to
  // the frame meanwhile (a nested event loop), the lost port's among them. The call must still say
  // executed once the handler returns, never "not executed" while the action is running.
  it('while the page waits synchronously inside the handler: the call says executed when the handler is done', async () => {
    const page = await env.open('evil.example', '/click.html');
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.id = 'waiting';
      button.textContent = 'Show more';
      button.addEventListener('click', () => {
        const wait = new XMLHttpRequest();
        wait.open('GET', '/held/4000', false);
        wait.send();
        (window as unknown as { clicks: string[] }).clicks.push('waiting');
      });
      document.body.append(button);
    });
    const asked = env.server.requests.filter((r) => r.path === '/held/4000').length;
    await start(page, { ...SLOW, args: { target: '#waiting' } });
    await waitFor('the handler to wait on the network', () => env.server.requests.filter((r) => r.path === '/held/4000').length > asked, {
      timeout: 15_000,
      every: 50,
    });
    await stop();

    const verdict = await pending(page);
    await waitFor('the handler to return', async () => (await clicks(page)).length > 0, { timeout: 15_000, every: 100 });
    expect(await clicks(page)).toEqual(['waiting']);
    expect(verdict).toMatchObject({ executed: true });
    expect(verdict.reasons.map((r) => r.code)).toEqual(['internal_error']);
    await page.close();
  }, 60_000);
});

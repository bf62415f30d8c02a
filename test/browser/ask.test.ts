import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { openOptions } from '../support/options-page';
import { clicks, codes, proposeAndAnswer, useBrowser, type Verdict } from '../support/suite';
import { sleep, waitFor } from '../support/wait';

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'ask-test' };

/** Starts a proposal that will wait for the user, without waiting for it here. */
const start = (page: TestPage, call: unknown) =>
  page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
    w.pendingVerdict = w.warrant.propose(c);
  }, call);

/** The pending asks and the badge, as the popup sees them, once `expected` asks are listed. */
async function pendingInPopup(page: TestPage, expected: number): Promise<{ count: number; badge: string }> {
  await waitFor(`${expected} pending ask(s) in the popup`, () =>
    page.evaluate((want) => document.querySelectorAll('#pending article.ask').length === want, expected),
  );
  return page.evaluate(async () => {
    const action = (globalThis as unknown as { chrome?: { action: { getBadgeText(d: object): Promise<string> } } }).chrome?.action;
    const badge = action ? await action.getBadgeText({}) : '';
    return { count: document.querySelectorAll('#pending article.ask').length, badge };
  });
}

describe.each(BROWSERS)('asking the user in %s', (browserName) => {
  const env = useBrowser(browserName, { freshTabs: true });

  it('remembers an approval for this exact transaction only', async () => {
    const page = await env.open('bank.example', '/click.html');
    const first = await proposeAndAnswer(env, page, PAY, { approve: true, rememberMinutes: 5 });
    expect(first.verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    // The same action again: no prompt, performed.
    const again = await page.evaluate(
      (c) => (window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } }).warrant.propose(c),
      PAY,
    );
    expect(again).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect(await clicks(page)).toEqual(['pay', 'pay']);
    // Anything else is asked about again: here the same click from another site.
    const other = await env.open('evil.example', '/click.html');
    const elsewhere = await proposeAndAnswer(env, other, PAY, { approve: false });
    expect(elsewhere.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(await clicks(other)).toEqual([]);
    await other.close();
    await page.close();
  });

  // The next tests use another site: the first one left a standing approval on bank.example.
  it('lists a pending ask with a badge count, and denies it when the tab closes', async () => {
    const page = await env.open('shop.example', '/click.html');
    await start(page, PAY);
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const pending = await pendingInPopup(popup, 1);
    expect(pending.count).toBe(1);
    if (browserName === 'chromium') expect(pending.badge).toBe('1');
    await page.close();
    expect((await pendingInPopup(popup, 0)).count).toBe(0);
    // The popup lists the audit once; a fresh one shows the record written when the tab closed.
    await popup.close();
    const audit = await env.browser.openExtensionPage('src/popup/index.html');
    const record = await waitFor('the record of the ask ended by the closed tab', () =>
      audit.evaluate(() => {
        const text = document.querySelector<HTMLLIElement>('#records > li')?.textContent;
        return text?.includes('not_approved') && text;
      }),
    );
    await audit.close();
    expect(record).toContain('The tab closed before the user answered.');
    expect(record).toContain('not executed');
  });

  it('denies an ask the user does not answer within the policy timeout', async () => {
    const options = await openOptions(env.browser);
    const policy = (await options.editor()) as Record<string, unknown>;
    await options.setEditor(JSON.stringify({ ...policy, askTimeoutSeconds: 5 }));
    await options.click('save', /^Saved/);
    await options.close();
    const page = await env.open('shop.example', '/click.html');
    await start(page, PAY);
    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(verdict.reasons.at(-1)?.message).toBe('The user did not answer in time.');
    expect(codes(verdict)).toContain('not_approved');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  }, 30_000);
});

describe('an ask across a service worker restart in chromium', () => {
  const env = useBrowser('chromium');

  it('keeps the ask listed after the worker stops, and executes nothing without an answer', async () => {
    const page = await env.open('evil.example', '/click.html');
    await start(page, PAY);
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    expect((await pendingInPopup(popup, 1)).count).toBe(1);
    await popup.close();

    await env.browser.stopServiceWorker!();
    // The page's call ends without an answer from the stopped worker: not executed, fail closed.
    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(verdict.executed).toBe(false);
    expect(await clicks(page)).toEqual([]);

    // Opening the popup starts the worker again with fresh globals: the ask is still listed.
    const after = await env.browser.openExtensionPage('src/popup/index.html');
    expect((await pendingInPopup(after, 1)).count).toBe(1);
    // Approving it now performs nothing: nobody is waiting for it any more.
    await after.evaluate(() => {
      const approve = document.querySelector('#pending article.ask button.approve');
      (approve as HTMLButtonElement).click();
    });
    expect((await pendingInPopup(after, 0)).count).toBe(0);
    await sleep(500);
    expect(await clicks(page)).toEqual([]);
    // The restarted worker wrote the orphaned ask's record, once: not approved, nothing executed.
    const orphaned = await after.evaluate(async () => {
      const records = (await chrome.runtime.sendMessage({ kind: 'audit:list', limit: 50 })) as {
        decision: string;
        reasons: { code: string; message: string }[];
        execution: { executed: boolean };
      }[];
      return records.filter((r) => r.reasons.some((x) => x.code === 'not_approved' && x.message.includes('stopped while')));
    });
    expect(orphaned).toHaveLength(1);
    expect(orphaned[0]).toMatchObject({ decision: 'ask', execution: { executed: false } });
    await after.close();
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, useBrowser, type Verdict } from '../support/suite';

/**
 * Issue 14 §2, the subframe variant of "the page navigates mid-decision": an ask raised in a
 * subframe ends, not approved and audited, when that subframe navigates, while the top frame
 * stays (ask/queue.ts denyAsksOfFrame, from webNavigation.onCommitted).
 */

type Api = { warrant: { propose(call: unknown): Promise<Verdict> } };
type Listed = { frame: { id: number }; decision: string; reasons: { code: string; message: string }[]; execution: { executed: boolean } };

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'frames-test' };
const PAGE_LEFT = 'The page was reloaded or left before the user answered.';

describe.each(BROWSERS)('a subframe that navigates mid-ask in %s', (name) => {
  const env = useBrowser(name);

  async function listedAsks(): Promise<string[]> {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const texts = await popup.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 500));
      return [...document.querySelectorAll<HTMLElement>('#pending article.ask')].map((a) => a.textContent ?? '');
    });
    await popup.close();
    return texts;
  }

  it('ends the subframe ask when the subframe navigates: not approved, audited, nothing runs', async () => {
    const page = await env.open('bank.example', '/click.html');
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const frame = document.createElement('iframe');
          frame.id = 'sub';
          frame.style.cssText = 'width: 700px; height: 400px; border: 0';
          frame.addEventListener('load', () => resolve(), { once: true });
          frame.src = '/click.html';
          document.body.prepend(frame);
        }),
    );
    await page.evaluate((sub) => {
      const frame = document.getElementById('sub') as HTMLIFrameElement;
      const child = frame.contentWindow as unknown as Api & { pendingVerdict?: Promise<Verdict>; JSON: JSON };
      // Made in the subframe's own realm: a proposal must be that frame's plain data.
      child.pendingVerdict = child.warrant.propose(child.JSON.parse(JSON.stringify(sub)));
    }, PAY);
    await expect.poll(async () => (await listedAsks()).length, { timeout: 20_000 }).toBe(1);

    // The subframe goes elsewhere (the top frame stays): its ask ends.
    await page.evaluate(() => {
      (document.getElementById('sub') as HTMLIFrameElement).src = '/landing.html';
    });
    await expect.poll(async () => (await listedAsks()).length, { timeout: 10_000 }).toBe(0);

    // The subframe's ask is audited: not approved, because its page was left; nothing executed.
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const records = await popup.evaluate(async () => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return (await api.runtime.sendMessage({ kind: 'audit:list', limit: 20 })) as Listed[];
    });
    await popup.close();
    const left = records.filter((r) => r.reasons.some((x) => x.code === 'not_approved' && x.message === PAGE_LEFT));
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ decision: 'ask', execution: { executed: false } });
    expect(left[0]!.frame.id).not.toBe(0);

    // Nothing ran, in the top frame or in the subframe's new page.
    await new Promise((r) => setTimeout(r, 500));
    expect(await clicks(page)).toEqual([]);
    const sub = await page.evaluate(() => (document.getElementById('sub') as HTMLIFrameElement).contentDocument?.location.pathname);
    expect(sub).toBe('/landing.html');
    await page.close();
  }, 90_000);
});

import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { answerPendingAsk, clicks, codes, useBrowser, type Verdict } from '../support/suite';

/**
 * Page tampering during a decision (issue 14 §2): the page reloads, replaces the target, or races
 * proposals. Judged by what the page did: no execution without its verdict, never two for one.
 */

type Api = { warrant: { propose(call: unknown): Promise<Verdict> } };

describe.each(BROWSERS)('a page that tampers mid-decision in %s', (name) => {
  const env = useBrowser(name);

  /** The asks the popup lists right now (after it has loaded them). */
  async function listedAsks(): Promise<string[]> {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const ids = await popup.evaluate(async () => {
      await new Promise((r) => setTimeout(r, 500));
      return [...document.querySelectorAll<HTMLElement>('#pending article.ask')].map((a) => a.dataset.askId ?? '');
    });
    await popup.close();
    return ids;
  }

  it('ends the ask when the page it was raised on reloads, and nothing runs in the new page', async () => {
    const page = await env.open('bank.example', '/click.html');
    await page.evaluate(() => {
      void (window as unknown as Api).warrant.propose({ tool: 'click', args: { target: '#pay' } });
    });
    await expect.poll(listedAsks, { timeout: 15_000 }).toHaveLength(1);
    await page.goto(page.url());
    // The ask is gone from the popup: there is nothing left to approve.
    await expect.poll(listedAsks, { timeout: 10_000 }).toEqual([]);
    await new Promise((r) => setTimeout(r, 500));
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('does not press a look-alike that replaced the target while the user was asked', async () => {
    const page = await env.open('bank.example', '/click.html');
    await page.evaluate(() => {
      const w = window as unknown as Api & { pendingVerdict: Promise<Verdict> };
      w.pendingVerdict = w.warrant.propose({ tool: 'click', args: { target: '#pay' } });
    });
    const listed = await answerPendingAsk(env, {
      approve: true,
      // While the person reads the ask, the page swaps in an identical button with its own handler.
      beforeAnswer: () =>
        page.evaluate(() => {
          const old = document.getElementById('pay')!;
          const twin = old.cloneNode(true) as HTMLButtonElement;
          twin.addEventListener('click', () => (window as unknown as { clicks: string[] }).clicks.push('twin'));
          old.replaceWith(twin);
        }),
    });
    expect(listed.id).not.toBe('');
    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('stale_evidence');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('performs racing proposals on one target once per executed verdict', async () => {
    const page = await env.open('bank.example', '/click.html');
    const verdicts = await page.evaluate(async () => {
      const { warrant } = window as unknown as Api;
      const call = { tool: 'click', args: { target: '#details' } };
      return Promise.all(Array.from({ length: 12 }, () => warrant.propose(call)));
    });
    const executed = verdicts.filter((v) => v.executed).length;
    expect(executed).toBeGreaterThan(0);
    expect(new Set(verdicts.map((v) => v.id)).size).toBe(verdicts.length);
    expect((await clicks(page)).filter((c) => c === 'details')).toHaveLength(executed);
    await page.close();
  });
});

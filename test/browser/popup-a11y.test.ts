import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { useBrowser, type Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'a11y-test' };

/**
 * The popup for keyboard and screen-reader users (issue 12 §6): the All / Blocked tabs move with
 * the arrow keys, Home and End (one tab stop), and an ask raised while the popup is open is
 * announced by a live region that was in the page, empty and not hidden, before the ask came.
 */
describe.each(BROWSERS)('the popup for keyboard and screen-reader users in %s', (name) => {
  const env = useBrowser(name);

  it('moves between the tabs with the arrow keys, Home and End', async () => {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const steps = await popup.evaluate(() => {
      const state = () => {
        const selected = document.querySelector<HTMLElement>('[role=tab][aria-selected=true]')?.id ?? null;
        const stops = Array.from(document.querySelectorAll<HTMLElement>('[role=tab]'), (tab) => tab.tabIndex);
        return { selected, focused: document.activeElement?.id ?? null, stops };
      };
      const press = (key: string) => {
        const focused = document.activeElement as HTMLElement;
        focused.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
        return { key, ...state() };
      };
      document.getElementById('view-all')!.focus();
      return [press('ArrowRight'), press('ArrowRight'), press('ArrowLeft'), press('End'), press('Home')];
    });
    const at = (selected: string, stops: number[]) => ({ selected, focused: selected, stops });
    expect(steps).toEqual([
      { key: 'ArrowRight', ...at('view-blocked', [-1, 0]) },
      // Two tabs: the arrows wrap around.
      { key: 'ArrowRight', ...at('view-all', [0, -1]) },
      { key: 'ArrowLeft', ...at('view-blocked', [-1, 0]) },
      { key: 'End', ...at('view-blocked', [-1, 0]) },
      { key: 'Home', ...at('view-all', [0, -1]) },
    ]);
    await popup.close();
  });

  it('announces an ask raised while it is open, from a live region that was already there', async () => {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const before = await popup.evaluate(() => {
      const region = document.getElementById('ask-announcer');
      if (region === null) return null;
      (region as HTMLElement & { seen?: boolean }).seen = true;
      return { role: region.getAttribute('role'), text: region.textContent, hidden: region.closest('[hidden]') !== null };
    });
    expect(before).toEqual({ role: 'status', text: '', hidden: false });

    const page = await env.open('shop.example', '/click.html');
    await page.evaluate((c) => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
      w.pendingVerdict = w.warrant.propose(c);
    }, PAY);
    await waitFor(
      'the announcement of the ask',
      () => popup.evaluate(() => Boolean(document.getElementById('ask-announcer')?.textContent)),
      {
        timeout: 30_000,
      },
    );
    const after = await popup.evaluate(() => {
      const shown = document.getElementById('ask-announcer') as (HTMLElement & { seen?: boolean }) | null;
      return {
        same: shown?.seen === true,
        text: shown?.textContent ?? '',
        hidden: shown?.closest('[hidden]') !== null,
        listed: document.querySelectorAll('#pending article.ask').length,
      };
    });
    expect(after).toMatchObject({ same: true, hidden: false, listed: 1 });
    expect(after.text).toMatch(/^New request from shop\.example:\d+: /);
    await popup.evaluate(() => document.querySelector<HTMLButtonElement>('#pending article.ask button.deny')!.click());
    expect(await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict)).toMatchObject({
      decision: 'ask',
      executed: false,
    });
    await popup.close();
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { BROWSERS, type TestPage } from '../support/browsers';
import { useBrowser, type Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * The prompt a person answers (issue 12 §1, §6): a form submission shown as what it sends and
 * where, the hidden field marked, the assistant's own words set apart with the bidi controls it
 * hid removed and counted, buttons that say what they do, nothing focused by itself, and no
 * serious accessibility violation. Judged on the real popup over a real pending ask; denying it
 * sends nothing.
 */
describe.each(BROWSERS)('the ask prompt in %s', (browserName) => {
  const env = useBrowser(browserName);

  it('shows a form submission as what it sends, and denying it sends nothing', async () => {
    const page = await env.open('bank.example', '/pay-form.html');
    await page.evaluate(
      (c) => {
        const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
        w.pendingVerdict = w.warrant.propose(c);
      },
      { tool: 'submit', args: { target: '#pay' }, agent: 'Bank \u202Eofficial\u202C helper' },
    );
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const shown = await readPrompt(popup);
    expect(shown.site).toBe(`bank.example:${env.server.port}`);
    expect(shown.title).toContain('an assistant wants to send a form');
    expect(shown.caption).toBe('The form sends 3 fields, 1 of them hidden from you:');
    expect(shown.rows).toEqual(['Recipient|Alice', 'Amount|50', 'currencyhidden field|EUR']);
    expect(shown.assistant).toContain('Bank official helper');
    expect(shown.assistant).toContain('[2 invisible or direction-changing characters removed]');
    expect(shown.why).toContain('Actions like this one need your approval.');
    expect(shown.buttons).toEqual(["Don't allow", 'Allow sending']);
    expect(shown.deadline).toMatch(/^Answer within \d:\d\d/);
    expect(shown.focusedApprove).toBe(false);
    expect(await seriousViolations(popup)).toEqual([]);

    await popup.evaluate(() => document.querySelector<HTMLButtonElement>('#pending article.ask button.deny')!.click());
    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(await page.evaluate(() => (window as unknown as { events: string[] }).events)).toEqual([]);
    await popup.close();
    await page.close();
  });
});

async function readPrompt(popup: TestPage) {
  await waitFor('an ask in the popup', () => popup.evaluate(() => document.querySelector('#pending article.ask') !== null), {
    timeout: 15_000,
  });
  return popup.evaluate(() => {
    const ask = document.querySelector<HTMLElement>('#pending article.ask');
    const text = (selector: string) => ask?.querySelector(selector)?.textContent ?? '';
    return {
      site: text('h3 .site'),
      title: text('h3'),
      caption: text('.form-caption'),
      rows: Array.from(ask?.querySelectorAll('.form-fields tr') ?? [], (tr) =>
        Array.from(tr.children, (cell) => cell.textContent ?? '').join('|'),
      ),
      assistant: text('.assistant-line'),
      why: text('.why'),
      buttons: Array.from(ask?.querySelectorAll('.answers button') ?? [], (b) => b.textContent ?? ''),
      deadline: text('.deadline'),
      focusedApprove: document.activeElement?.classList.contains('approve') ?? false,
    };
  });
}

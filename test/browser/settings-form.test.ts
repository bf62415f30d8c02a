import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/policy';
import { seriousViolations } from '../support/axe';
import { BROWSERS, type TestPage } from '../support/browsers';
import { openOptions } from '../support/options-page';
import { field, settingsForm } from '../support/settings-form';
import { clicks, useBrowser, type Verdict } from '../support/suite';
import { sleep, waitFor, waitOrTimeout } from '../support/wait';

const PAY = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay $500' }, agent: 'settings-test' };

/** The verdict, or `pending` when Warrant is still waiting for the user after 15 s (an ask). */
const decide = (page: TestPage) =>
  page.evaluate(async (call) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } };
    const pending = new Promise<{ decision: 'pending' }>((resolve) => setTimeout(() => resolve({ decision: 'pending' }), 15_000));
    return Promise.race([w.warrant.propose(call), pending]);
  }, PAY);

/** The policy the later tests start from: what the first one saves. */
const AFTER_FIRST = {
  ...structuredClone(DEFAULT_POLICY),
  privileges: { ...DEFAULT_POLICY.privileges, default: { ...DEFAULT_POLICY.privileges.default, commit: 'block' } },
  sites: { 'bank.example': { trust: 'trusted' } },
};

/**
 * Saves `policy` through the JSON view before a test, so each test starts from what it states and
 * not from what an earlier test (or its own failed attempt, on a retry) left behind.
 */
async function startFrom(browser: Parameters<typeof openOptions>[0], policy: unknown): Promise<void> {
  const options = await openOptions(browser);
  await options.setEditor(JSON.stringify(policy));
  expect(await options.click('save', /^(Saved|Not saved|Warrant gave)/)).toBe('Saved.');
  await options.close();
}

describe.each(BROWSERS)('the settings form in %s', (name) => {
  const env = useBrowser(name);

  it('a privilege chosen in the table and a site added as trusted are saved, and decide the next actions', async () => {
    await startFrom(env.browser, DEFAULT_POLICY);
    const options = await openOptions(env.browser);
    const form = settingsForm(options.page);
    expect(await form.control(field('privileges', 'default', 'commit'))).toMatchObject({ value: 'ask', disabled: false });
    await form.choose(field('privileges', 'default', 'commit'), 'block');
    await form.type('add-site', 'bank.example');
    expect(await form.errorAt('add-site')).toBeNull();
    await options.page.evaluate(() => {
      (document.getElementById('add-site-trust') as HTMLSelectElement).value = 'trusted';
    });
    await form.press('add-site-button');
    expect(await form.sites()).toEqual(['bank.example']);
    // The JSON view follows the form before anything is saved.
    expect(await options.editor()).toMatchObject({
      privileges: { default: { commit: 'block' } },
      sites: { 'bank.example': { trust: 'trusted' } },
    });

    expect(await options.click('save-form', /^(Saved|Not saved|Warrant gave)/)).toBe('Saved.');
    const { effective } = await form.policyState();
    expect(effective).toEqual(AFTER_FIRST);
    await options.close();

    // Pay on an unlisted site is now blocked outright, and on the trusted site performed without a question.
    const shop = await env.open('shop.example', '/click.html');
    expect(await decide(shop)).toMatchObject({ decision: 'block', executed: false });
    expect(await clicks(shop)).toEqual([]);
    await shop.close();
    const bank = await env.open('bank.example', '/click.html');
    expect(await decide(bank)).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(bank)).toEqual(['pay']);
    await bank.close();
  });

  it('a site’s own privilege rule chosen in the form is saved and decides on that site, and goes when set back', async () => {
    await startFrom(env.browser, AFTER_FIRST);
    let options = await openOptions(env.browser);
    let form = settingsForm(options.page);
    const commit = field('sites', 'bank.example', 'privileges', 'commit');
    // Folded at first, every privilege following the trust level, saying what that is (trusted: allow).
    expect(await form.siteRules('bank.example')).toEqual({
      open: false,
      summary: 'Own rules for this site: 0',
      inherit: ['allow', 'allow', 'allow', 'ask', 'ask'].map((decision) => `Same as its trust level (${decision})`),
    });
    expect(await form.control(commit)).toMatchObject({ value: '', disabled: false });
    await form.toggleSiteRules('bank.example');
    await form.choose(commit, 'block');
    expect(await form.siteRules('bank.example')).toMatchObject({ open: true, summary: 'Own rules for this site: 1' });
    expect(await options.editor()).toMatchObject({ sites: { 'bank.example': { trust: 'trusted', privileges: { commit: 'block' } } } });
    expect(await options.click('save-form', /^(Saved|Not saved|Warrant gave)/)).toBe('Saved.');
    expect((await form.policyState()).effective.sites).toEqual({ 'bank.example': { trust: 'trusted', privileges: { commit: 'block' } } });
    expect(await seriousViolations(options.page)).toEqual([]);
    await options.close();

    // Pay on the trusted site is now blocked there, by its own rule.
    let bank = await env.open('bank.example', '/click.html');
    expect(await decide(bank)).toMatchObject({ decision: 'block', executed: false });
    expect(await clicks(bank)).toEqual([]);
    await bank.close();

    // A value the form cannot show, typed into the JSON, is named at its select, unfolded; nothing is saved.
    options = await openOptions(env.browser);
    form = settingsForm(options.page);
    expect(await form.control(commit)).toMatchObject({ value: 'block' });
    const json = (await options.editor()) as { sites: Record<string, unknown> };
    await options.setEditor(JSON.stringify({ ...json, sites: { 'bank.example': { trust: 'trusted', privileges: { commit: 'maybe' } } } }));
    await options.page.evaluate(() => document.getElementById('policy')!.dispatchEvent(new Event('input', { bubbles: true })));
    expect(await options.click('save-form', /^(Saved|Not saved)/)).toBe('Not saved: 1 error.');
    expect(await form.control(commit)).toMatchObject({ invalid: true, error: 'Choose allow, ask or block, or “same as its trust level”.' });
    expect((await form.siteRules('bank.example'))?.open).toBe(true);

    // Set back to the trust level: the rule is removed, and pay on the trusted site is performed again.
    await form.choose(commit, '');
    expect(await options.click('save-form', /^(Saved|Not saved)/)).toBe('Saved.');
    expect((await form.policyState()).effective.sites).toEqual({ 'bank.example': { trust: 'trusted' } });
    await options.close();
    bank = await env.open('bank.example', '/click.html');
    expect(await decide(bank)).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(bank)).toEqual(['pay']);
    await bank.close();
  });

  it('the popup offers to add the active tab’s site', async () => {
    const page = await env.open('shop.example', '/click.html');
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    await waitFor(
      'the Add this site button',
      () => popup.evaluate(() => !(document.getElementById('add-site') as HTMLButtonElement).hidden),
      {
        timeout: 5_000,
      },
    );
    const button = await popup.evaluate(() => {
      const shown = document.getElementById('add-site') as HTMLButtonElement;
      return { hidden: shown.hidden, site: shown.dataset.site ?? null, text: shown.textContent?.trim() };
    });
    expect(button).toEqual({ hidden: false, site: 'shop.example', text: 'Add this site' });
    await popup.close();
    await page.close();
  });

  it('says in plain words at the field what is wrong with a site or a timeout, and saves nothing', async () => {
    await startFrom(env.browser, AFTER_FIRST);
    const options = await openOptions(env.browser);
    const form = settingsForm(options.page);
    const before = (await form.policyState()).stored;

    // As you type: the add-site field names the site to write instead, and Add adds nothing.
    await form.type('add-site', 'www.shop.example');
    expect(await form.errorAt('add-site')).toBe(
      'Type shop.example instead: a site is written without www. or a path, and covers all of its addresses.',
    );
    await form.press('add-site-button');
    expect(await form.sites()).toEqual(['bank.example']);
    await form.press('add-navigation');
    await form.type(field('allowlists', 'navigation', 0), 'co.uk');
    expect((await form.control(field('allowlists', 'navigation', 0)))?.error).toMatch(/co\.uk is shared by many unrelated sites/);

    // What the background refuses on Save is shown at its field: a site typed into the JSON, a timeout in the form.
    const json = {
      ...((await options.editor()) as Record<string, unknown>),
      sites: { 'bank.example': { trust: 'trusted' }, 'www.bank.example': {} },
    };
    await options.setEditor(JSON.stringify(json, null, 2));
    await options.page.evaluate(() => document.getElementById('policy')!.dispatchEvent(new Event('input', { bubbles: true })));
    expect(await form.sites()).toEqual(['bank.example', 'www.bank.example']);
    await form.type('ask-timeout', '1');
    expect(await options.click('save-form', /^(Saved|Not saved)/)).toBe('Not saved: 3 errors.');
    expect(await form.control(field('sites', 'www.bank.example'))).toMatchObject({
      invalid: true,
      error: 'Type bank.example instead: a site is written without www. or a path, and covers all of its addresses.',
    });
    expect((await form.control(field('askTimeoutSeconds')))?.error).toBe('Type a whole number of seconds from 5 to 3600.');
    expect((await form.control(field('allowlists', 'navigation', 0)))?.error).toMatch(/co\.uk is shared/);
    // The list above keeps every error with its path, for the JSON view.
    expect((await options.errors()).map((e) => e.path).sort()).toEqual([
      'allowlists.navigation[0]',
      'askTimeoutSeconds',
      'sites["www.bank.example"]',
    ]);
    expect((await form.policyState()).stored).toEqual(before);
    expect(await seriousViolations(options.page)).toEqual([]);
    await options.close();
  });

  it('opens with a site to add from the address, redraws from the JSON editor, and resets only when confirmed', async () => {
    await startFrom(env.browser, AFTER_FIRST);
    const options = await openOptions(env.browser);
    const form = settingsForm(options.page);
    await options.page.evaluate(() => {
      location.hash = '#add=news.example';
      setTimeout(() => location.reload(), 0);
    });
    await sleep(1_000);
    await waitOrTimeout(() => options.page.evaluate(() => document.getElementById('status')?.textContent !== 'Loading…'), {
      timeout: 5_000,
      every: 50,
    });
    expect(await options.page.evaluate(() => (document.getElementById('add-site') as HTMLInputElement).value)).toBe('news.example');
    expect(await options.page.evaluate(() => document.activeElement?.id)).toBe('add-site');

    await options.setEditor(JSON.stringify({ ...structuredClone(DEFAULT_POLICY), ocr: { ...DEFAULT_POLICY.ocr, read: true } }));
    await options.page.evaluate(() => document.getElementById('policy')!.dispatchEvent(new Event('input', { bubbles: true })));
    expect((await form.control(field('ocr', 'read')))?.value).toBe('true');
    expect(await form.sites()).toEqual([]);

    await form.press('reset');
    const dialog = await options.page.evaluate(() => {
      const shown = document.getElementById('reset-dialog') as HTMLDialogElement;
      return { open: shown.open, text: shown.textContent ?? '' };
    });
    expect(dialog.open).toBe(true);
    expect(dialog.text).toContain('your sites, allowlists and choices are removed');
    await form.press('reset-cancel');
    expect((await form.policyState()).effective).toMatchObject({ sites: { 'bank.example': { trust: 'trusted' } } });
    await form.press('reset');
    expect(await options.click('reset-confirm', /^(Saved|Not saved)/)).toBe('Saved.');
    expect((await form.policyState()).effective).toEqual(DEFAULT_POLICY);
    expect(await form.sites()).toEqual([]);
    await options.close();
  });
});

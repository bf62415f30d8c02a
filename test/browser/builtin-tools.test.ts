import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { codes, propose, proposeAndAnswer, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

const events = (page: TestPage) => page.evaluate(() => [...(window as unknown as { events: string[] }).events]);
const fieldValue = (page: TestPage, id: string) => page.evaluate((i) => (document.getElementById(i) as HTMLInputElement).value, id);

describe.each(BROWSERS)('built-in tools in %s', (browserName) => {
  const env = useBrowser(browserName);
  const openForm = () => env.open('bank.example', '/form.html');

  it('types into a labelled field, and the page sees input and change', async () => {
    const page = await openForm();
    const verdict = await propose(page, { tool: 'type', args: { target: '#name', text: 'Ada Lovelace' }, claims: { label: 'Full name' } });
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(await fieldValue(page, 'name')).toBe('Ada Lovelace');
    expect(await events(page)).toEqual(['input:name=Ada Lovelace', 'change:name=Ada Lovelace']);
    await page.close();
  });

  it('blocks typing into a read-only or mislabelled field, and asks before typing a password', async () => {
    const page = await openForm();
    expect(codes(await propose(page, { tool: 'type', args: { target: '#ro', text: 'x' } }))).toEqual(['target_not_editable']);
    expect(codes(await propose(page, { tool: 'type', args: { target: '#name', text: 'x' }, claims: { label: 'Email' } }))).toEqual([
      'label_mismatch',
    ]);
    const { verdict, listed } = await proposeAndAnswer(
      env,
      page,
      { tool: 'type', args: { target: '#pw', text: 'hunter2' } },
      { approve: false },
    );
    expect(listed.text).toContain('type');
    expect(verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(codes(verdict)).toEqual(['requires_approval', 'not_approved']);
    expect(await fieldValue(page, 'pw')).toBe('');
    expect(await events(page)).toEqual([]);
    await page.close();
  });

  it('names a field by a <label for> only where it is painted beside it, or by one shown nowhere (visually hidden)', async () => {
    const page = await openForm();
    const far = await propose(page, { tool: 'type', args: { target: '#coupon', text: 'SAVE10' }, claims: { label: 'Card number' } });
    expect(codes(far)).toContain('label_mismatch');
    // What is shown is the placeholder; the far label still gives the field its accessible name,
    // which assistants read: the two disagree, so the field is not typed into either way.
    const shown = await propose(page, { tool: 'type', args: { target: '#coupon', text: 'SAVE10' }, claims: { label: 'Coupon code' } });
    expect(shown).toMatchObject({ decision: 'block', executed: false });
    expect(codes(shown)).toEqual(['ax_mismatch']);
    expect(await fieldValue(page, 'coupon')).toBe('');
    // The honest field whose label sits beside it is named by it.
    expect(await propose(page, { tool: 'type', args: { target: '#name', text: 'Ada' }, claims: { label: 'Full name' } })).toMatchObject({
      executed: true,
    });
    // Nothing shown beside it, and the far label still names it to no one who sees the page.
    const gift = await propose(page, { tool: 'type', args: { target: '#gift', text: '4111' }, claims: { label: 'Card number' } });
    expect(codes(gift)).toContain('label_mismatch');
    expect(await fieldValue(page, 'gift')).toBe('');
    // A label shown nowhere (visually hidden) names the field as aria-label would (label_mismatch before).
    const search = await propose(page, { tool: 'type', args: { target: '#search', text: 'shoes' }, claims: { label: 'Search orders' } });
    expect(search).toMatchObject({ decision: 'allow', executed: true });
    expect(await fieldValue(page, 'search')).toBe('shoes');
    const other = await propose(page, { tool: 'type', args: { target: '#search', text: 'x' }, claims: { label: 'Card number' } });
    expect(codes(other)).toContain('label_mismatch');
    expect((await events(page)).filter((e) => /search|gift/u.test(e))).toEqual(['input:search=shoes', 'change:search=shoes']);
    await page.close();
  });

  it('selects an option by its visible text and refuses options that do not exist', async () => {
    const page = await openForm();
    expect(await propose(page, { tool: 'select', args: { target: '#country', option: 'France' } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(await fieldValue(page, 'country')).toBe('fr');
    expect(codes(await propose(page, { tool: 'select', args: { target: '#country', option: 'Atlantis' } }))).toEqual(['option_not_found']);
    expect(codes(await propose(page, { tool: 'select', args: { target: '#name', option: 'France' } }))).toContain('option_not_found');
    expect(await events(page)).toEqual(['input:country=fr', 'change:country=fr']);
    await page.close();
  });

  it('names options by what the select shows (their label attribute), not by text it never shows', async () => {
    const page = await openForm();
    // "Standard shipping (free)" is the text of the option shown as "Express shipping (+$49)", and
    // the label of another: the one shown so is chosen.
    expect(await propose(page, { tool: 'select', args: { target: '#ship', option: 'Standard shipping (free)' } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(await fieldValue(page, 'ship')).toBe('standard');
    // Shown as "NY": chosen by what is shown; its unshown text names nothing.
    expect(await propose(page, { tool: 'select', args: { target: '#ship', option: 'NY' } })).toMatchObject({ executed: true });
    expect(await fieldValue(page, 'ship')).toBe('ny');
    expect(codes(await propose(page, { tool: 'select', args: { target: '#ship', option: 'New York pickup' } }))).toEqual([
      'option_not_found',
    ]);
    expect(await fieldValue(page, 'ship')).toBe('ny');
    await page.close();
    // The same in a quirks-mode document (no doctype): the label attribute is what is shown there
    // too, as each select's width shows; an empty or blank one leaves the text shown.
    const quirks = await env.open('shop.example', '/quirks-select.html');
    expect(await quirks.evaluate(() => document.compatMode)).toBe('BackCompat');
    const width = (id: string) => quirks.evaluate((i) => (document.getElementById(i) as HTMLElement).offsetWidth, id);
    expect(await width('wide-label')).toBeGreaterThan(3 * (await width('wide-text')));
    expect(await width('empty-label')).toBeGreaterThan(3 * (await width('wide-text')));
    expect(await propose(quirks, { tool: 'select', args: { target: '#ship', option: 'Standard shipping (free)' } })).toMatchObject({
      executed: true,
    });
    expect(await fieldValue(quirks, 'ship')).toBe('standard');
    expect(await propose(quirks, { tool: 'select', args: { target: '#blank', option: 'Beta' } })).toMatchObject({ executed: true });
    expect(await fieldValue(quirks, 'blank')).toBe('b');
    await quirks.close();
  });

  it('chooses options by the text the user reads; ambiguous, disabled or hidden ones are contradictions', async () => {
    const page = await openForm();
    // "Basic" is the first option's text and the second option's value: the text wins.
    expect(await propose(page, { tool: 'select', args: { target: '#plan', option: 'Basic' } })).toMatchObject({ executed: true });
    expect(await fieldValue(page, 'plan')).toBe('basic');
    for (const option of ['Pro', 'Gold', 'Secret']) {
      expect(codes(await propose(page, { tool: 'select', args: { target: '#plan', option } })), option).toEqual(['option_ambiguous']);
    }
    expect(await fieldValue(page, 'plan')).toBe('basic');
    // The page sets the choice back in its change handler: the control does not show what was chosen.
    const reset = await propose(page, { tool: 'select', args: { target: '#sticky', option: 'Fast' } });
    expect(reset).toMatchObject({ executed: false });
    expect(codes(reset)).toEqual(['execution_failed']);
    await page.close();
  });

  it('does not submit a form the user denies (commit privilege)', async () => {
    const page = await openForm();
    const denied = await proposeAndAnswer(env, page, { tool: 'submit', args: { target: '#contact' } }, { approve: false });
    expect(denied.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(codes(await propose(page, { tool: 'submit', args: { target: '#balance' } }))).toEqual(['no_form']);
    await new Promise((r) => setTimeout(r, 200));
    expect(await events(page)).toEqual([]);
    expect(env.server.posts).toEqual([]);

    // The approved path (exactly one POST once the user approves) is covered by interception.test.ts;
    // here it hung the Chromium harness in some full runs (see the session note), so it is not repeated.
    await page.close();
  });

  it('does not report a submission the browser refused as invalid: approved, nothing is sent, and the call says why', async () => {
    const page = await openForm();
    await page.evaluate(() => {
      const message = document.querySelector<HTMLInputElement>('#contact [name=message]')!;
      message.value = '';
      message.required = true;
    });
    const { verdict } = await proposeAndAnswer(env, page, { tool: 'submit', args: { target: '#contact' } }, { approve: true });
    expect(verdict).toMatchObject({ decision: 'ask', approved: true, executed: false });
    expect(codes(verdict)).toContain('execution_failed');
    expect(verdict.reasons.map((r) => r.message).join(' ')).toContain('"message" is not valid');
    await new Promise((r) => setTimeout(r, 300));
    expect(await events(page)).toEqual([]);
    expect(env.server.posts).toEqual([]);
    await page.close();
  });

  it("types and chooses nothing where the page's focus handler moved the focus or changed the options; honest focus handlers that mark the field do not stop it", async () => {
    const page = await env.open('bank.example', '/focus-tricks.html');
    const state = async () => {
      await new Promise((r) => setTimeout(r, 150));
      return page.evaluate(() => (window as unknown as { state: Record<string, string> }).state);
    };
    // A red team's round 9: the text went into the password field, and "Express (+$49)" was sent.
    // A review: into a password field inside the editable region; a field made the login form's password.
    // Refused, stale_evidence. (Firefox may dispatch a focus event after focus() returns, when the
    // window is not the system's focused one, as in 1 of these runs: then the handler runs after the
    // typing, which went into the certified field, and the call says so.)
    await page.front();
    for (const [target, field] of [
      ['#notes', 'notes'],
      ['#draft', 'draft'],
      ['#coupon', 'coupon'],
    ] as const) {
      const redirected = await propose(page, { tool: 'type', args: { target, text: 'hunter2' } });
      if (redirected.executed) {
        // Not into a password field, and the coupon still the coupon (not the login's password):
        // into the certified field, as the call says. (Where Firefox fired no focus event, it also
        // inserted nothing into the editable region while the call said executed, 2 first attempts
        // of 3 full runs: the selection is now put in the region, and a region that takes nothing fails.)
        const now = await state();
        expect(now, `${target} (${field})`).toMatchObject({ pw: '', innerPw: '', couponName: 'coupon' });
        expect(now[field], `${target} took the text`).toContain('hunter2');
      } else expect(codes(redirected), target).toEqual(['stale_evidence']);
    }
    // Executed is the truth: a focus handler that moves the selection out of the region does not
    // keep the text out of it, and a region made not editable on focus takes nothing and says so
    // (both were "executed" with nothing typed before).
    expect(await propose(page, { tool: 'type', args: { target: '#caret', text: 'hunter2' } })).toMatchObject({ executed: true });
    expect(await state()).toMatchObject({ caret: 'hunter2', terms: 'Terms apply.' });
    // (Where Firefox fires the focus event late, the region is still editable when the text goes in:
    // then the call says executed, and it is.)
    const locked = await propose(page, { tool: 'type', args: { target: '#locked', text: 'hunter2' } });
    if (locked.executed) expect((await state()).locked).toBe('hunter2');
    else {
      expect(['stale_evidence', 'execution_failed']).toContain(codes(locked)[0]);
      expect((await state()).locked).toBe('');
    }
    const swapped = await propose(page, { tool: 'select', args: { target: '#ship', option: 'Standard shipping (free)' } });
    // (Where Firefox fires the focus event late, the swap comes after the choice: what shows and
    // is sent must then be what was chosen.)
    if (swapped.executed) expect((await state()).ship).toBe('std/Standard shipping (free)');
    else expect(codes(swapped)).toEqual(['stale_evidence']);
    const after = await state();
    expect(after).toMatchObject({ pw: '', innerPw: '' });
    // Left as the page's swap put it (the first option, now "Standard"): not "Express (+$49)".
    expect(after.ship).not.toContain('express');
    for (const [target, text] of [
      ['#memo', 'call back'],
      ['#city', 'Berlin'],
    ]) {
      expect(await propose(page, { tool: 'type', args: { target, text } }), target).toMatchObject({ decision: 'allow', executed: true });
    }
    const chosen = await propose(page, { tool: 'select', args: { target: '#ship2', option: 'Standard shipping (free)' } });
    expect(chosen).toMatchObject({ decision: 'allow', executed: true });
    expect(await state()).toMatchObject({ pw: '', memo: 'call back', city: 'Berlin', ship2: 'std/Standard shipping (free)' });
    await page.close();
  });

  it('reads what an element visibly shows, and blocks a claimed value it does not show', async () => {
    const page = await openForm();
    const verdict = await propose(page, { tool: 'read', args: { target: '#balance' }, claims: { value: '$1,200.00' } });
    expect(verdict).toMatchObject({ decision: 'allow', executed: true, result: { text: 'Balance: $1,200.00' } });
    // Neither the DOM nor the pixels show the claimed value: both modalities contradict it.
    expect(codes(await propose(page, { tool: 'read', args: { target: '#balance' }, claims: { value: '$9,999.00' } }))).toEqual([
      'value_mismatch',
      'pixel_mismatch',
    ]);
    await page.close();
  });

  it('scrolls the page', async () => {
    const page = await openForm();
    expect(await propose(page, { tool: 'scroll', args: { direction: 'down', amount: 600 } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    expect(await page.evaluate(() => Math.round(window.scrollY))).toBe(600);
    await page.close();
  });

  it('navigates within the site, asks before leaving it, and never loads script URLs', async () => {
    const page = await openForm();
    const elsewhere = env.server.url('evil.example', '/click.html');
    const { verdict: away } = await proposeAndAnswer(env, page, { tool: 'navigate', args: { url: elsewhere } }, { approve: false });
    expect(away).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(codes(await propose(page, { tool: 'navigate', args: { url: 'javascript:alert(1)' } }))).toEqual(['type_mismatch']);
    const misled = await propose(page, {
      tool: 'navigate',
      args: { url: env.server.url('bank.example', '/click.html') },
      claims: { origin: 'https://bank.example' },
    });
    expect(codes(misled)).toEqual(['origin_mismatch']);
    expect(page.url()).toBe(env.server.url('bank.example', '/form.html'));

    // The page that proposed is unloaded by the navigation, so its promise never settles there:
    // the test watches the URL, and the audit log for the verdict.
    const target = env.server.url('bank.example', '/click.html');
    await page.evaluate((url) => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose({
        tool: 'navigate',
        args: { url },
      });
    }, target);
    await waitFor(`the tab at ${target}`, () => page.url() === target);
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const latest = await waitFor('a record in the popup', () =>
      popup.evaluate(() => {
        const item = document.querySelector<HTMLLIElement>('#records > li');
        return item && { decision: item.dataset.decision, text: item.textContent ?? '' };
      }),
    );
    expect(latest.decision).toBe('allow');
    expect(latest.text).toContain('navigate');
    expect(latest.text).not.toContain('not executed');
    await popup.close();
    await page.close();
  });

  it('asks before following a link to another site or downloading, does neither when denied, and downloads when approved', async () => {
    const page = await openForm();
    const start = page.url();
    const away = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#cross-site' } }, { approve: false });
    expect(away.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(away.listed.text).toContain('navigate');
    const download = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#statement' } }, { approve: false });
    expect(download.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    await new Promise((r) => setTimeout(r, 300));
    expect(page.url()).toBe(start);
    // Approved, the download the link was certified to make starts (only-submitting.ts lets that one name through).
    const fetched = () => env.server.requests.filter((request) => request.path === '/statement.pdf').length;
    const before = fetched();
    const approved = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#statement' } }, { approve: true });
    expect(approved.verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    await expect.poll(fetched, { timeout: 8_000 }).toBe(before + 1);
    await page.close();
  });
});

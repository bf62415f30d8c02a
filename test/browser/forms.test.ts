import { describe, expect, it } from 'vitest';
import type { TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { expectClickPerformed, expectClickRefused } from '../support/click-outcomes';
import { codes, propose, proposeAndAnswer, proposeOrDeny, useBrowser } from '../support/suite';

/**
 * Issue 11 §2–3: a submission is certified to the request the browser will send, and the request
 * that leaves must be that one. Judged by what the server received.
 */
describe.each(BROWSERS)('forms certified to the request in %s', (name) => {
  const env = useBrowser(name);
  const open = (arrangement: string) => env.open('bank.example', `/pay-form.html?case=${arrangement}`);
  const posted = (path: string) => env.server.posts.filter((p) => p.path === path);
  const events = (page: TestPage) => page.evaluate(() => [...(window as unknown as { events: string[] }).events]);
  const submit = (claims: Record<string, unknown> = {}) => ({
    tool: 'submit',
    args: { target: '#send' },
    claims: { fields: { Recipient: 'Alice', Amount: '50' }, ...claims },
  });

  it('sends an honest form whose claimed fields are what it sends, once approved', async () => {
    const before = posted('/pay').length;
    const page = await open('honest');
    const { listed } = await proposeAndAnswer(env, page, submit(), { approve: true, navigates: true });
    expect(listed.id).not.toBe('');
    await expect.poll(() => posted('/pay').length, { timeout: 8_000 }).toBe(before + 1);
    expect(posted('/pay').at(-1)!.body).toBe('recipient=Alice&amount=50&currency=EUR');
    await expect.poll(() => page.evaluate(() => location.pathname).catch(() => ''), { timeout: 8_000 }).toBe('/pay');
    await page.close();
  });

  it.each([
    ['outside-hidden', /hidden entry also sends amount = "5000"/u],
    ['lookalike-value', /only looks like "Alice"/u],
    ['zero-width-value', /only looks like "Alice"/u],
    ['far-label', /Recipient/u],
  ])('blocks a form whose request contradicts the claimed fields: %s', async (arrangement, message) => {
    const before = env.server.posts.length;
    const page = await open(arrangement);
    const verdict = await propose(page, submit());
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toContain('form_mismatch');
    expect(verdict.reasons.find((r) => r.code === 'form_mismatch')!.message).toMatch(message);
    await new Promise((r) => setTimeout(r, 200));
    expect(await events(page)).toEqual([]);
    expect(env.server.posts.length).toBe(before);
    await page.close();
  });

  it('blocks claims of another value or of a field the form does not send', async () => {
    const page = await open('honest');
    for (const fields of [{ Amount: '500' }, { IBAN: 'DE00' }]) {
      const verdict = await propose(page, submit({ fields }));
      expect(codes(verdict), JSON.stringify(fields)).toEqual(['form_mismatch']);
    }
    await page.close();
  });

  it('blocks a submit button whose formaction posts to a lookalike of the site', async () => {
    const page = await open('formaction-lookalike');
    const verdict = await propose(page, submit());
    expect(codes(verdict)).toContain('lookalike_domain');
    expect(verdict.executed).toBe(false);
    await page.close();
  });

  it('judges a click inside a submit button, or on a label for one, as the submission it makes; the same span in a plain button is a click', async () => {
    const before = env.server.posts.length;
    const page = await open('span-submit');
    // Its words in a span: still the form's submit, a commitment the user is asked about (denied here).
    const span = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#send-text' }, claims: { label: 'Read reviews' } });
    expect(span).toMatchObject({ asked: true, verdict: { executed: false } });
    // The honest twin runs at once, and posts nothing.
    const twin = await propose(page, { tool: 'click', args: { target: '#details-text' }, claims: { label: 'Show details' } });
    expect(twin).toMatchObject({ decision: 'allow', executed: true });
    expect(await events(page)).toEqual(['click:details']);
    await page.close();
    const labelled = await open('label-submit');
    const viaLabel = await proposeOrDeny(env, labelled, {
      tool: 'click',
      args: { target: '#send-label' },
      claims: { label: 'Read reviews' },
    });
    expect(viaLabel).toMatchObject({ asked: true, verdict: { executed: false } });
    await new Promise((r) => setTimeout(r, 300));
    expect(await events(labelled)).toEqual([]);
    expect(env.server.posts.length).toBe(before);
    await labelled.close();
  });

  it('stops a submission a click certified to submit nothing starts after all (a button the page makes a submit button mid-click)', async () => {
    const before = env.server.posts.length;
    const page = await open('type-flip');
    const verdict = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } });
    expect(verdict).toMatchObject({ executed: false });
    expect(codes(verdict)).toEqual(['stale_evidence']);
    await new Promise((r) => setTimeout(r, 500));
    // The page's click listener ran (it is the page's); the submission it led to did not leave.
    expect(await events(page)).toEqual(['click:details']);
    expect(env.server.posts.length).toBe(before);
    await page.close();
  });

  it("runs a frame's commands one at a time: a scroll the page proposes while a click's handler waits synchronously does not run inside it, and the button the handler made a submit button posts nothing", async () => {
    const page = await env.open('bank.example', '/nested-commands.html');
    const sunk = () => env.server.posts.filter((p) => p.path === '/nested-sink').length;
    for (const [target, label, executed] of [
      ['#flip', 'Show details', false],
      ['#wait', 'Show history', true],
    ] as const) {
      const before = sunk();
      await page.evaluate(() => (window as unknown as { flood(count: number): void }).flood(150));
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label } });
      // The reasons in the message: under a loaded machine this once said not executed (two attempts of a full run, Dec 6).
      expect(verdict, `${target}: ${JSON.stringify(verdict.reasons)}`).toMatchObject({ executed });
      if (!executed) expect(codes(verdict)).toEqual(['stale_evidence']);
      await new Promise((r) => setTimeout(r, 800));
      expect(sunk(), target).toBe(before);
    }
    // The scrolls were performed (after the click, not inside it).
    expect(await page.evaluate(() => (window as unknown as { scrolls: string[] }).scrolls)).toContain('true');
    await page.close();
  });

  it('checks the request a click inside a submit button sends: a formaction to a lookalike is blocked; an approved honest one posts what was certified', async () => {
    const before = posted('/pay').length;
    const lookalike = await open('span-lookalike');
    const verdict = await propose(lookalike, { tool: 'click', args: { target: '#send-text' } });
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('lookalike_domain');
    await lookalike.close();
    const page = await open('span-submit');
    const call = { tool: 'click', args: { target: '#send-text' }, claims: { label: 'Read reviews' } };
    const { listed } = await proposeAndAnswer(env, page, call, { approve: true, navigates: true });
    expect(listed.id).not.toBe('');
    await expect.poll(() => posted('/pay').length, { timeout: 8_000 }).toBe(before + 1);
    expect(posted('/pay').at(-1)!.body).toBe('recipient=Alice&amount=50&currency=EUR');
    await page.close();
  });

  it.each([
    ['onsubmit-action', /would go to .*\/steal/u],
    ['late-entry', /amount = "5000"/u],
    ['late-entry-shadowed', /amount = "5000"/u],
    // A formdata listener the page adds to window during the submission runs after Warrant's; only
    // the Navigation API's navigate event sees its entries. Firefox's does; Chromium's navigate
    // event carried the entries from before that listener ran (amount=50) while the body sent said
    // 5000, so there it is out of reach (README, limits).
    ...(name === 'firefox' ? [['late-window-entry', /amount = "5000"/u] as [string, RegExp]] : []),
  ])('stops an approved form whose own handlers change the request before it leaves: %s', async (arrangement, message) => {
    const before = env.server.posts.length;
    const page = await open(arrangement);
    const { verdict } = await proposeAndAnswer(env, page, submit(), { approve: true });
    expect(verdict).toMatchObject({ approved: true, executed: false });
    expect(codes(verdict)).toContain('stale_evidence');
    expect(verdict.reasons.find((r) => r.code === 'stale_evidence')!.message).toMatch(message);
    await new Promise((r) => setTimeout(r, 500));
    // The page's submit handler ran (it is the page's), but nothing left for the server.
    expect(await events(page)).toEqual(['submit']);
    expect(env.server.posts.length).toBe(before);
    expect(await page.evaluate(() => document.getElementById('pay') !== null)).toBe(true);
    await page.close();
  });

  it("stops another form an approved form's own handler submits beside it, into a hidden frame", async () => {
    const before = env.server.posts.length;
    const paid = posted('/pay').length;
    const page = await open('other-form');
    if (name === 'firefox') {
      // Firefox runs Warrant's main-world script in the sandboxed frame too: its requestSubmit is
      // the wrapped one, which holds the other form (and throws in the page's handler); the
      // approved form posts as certified.
      await proposeAndAnswer(env, page, submit(), { approve: true, navigates: true });
      await expect.poll(() => posted('/pay').length, { timeout: 8_000 }).toBe(paid + 1);
      expect(posted('/steal')).toEqual([]);
      await page.close();
      return;
    }
    // Chromium runs none there: the requestSubmit is pristine, and only the keeper's listener sees it. Neither form leaves.
    const { verdict } = await proposeAndAnswer(env, page, submit(), { approve: true });
    expect(verdict).toMatchObject({ approved: true, executed: false });
    expect(codes(verdict)).toContain('stale_evidence');
    expect(verdict.reasons.find((r) => r.code === 'stale_evidence')!.message).toMatch(/another form/u);
    await new Promise((r) => setTimeout(r, 500));
    expect(posted('/steal')).toEqual([]);
    expect(env.server.posts.length).toBe(before);
    await page.close();
  });

  it("stops a submission that a click certified to submit nothing starts in a shadow tree, open or closed; a shadow tree's own approved submission posts what was certified", async () => {
    const paid = posted('/shadow-pay').length;
    const page = await env.open('bank.example', '/shadow-submit.html');
    for (const target of ['#open-text', '#closed-text', '#far-text']) {
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label: 'Show details' } });
      expect(verdict, target).toMatchObject({ executed: false });
      expect(codes(verdict), target).toEqual(['stale_evidence']);
    }
    const { verdict } = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#honest-box >>> #send' } }, { approve: true });
    expect(verdict).toMatchObject({ approved: true, executed: true });
    await expect.poll(() => posted('/shadow-pay').length, { timeout: 8_000 }).toBe(paid + 1);
    expect(posted('/shadow-pay').at(-1)!.body).toBe('card=4111111111111111');
    await new Promise((r) => setTimeout(r, 500));
    // The page's click listeners ran (they are the page's); no submission they led to left.
    expect(posted('/shadow-steal')).toEqual([]);
    expect(await events(page)).toEqual(['open-box:click', 'closed-box:click', 'far-box:click', 'honest-box:submit']);
    await page.close();
  });

  it('stops a submission a click certified to submit nothing starts from a form it makes during the click: in a shadow tree attached then (a POST into the page or a frame, a GET into a frame) or in a same-origin frame, also when the handler hides the end of the click; a handler that only builds such a form is performed', async () => {
    const stolen = () => env.server.requests.filter((request) => request.path === '/shadow-steal').length;
    const before = stolen();
    const page = await env.open('bank.example', '/shadow-submit.html');
    // The page's own handler runs (it is the page's); the button it made a submit button is not activated.
    const moved = ['#new-tree-sink', '#new-tree-get', '#new-frame', '#new-tree-self'];
    for (const target of moved) {
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label: 'Show details' } });
      expect(verdict, target).toMatchObject({ executed: false });
      expect(codes(verdict), target).toEqual(['stale_evidence']);
    }
    // A handler that hides the click's end from Warrant: the submission is stopped where it is heard
    // (in its frame, or where it navigates that frame or the page), after the click was performed.
    const hidden = ['#stop-frame', '#stop-frame-tree', '#stop-tree-self'];
    for (const target of hidden) {
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label: 'Show details' } });
      expect(verdict, target).toMatchObject({ decision: 'allow', executed: true });
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stolen(), `${name}: moved and hidden`).toBe(before);
    expect(page.url()).toContain('/shadow-submit.html');
    // What the click activates, read before the page's handlers ran: a label's control, the button around a span.
    for (const target of ['#label-move', '#outer-text']) {
      const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label: 'Show details' } });
      expect(verdict, target).toMatchObject({ executed: false });
      expect(codes(verdict), target).toEqual(['stale_evidence']);
    }
    await new Promise((r) => setTimeout(r, 1_500));
    expect(stolen(), `${name}: label and span`).toBe(before);
    expect(page.url()).toContain('/shadow-submit.html');
    const honest = await propose(page, { tool: 'click', args: { target: '#new-tree-honest' }, claims: { label: 'Show details' } });
    expect(honest).toMatchObject({ decision: 'allow', executed: true });
    // A link in a shadow tree (the browser names its host as the source) goes where it says.
    const link = await propose(page, { tool: 'click', args: { target: '#nav >>> #link' }, claims: { label: 'Read the details' } });
    expect(link).toMatchObject({ decision: 'allow', executed: true });
    await expect.poll(() => page.url()).toContain('#details-shown');
    expect(await events(page)).toEqual(
      [...moved, ...hidden, '#label-control', '#outer-button', '#new-tree-honest'].map((target) => `${target.slice(1)}:click`),
    );
    expect(stolen()).toBe(before);
    // A shadow tree's own submit button posting into the page itself, approved, posts (its source is the host too).
    const sent = posted('/shadow-pay-self').length;
    const { listed } = await proposeAndAnswer(
      env,
      page,
      { tool: 'click', args: { target: '#self-box >>> #send' } },
      { approve: true, navigates: true },
    );
    expect(listed.id).not.toBe('');
    await expect.poll(() => posted('/shadow-pay-self').length, { timeout: 8_000 }).toBe(sent + 1);
    await page.close();
  });

  it('stops a POST the click set off where no event is heard: a listener added to the window during the click posts a form it makes into a new frame (the initial about:blank), a cross-origin frame or a new window; a certified submission right after still posts', async () => {
    const stolen = () => env.server.requests.filter((request) => request.path === '/shadow-steal').length;
    const before = stolen();
    const page = await env.open('bank.example', '/shadow-submit.html');
    await expect.poll(() => env.server.requests.some((request) => request.path === '/far-frame')).toBe(true);
    const late = ['#late-blank', '#late-far', '#late-window'];
    try {
      for (const target of late) {
        const verdict = await propose(page, { tool: 'click', args: { target }, claims: { label: 'Show details' } });
        // Performed (the page's listener ran after Warrant's check); its request did not leave.
        expect(verdict, target).toMatchObject({ decision: 'allow', executed: true });
      }
      await new Promise((r) => setTimeout(r, 1_500));
    } finally {
      await page.evaluate(() => (window as unknown as { lateWindow?: Window | null }).lateWindow?.close()).catch(() => undefined);
    }
    expect(stolen(), `${name}: late listeners`).toBe(before);
    expect(await events(page)).toEqual(late.map((target) => `${target.slice(1)}:click`));
    // A click certified to submit nothing, then at once an approved submission: it posts.
    const honest = await propose(page, { tool: 'click', args: { target: '#new-tree-honest' }, claims: { label: 'Show details' } });
    expect(honest).toMatchObject({ decision: 'allow', executed: true });
    const sent = posted('/shadow-pay').length;
    await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#honest-box >>> #send' } }, { approve: true });
    await expect.poll(() => posted('/shadow-pay').length, { timeout: 8_000 }).toBe(sent + 1);
    await page.close();
  });

  it('asks before a button of a form with personal data that Warrant cannot read: another script, another declared language, a sum of money, and before a link or a focusable element there naming a sum; a readable one runs', async () => {
    const page = await open('honest');
    const asked = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#confirm-th' } }, { approve: false });
    expect(asked.verdict).toMatchObject({ decision: 'ask', executed: false });
    // Swahili (lang="sw") and a Finnish "pay 50 €", its words also in a span inside the button,
    // and in złoty as CLDR writes them: Latin letters, no word the lexicon knows.
    // And "pay 50 €" on a link and on a div the page gave a handler: what it pays, whatever presents it.
    for (const target of ['#pay-sw', '#pay-fi', '#pay-fi-text', '#pay-zl', '#pay-fi-link', '#pay-fi-div']) {
      const held = await proposeAndAnswer(env, page, { tool: 'click', args: { target } }, { approve: false });
      expect(held.verdict, target).toMatchObject({ decision: 'ask', executed: false });
    }
    // A currency code beside what is no sum ("3D") is no amount; a link naming none ("terms") is a plain click.
    for (const target of ['#details', '#export-3d', '#terms-fi'])
      expect(await propose(page, { tool: 'click', args: { target } }), target).toMatchObject({ decision: 'allow', executed: true });
    expect(await events(page)).toEqual(['click:details', 'click:export-3d', 'click:terms-fi']);
    await page.close();
  });

  it('rates a submission whose password field is joined to the form from outside it (form=) a credential action, as one inside it', async () => {
    const page = await open('honest');
    await page.evaluate(() => {
      const pin = Object.assign(document.createElement('input'), { type: 'password', name: 'pin', value: '1234' });
      pin.setAttribute('form', 'pay');
      document.body.append(pin);
    });
    const { verdict } = await proposeAndAnswer(env, page, submit(), { approve: false });
    expect(verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(verdict.reasons.map((r) => r.message).join(' ')).toContain('A credential action');
    await page.close();
  });

  it('reads the form\'s own action and controls, not the controls named "action" and "elements" that shadow them: a credential post to /pay, sent as certified once approved', async () => {
    const paid = posted('/pay').length;
    const page = await open('named-controls');
    const { listed } = await proposeAndAnswer(env, page, submit(), { approve: true, navigates: true });
    expect(listed.text).toContain('A credential action');
    await expect.poll(() => posted('/pay').length, { timeout: 8_000 }).toBe(paid + 1);
    expect(posted('/pay').at(-1)!.body).toContain('action=login');
    expect(posted('/pay').at(-1)!.body).toContain('remove=0&parentNode=x');
    await page.close();
  });

  it('walks up from a form whose controls shadow its parentNode and more: a button under a faded div is not performed, the same names on a shown form are no obstacle', async () => {
    const page = await env.open('bank.example', '/shadowed-members.html');
    await expectClickRefused(env, page, 'faded', 'Show details', 'target_hidden');
    await expectClickRefused(env, page, 'faded2', 'Show details', 'target_hidden');
    // Its own inline outline over a button, its controls named namespaceURI and style (Chromium clicked it).
    await expectClickRefused(env, page, 'outlined', 'Show details');
    await expectClickPerformed(env, page, 'plain', 'Show details');
    // Submitted through the prototype's requestSubmit, not the field named so: the search goes.
    await page.evaluate(() => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose({
        tool: 'submit',
        args: { target: '#search' },
      });
    });
    await expect
      .poll(() => env.server.requests.some((r) => r.path === '/landing.html' && r.search.startsWith('?q=shoes&requestSubmit=1')), {
        timeout: 8_000,
      })
      .toBe(true);
    await page.close();
  });

  it("shows in the ask every value the form sends but a password's: a field whose name sounds secret is shown as it will leave", async () => {
    const page = await env.open('bank.example', '/amount-token.html');
    expect(await propose(page, { tool: 'type', args: { target: '#amount', text: '10' } })).toMatchObject({ executed: true });
    const sent = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#send' } }, { approve: false });
    expect(sent.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(sent.listed.text).toContain('1000');
    const login = await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#sign-in' } }, { approve: false });
    expect(login.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(login.listed.text).toContain('alice');
    expect(login.listed.text).not.toContain('hunter2secret');
    await page.close();
  });

  it('judges a card number typed in pieces into one field whole, whatever selector names it, though the page empties the field after each: the completing piece is asked about; ordinary pieces are not', async () => {
    const leaked = () => env.server.requests.filter((request) => request.path === '/leak-split').length;
    const before = leaked();
    const page = await env.open('bank.example', '/split-card.html');
    const type = (target: string, text: string) => ({ tool: 'type', args: { target, text } });
    expect(await propose(page, type('#code', '4111 1111 '))).toMatchObject({ decision: 'allow', executed: true });
    // An assistant that waits for the worker to be stopped between the pieces gains nothing (storage.session).
    await env.browser.stopServiceWorker?.();
    // The same field named by another selector is the same field (a review, Dec 7: the history was keyed by the selector's text).
    const second = await proposeAndAnswer(env, page, type('label:first-of-type > input', '1111 1111'), { approve: false });
    expect(second.verdict).toMatchObject({ decision: 'ask', executed: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(leaked()).toBe(before);
    // Honest: a word and a town, piece by piece, into the same fields.
    for (const [target, text] of [
      ['#code', 'GIFT'],
      ['#code', '2026'],
      ['#city', 'Par'],
      ['#city', 'is'],
    ] as const)
      expect(await propose(page, type(target, text)), `${target} ${text}`).toMatchObject({ decision: 'allow', executed: true });
    expect(await page.evaluate(() => (window as unknown as { store: string }).store)).toBe('4111 1111 GIFT2026');
    await page.close();
  });

  it('judges the pieces one field whole though the page puts an element before it after each, and the second piece names it by another selector', async () => {
    const leaked = () => env.server.requests.filter((request) => request.path === '/leak-split').length;
    const before = leaked();
    const page = await env.open('bank.example', '/split-card-shift.html');
    const type = (target: string, text: string) => ({ tool: 'type', args: { target, text } });
    expect(await propose(page, type('#voucher', '4111 1111 '))).toMatchObject({ decision: 'allow', executed: true });
    const second = await proposeAndAnswer(env, page, type('.redeem label > input', '1111 1111'), { approve: false });
    expect(second.verdict).toMatchObject({ decision: 'ask', executed: false });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(leaked()).toBe(before);
    await page.close();
  });

  it('asks before typing a card number or an IBAN into a field not declared for it', async () => {
    const page = await open('honest');
    for (const text of [
      '4111 1111 1111 1111',
      'DE89 3704 0044 0532 0130 00',
      '4111.1111.1111.1111',
      '４１１１ １１１１ １１１１ １１１１',
    ]) {
      const asked = await proposeAndAnswer(
        env,
        page,
        { tool: 'type', args: { target: '#amount', text, replace: true } },
        { approve: false },
      );
      expect(asked.verdict, text).toMatchObject({ decision: 'ask', executed: false });
    }
    expect(await page.evaluate(() => (document.getElementById('amount') as HTMLInputElement).value)).toBe('50');
    expect(await propose(page, { tool: 'type', args: { target: '#amount', text: '75', replace: true } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    // Typed in two appending calls, neither of which shows it (a red team, Dec 7): the second would
    // complete a card number with the first, and is asked about (typed-history.ts); ordinary text appends as before.
    const type = (text: string, replace = false) => ({ tool: 'type', args: { target: '#recipient', text, replace } });
    expect(await propose(page, type('4111 1111 ', true))).toMatchObject({ decision: 'allow', executed: true });
    const second = await proposeAndAnswer(env, page, type('1111 1111'), { approve: false });
    expect(second.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(await propose(page, type('Smith'))).toMatchObject({ decision: 'allow', executed: true });
    expect(await page.evaluate(() => (document.getElementById('recipient') as HTMLInputElement).value)).toBe('4111 1111 Smith');
    // Text the field holds that Warrant did not type (the user's, the page's) is judged where it is
    // typed: the appended text that would make it hold a card is not typed (actions.ts unjudgedData).
    await page.evaluate(() => {
      (document.getElementById('recipient') as HTMLInputElement).value = '5500 0000 ';
    });
    const appended = await propose(page, type('0000 0004'));
    expect(appended.executed).toBe(false);
    expect(codes(appended)).toContain('stale_evidence');
    await page.close();
  });

  it('lets an honest AJAX form post its own request (the page cancels the submission)', async () => {
    const before = posted('/pay-ajax').length;
    const page = await open('ajax');
    const { verdict } = await proposeAndAnswer(env, page, submit(), { approve: true });
    expect(verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    await expect.poll(() => posted('/pay-ajax').length, { timeout: 8_000 }).toBe(before + 1);
    await page.close();
  });
});

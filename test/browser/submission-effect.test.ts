import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, codes, propose, proposeOrDeny, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * A submission judged by what leaves (core/plan/privilege.ts). A utility test of honest pages
 * (Dec 6) found every search box asked for, as a commitment, and a dialog's own "Got it" (a
 * `method=dialog` form, which sends nothing) asked as a link to the page's own URL, leaving the
 * modal open over the rest. A GET submission is now a navigation to its URL, judged by its words
 * and where it goes; a posted form, or one holding personal or payment data, is still a commit.
 * Fixture: test/fixtures/search-dialog.html. Judged by the request that reached the server.
 */
describe.each(BROWSERS)('submissions by what leaves in %s', (browserName) => {
  const env = useBrowser(browserName);

  it('searches without an ask: the GET request leaves with the query', async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    // The page that proposed is replaced by the results, so no verdict comes back to it; an ask
    // would hold the request until answered, and nothing answers here.
    await page.evaluate(() => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant
        .propose({ tool: 'click', args: { target: '#search-go' }, claims: { label: 'Search' } })
        .catch(() => undefined);
    });
    await waitFor('the search request', () =>
      env.server.requests.some((r) => r.method === 'GET' && r.path === '/search-results' && r.search === '?q=headphones'),
    );
    await page.close();
  });

  it("follows the site's own redirect to its own pages without an ask", async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    await page.evaluate(() => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant
        .propose({ tool: 'click', args: { target: '#back-go' }, claims: { label: 'Open orders page' } })
        .catch(() => undefined);
    });
    await waitFor('the redirect request', () =>
      env.server.requests.some(
        (r) => r.method === 'GET' && r.path === '/go' && r.search === `?next=${encodeURIComponent('https://shop.example/orders')}`,
      ),
    );
    await page.close();
  });

  it("closes a dialog with its own form's button without an ask", async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    const opened = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#open' }, claims: { label: 'Show tips' } });
    expect(opened.verdict).toMatchObject({ decision: 'allow', executed: true });
    const { verdict, asked } = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#got-it' }, claims: { label: 'Got it' } });
    expect(asked).toBe(false);
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(await page.evaluate(() => (document.getElementById('tips') as HTMLDialogElement).open)).toBe(false);
    expect(await clicks(page)).toEqual(['open', 'got-it']);
    await page.close();
  });

  it('still asks for a GET submission that names a commitment, and for one leaving the site', async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    for (const [target, label, path] of [
      ['#delete-go', 'Delete account', '/account-remove'],
      ['#elsewhere-go', 'Find', '/search-results'],
      // The site's own redirect, told by a hidden field to go to another site: where the GET goes
      // is its action with the entries as the query (privilege.ts getRequestUrl).
      ['#redirect-go', 'Open offers', '/go'],
    ] as const) {
      const before = env.server.requests.length;
      const { verdict, asked } = await proposeOrDeny(env, page, { tool: 'click', args: { target }, claims: { label } });
      expect(asked, target).toBe(true);
      expect(verdict.executed, target).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(env.server.requests.slice(before).filter((r) => r.path === path)).toEqual([]);
    }
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it("judges a submission by the form's buttons and a click by the control it presses (a red team, Dec 6)", async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    const refused = async (call: Parameters<typeof proposeOrDeny>[2], path: string) => {
      const before = env.server.requests.length;
      const { verdict, asked } = await proposeOrDeny(env, page, call);
      expect(asked, JSON.stringify(call)).toBe(true);
      expect(verdict.executed, JSON.stringify(call)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(env.server.requests.slice(before).filter((r) => r.path === path)).toEqual([]);
    };
    // The submit tool on the "Reason" field, on the hidden field, and on a hidden form, of a GET "Delete account" form.
    await refused({ tool: 'submit', args: { target: '#remove-reason' } }, '/account-remove');
    await refused({ tool: 'submit', args: { target: '#remove-id' } }, '/account-remove');
    await refused({ tool: 'submit', args: { target: '#remove-hidden' } }, '/account-remove');
    // A click on the words inside the "Delete my account" button, and inside a plain "Pay now".
    await refused({ tool: 'click', args: { target: '#remove-span' }, claims: { label: 'my account' } }, '/account-remove');
    await refused({ tool: 'click', args: { target: '#pay-span' }, claims: { label: 'now' } }, '/paid');
    // And inside a dialog's "Delete account" (the dialog, open, makes the rest of the page inert).
    const opened = await proposeOrDeny(env, page, {
      tool: 'click',
      args: { target: '#open-account' },
      claims: { label: 'Account options' },
    });
    expect(opened.verdict).toMatchObject({ decision: 'allow', executed: true });
    await refused({ tool: 'click', args: { target: '#account-span' }, claims: { label: 'account' } }, '/account-remove');
    expect(await clicks(page)).toEqual(['open-account']);
    await page.close();
  });

  it('submits a search by its field without an ask', async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    await page.evaluate(() => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant
        .propose({ tool: 'submit', args: { target: '#query' } })
        .catch(() => undefined);
    });
    await waitFor('the search request', () =>
      env.server.requests.some((r) => r.method === 'GET' && r.path === '/search-results' && r.search === '?q=headphones'),
    );
    await page.close();
  });

  it('types a date and a time in their own form; another form is refused and leaves the field as it was', async () => {
    const page = await env.open('shop.example', '/search-dialog.html');
    const type = (target: string, text: string) => propose(page, { tool: 'type', args: { target, text } });
    expect(await type('#when', '2026-12-24')).toMatchObject({ decision: 'allow', executed: true });
    expect(await type('#at', '14:30')).toMatchObject({ decision: 'allow', executed: true });
    const wrong = await type('#when', '24/12/2027');
    expect(wrong.executed).toBe(false);
    expect(codes(wrong)).toContain('execution_failed');
    expect(await page.evaluate(() => (document.getElementById('when') as HTMLInputElement).value)).toBe('2026-12-24');
    expect(await page.evaluate(() => (window as unknown as { changes: string[] }).changes)).toEqual(['when=2026-12-24', 'at=14:30']);
    await page.close();
  });
});

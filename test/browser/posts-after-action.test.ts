import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { propose, proposeAndAnswer, useBrowser } from '../support/suite';

/**
 * The request that leaves after an action certified to submit nothing (background/navigation-guard.ts,
 * its POST rule): a red team's attack on it (Dec 6, fixture test/fixtures/posts-after-action.html),
 * each case of which posted a card to evil.example in Chromium, Firefox or both. Judged by what the
 * server received. The page's own POST after the rule's second is a known limit, not tried here.
 */
describe.each(BROWSERS)('POSTs after an action certified to submit nothing in %s', (name) => {
  const env = useBrowser(name, { freshTabs: true });
  const leaks = () => env.server.posts.filter((post) => post.path.startsWith('/leak')).map((post) => `${post.host}${post.path}`);
  const loaded = (inner: string) =>
    env.server.requests.filter((request) => request.path === '/posts-after-action.html' && request.search.includes(`inner=${inner}`))
      .length;

  it('stops a POST into an <object> or <embed>, through a popup opened before, from a frame of another site or an opaque one the click messaged, and after typing; an approved submission right after a plain click posts', async () => {
    const before = leaks();
    const page = await env.open('bank.example', '/posts-after-action.html');
    try {
      for (const inner of ['far2', 'far3', 'obj', 'emb']) await expect.poll(() => loaded(inner), { timeout: 10_000 }).toBeGreaterThan(0);
      // Popups the page opens on earlier clicks (same origin: allowed), then kept.
      for (const opener of ['#open-pop-same', '#open-pop-same2'])
        expect(await propose(page, { tool: 'click', args: { target: opener }, claims: { label: 'Show details' } }), opener).toMatchObject({
          executed: true,
        });
      for (const inner of ['pops', 'pops2']) await expect.poll(() => loaded(inner), { timeout: 10_000 }).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 1_500));
      const attacks = ['a-obj', 'a-emb', 'a-pop-same', 'a-far-msg', 'a-far-msg-plain', 'a-opaque', 'a-data', 'a-pop-msg'];
      for (const id of attacks) {
        // Performed (the page's own code posts, after Warrant's checks); what leaves is what counts.
        const verdict = await propose(page, { tool: 'click', args: { target: `#${id}` }, claims: { label: 'Show details' } });
        expect(verdict, id).toMatchObject({ decision: 'allow', executed: true });
      }
      const typed = await propose(page, { tool: 'type', args: { target: '#city', text: 'Paris' } });
      expect(typed).toMatchObject({ decision: 'allow', executed: true });
      await new Promise((r) => setTimeout(r, 2_500));
      expect(leaks(), name).toEqual(before);
      // Honest: a plain click, then at once an approved submission of the page's own form.
      expect(await propose(page, { tool: 'click', args: { target: '#plain' }, claims: { label: 'Show details' } })).toMatchObject({
        executed: true,
      });
      const sent = env.server.posts.filter((post) => post.path === '/honest-pay').length;
      await proposeAndAnswer(env, page, { tool: 'click', args: { target: '#send' } }, { approve: true });
      await expect.poll(() => env.server.posts.filter((post) => post.path === '/honest-pay').length, { timeout: 8_000 }).toBe(sent + 1);
    } finally {
      await page
        .evaluate(() => {
          const w = window as unknown as { popSame?: Window; popSame2?: Window };
          w.popSame?.close();
          w.popSame2?.close();
        })
        .catch(() => undefined);
      await page.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/policy/defaults';
import { BROWSERS, type TestPage } from '../support/browsers';
import { codes, propose, proposeAndAnswer, useBrowser } from '../support/suite';

/**
 * The request that leaves after an action certified to submit nothing (background/navigation-guard.ts,
 * its POST rule): a red team's attack on it (Dec 6, fixture test/fixtures/posts-after-action.html),
 * each case of which posted a card to evil.example in Chromium, Firefox or both. Judged by what the
 * server received. The page's own POST after the rule's second is a known limit, not tried here.
 */
describe.each(BROWSERS)('POSTs after an action certified to submit nothing in %s', (name) => {
  // The probe build: its page sets the policy (test/support/ocr-probe/).
  const env = useBrowser(name, { freshTabs: true, probe: true });
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

  const landed = (via: string) =>
    env.server.requests.some((request) => request.path === '/landing.html' && request.search === `?via=${via}`);
  /** Proposes an action that leaves the page: performed, its page loads; the answer may be lost with the page. */
  const proposeLeaving = (page: TestPage, call: unknown) =>
    page.evaluate((c) => {
      void (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose(c);
    }, call);

  it("sends no link's ping to a site the click was not judged to reach; a ping to the link's own site goes", async () => {
    const pings = (path: string) => env.server.posts.filter((post) => post.path === path).length;
    const [far, own] = [pings('/ping-far'), pings('/ping-own')];
    for (const [target, label, via] of [
      ['#far-ping', 'Shipping info', 'far'],
      ['#own-ping', 'Returns', 'own'],
    ] as const) {
      const page = await env.open('shop.example', '/link-ping.html');
      // The click is performed when its page loads (the verdict may be lost with the page it leaves).
      await proposeLeaving(page, { tool: 'click', args: { target }, claims: { label } });
      await expect.poll(() => landed(via), { timeout: 8_000 }).toBe(true);
      await page.close();
    }
    // Firefox sends no pings unless browser.send_pings is set; Chromium sends them with the navigation.
    if (name === 'chromium') await expect.poll(() => pings('/ping-own'), { timeout: 5_000 }).toBe(own + 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(pings('/ping-far')).toBe(far);
  });

  it('does not follow a link its own click handler makes a download; a handler that only counts the click leaves the link as it was', async () => {
    const fetched = () => env.server.requests.filter((request) => request.path === '/download-file.bin').map((request) => request.search);
    const before = fetched();
    const page = await env.open('shop.example', '/link-download.html');
    for (const [target, label] of [
      ['#guide', 'Read the guide'],
      // An SVG link (xlink:href) is a link to this check as it is to the certification.
      ['#manual', 'Read the manual'],
      // Its handler stops the click where it is (the window's listeners do not hear it).
      ['#notes', 'Read the notes'],
      // A window listener of the page's, earlier than Warrant's, stops it there.
      ['#slides', 'Read the slides'],
    ]) {
      const made = await propose(page, { tool: 'click', args: { target }, claims: { label } });
      expect(made.executed, `${target}: ${JSON.stringify(made.reasons)}`).toBe(false);
      expect(codes(made)).toContain('stale_evidence');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(fetched()).toEqual(before);
    await proposeLeaving(page, { tool: 'click', args: { target: '#terms' }, claims: { label: 'Read the terms' } });
    await expect.poll(() => landed('terms'), { timeout: 8_000 }).toBe(true);
    await page.close();
    const svg = await env.open('shop.example', '/link-download.html');
    await proposeLeaving(svg, { tool: 'click', args: { target: '#faq' }, claims: { label: 'Read the FAQ' } });
    await expect.poll(() => landed('faq'), { timeout: 8_000 }).toBe(true);
    await svg.close();
  });

  it("lets a POST submission the policy allows out at once after a plain click: its own request, exactly, goes through the click's POST rule", async () => {
    // Commits allowed and read without the pixels, so the submission follows the click within its second.
    const allowing = {
      ...DEFAULT_POLICY,
      ocr: { ...DEFAULT_POLICY.ocr, commit: false },
      privileges: { ...DEFAULT_POLICY.privileges, default: { ...DEFAULT_POLICY.privileges.default, commit: 'allow' } },
    };
    const probe = await env.browser.openExtensionPage('test/support/ocr-probe/index.html');
    const setPolicy = (policy: unknown) =>
      probe.evaluate((p) => (globalThis as unknown as { probe: { setPolicy(p: unknown): Promise<unknown> } }).probe.setPolicy(p), policy);
    await setPolicy(allowing);
    let page = await env.open('bank.example', '/posts-after-action.html');
    try {
      // Both actions must fall within the rule's second, or this shows nothing: on a loaded machine
      // they may not (Firefox, 1,072 ms once, Dec 7), so the pair is tried again, up to three times,
      // and every miss is printed. Each pair's submission must post whatever its timing.
      const times: number[] = [];
      for (let attempt = 0; attempt < 3 && !times.some((ms) => ms < 1_000); attempt += 1) {
        if (attempt > 0) {
          await page.close();
          page = await env.open('bank.example', '/posts-after-action.html');
        }
        const sent = env.server.posts.filter((post) => post.path === '/honest-pay').length;
        const started = Date.now();
        expect(await propose(page, { tool: 'click', args: { target: '#plain' }, claims: { label: 'Show details' } })).toMatchObject({
          executed: true,
        });
        expect(await propose(page, { tool: 'click', args: { target: '#send' } })).toMatchObject({ decision: 'allow', executed: true });
        times.push(Date.now() - started);
        await expect.poll(() => env.server.posts.filter((post) => post.path === '/honest-pay').length, { timeout: 8_000 }).toBe(sent + 1);
        if (times.at(-1)! >= 1_000)
          console.warn(`posts-after-action (${name}): the pair took ${times.at(-1)} ms, over the rule's second; tried again`);
      }
      expect(Math.min(...times), 'both actions within the rule’s second, in one of three tries').toBeLessThan(1_000);
    } finally {
      await page.close();
      await setPolicy(DEFAULT_POLICY).catch(() => undefined);
      await probe.close();
    }
  });
});

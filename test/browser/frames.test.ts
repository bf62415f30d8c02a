import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { answerPendingAsk, clicks, codes, useBrowser, type Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

type ChildReport = { verdict: Verdict; clicks: string[] };

describe.each(BROWSERS)('frames in %s', (name) => {
  const env = useBrowser(name);

  it('gives a cross-site iframe its own page API, scoped to its own document', async () => {
    const page = await env.open('bank.example', '/frame-host.html');
    const run = (call: unknown) =>
      page.evaluate((c) => (window as unknown as { runInChild(c: unknown): Promise<ChildReport> }).runInChild(c), call);

    const inChild = await run({ tool: 'click', args: { target: '#child-button' }, claims: { label: 'Open offer' } });
    expect(inChild.verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(inChild.clicks).toEqual(['child-button']);

    // The child cannot reach the parent's elements: targets are evaluated in the proposing frame.
    const intoParent = await run({ tool: 'click', args: { target: '#details' } });
    expect(codes(intoParent.verdict)).toEqual(['target_not_found']);
    expect(await clicks(page)).toEqual([]);

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const text = await waitFor('two records in the popup', () =>
      popup.evaluate(() => document.querySelector('#records > li:nth-child(2)')?.textContent),
    );
    expect(text).toContain(`evil.example:${env.server.port}`);
    await popup.close();
    await page.close();
  });

  it("judges a frame's link that replaces the top page against the tab's site: a cross-site frame's target=_top link to its own site is asked about, one to a lookalike of the tab's site blocked; one within the frame is not", async () => {
    const page = await env.open('bank.example', '/frame-host.html');
    const run = (call: unknown) =>
      page.evaluate((c) => (window as unknown as { runInChild(c: unknown): Promise<ChildReport> }).runInChild(c), call);
    const top = run({ tool: 'click', args: { target: '#top-link' }, claims: { label: 'Continue to your offer' } });
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.text).toContain('Continue to your offer');
    const { verdict } = await top;
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('not_approved');
    expect(await page.evaluate(() => location.pathname)).toBe('/frame-host.html');
    // One to a lookalike of the tab's site is blocked without an ask (the frame's own site is no lookalike of itself).
    const lookalike = await run({ tool: 'click', args: { target: '#top-lookalike' }, claims: { label: 'Sign in to your bank' } });
    expect(lookalike.verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(lookalike.verdict)).toContain('lookalike_domain');
    expect(await page.evaluate(() => location.pathname)).toBe('/frame-host.html');
    const within = await run({ tool: 'click', args: { target: '#frame-link' }, claims: { label: 'More offers' } });
    expect(within.verdict).toMatchObject({ decision: 'allow', executed: true });
    await page.close();
  });
});

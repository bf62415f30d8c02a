import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { clicks, codes, propose, proposeAndAnswer, useBrowser } from '../support/suite';

/**
 * The DOM and AX verifiers read the flat tree (open, closed and declarative shadow roots, slots
 * with fallback) and join text as it is laid out. Judged by what the page did.
 */
describe.each(BROWSERS)('flat tree and laid-out text in %s', (browserName) => {
  const env = useBrowser(browserName);
  const click = (target: string, label?: string) => ({ tool: 'click', args: { target }, ...(label ? { claims: { label } } : {}) });

  it('performs honest clicks inside open, closed and declarative shadow roots', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    for (const [target, label] of [
      ['#open-host >>> button', 'Open menu'],
      ['#closed-host >>> button', 'Show details'],
      ['#dsd-host >>> button', 'Open inbox'],
    ] as const) {
      const verdict = await propose(page, click(target, label));
      expect(verdict, target).toMatchObject({ decision: 'allow', executed: true });
    }
    expect(await clicks(page)).toEqual(['open-host', 'closed-host', 'dsd-host']);
    await page.close();
  });

  it('finds a control inert through its shadow host, which no selector query crosses', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    const verdict = await propose(page, click('#inert-host >>> button', 'Open menu'));
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toContain('target_disabled');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('performs an honest click in a content-visibility: auto section of a closed shadow root, far down the page', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    const verdict = await propose(page, click('#cv-host >>> button', 'Open archive'));
    expect(verdict.reasons).toEqual([]);
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['cv-host']);
    await page.close();
  });

  it('reads a closed shadow root over the light DOM: "Cancel" is not what shows, "Pay $900" is a commit', {
    timeout: 150_000,
  }, async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    const cancel = await propose(page, click('#pay-host', 'Cancel'));
    expect(cancel).toMatchObject({ decision: 'block', executed: false });
    expect(codes(cancel)).toContain('label_mismatch');
    const { verdict } = await proposeAndAnswer(env, page, click('#pay-host'), { approve: false });
    expect(verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(codes(verdict)).toContain('requires_approval');
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('reads slots: fallback when nothing is assigned, the assigned nodes otherwise', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    expect(await propose(page, click('#fallback-host >>> button', 'Next page'))).toMatchObject({ decision: 'allow', executed: true });
    const fallbackClaimed = await propose(page, click('#assigned-host >>> button', 'Next page'));
    expect(fallbackClaimed).toMatchObject({ decision: 'block', executed: false });
    expect(codes(fallbackClaimed)).toContain('label_mismatch');
    expect(await propose(page, click('#assigned-host >>> button', 'Zoom in'))).toMatchObject({ decision: 'allow', executed: true });
    // Slotted text straight from the host: hit-tested and read through the slot.
    expect(await propose(page, click('#text-host >>> button', 'Next page'))).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['fallback-host', 'assigned-host', 'text-host']);
    await page.close();
  });

  it('styles slotted text from its slot: white through the slot is not shown, its dark twin is', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    const white = await propose(page, click('#white-host >>> button', 'Show help'));
    expect(white).toMatchObject({ decision: 'block', executed: false });
    expect(codes(white)).toContain('label_mismatch');
    expect(await propose(page, click('#dark-host >>> button', 'Show help'))).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['dark-host']);
    await page.close();
  });

  it('joins a word split by inline markup: honest labels pass', async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    for (const [target, label] of [
      ['#save', 'Save'],
      ['#inline-block', 'Open menu'],
      ['#two-words', 'Show details'],
    ] as const) {
      expect(await propose(page, click(target, label)), target).toMatchObject({ decision: 'allow', executed: true });
    }
    const split = await propose(page, click('#two-words', 'Showdetails'));
    expect(split).toMatchObject({ decision: 'block', executed: false });
    expect(await clicks(page)).toEqual(['save', 'inline-block', 'two-words']);
    await page.close();
  });

  it('sees a commit word split by markup ("Trans<span>fer</span>") and asks instead of allowing', { timeout: 150_000 }, async () => {
    const page = await env.open('shop.example', '/flat-tree.html');
    for (const target of ['#transfer', '#flex-transfer']) {
      const { verdict } = await proposeAndAnswer(env, page, click(target), { approve: false });
      expect(verdict, target).toMatchObject({ decision: 'ask', executed: false });
      expect(codes(verdict), target).toContain('requires_approval');
    }
    // The claim in full matches what is shown (and is still a commit).
    const { verdict } = await proposeAndAnswer(env, page, click('#transfer', 'Transfer $5,000'), { approve: true });
    expect(verdict).toMatchObject({ decision: 'ask', executed: true });
    expect(await clicks(page)).toEqual(['transfer']);
    await page.close();
  });
});

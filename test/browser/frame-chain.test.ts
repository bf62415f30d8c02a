import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { answerPendingAsk, useBrowser, type Verdict } from '../support/suite';

type Report = { verdict: Verdict; clicks: string[] };

const pay = { tool: 'click', args: { target: '#pay' } };
const open = { tool: 'click', args: { target: '#open' }, claims: { label: 'Open offer' } };

/**
 * Issue 10 §1: a target in a subframe is visible only through every ancestor frame element.
 * Judged by what the page did: the target frame's click handler ran or did not.
 */
describe.each(BROWSERS)('frame chain in %s', (name) => {
  const env = useBrowser(name);

  async function inTarget(arrangement: string, call: unknown, query = ''): Promise<Report> {
    const page = await env.open('bank.example', `/frame-chain.html?case=${arrangement}${query}`);
    try {
      return await page.evaluate((c) => (window as unknown as { runInTarget(c: unknown): Promise<Report> }).runInTarget(c), call);
    } finally {
      await page.close();
    }
  }

  const frameReason = (verdict: Verdict) => verdict.reasons.find((r) => r.predicate === 'target.frame.visible');

  it.each([
    ['opacity0', 'target_hidden'],
    ['opacity005', 'target_hidden'],
    ['tiny', 'target_hidden'],
    ['clip', 'target_hidden'],
    ['offscreen', 'target_hidden'],
    ['covered', 'target_covered'],
    ['covered-pe', 'target_covered'],
    ['covered-pe-shadow', 'target_covered'],
    ['scaled01', 'target_hidden'],
    ['rotated-squeezed', 'target_hidden'],
    ['rotated-covered', 'target_covered'],
    ['upside-covered', 'target_covered'],
    ['nested-hidden', 'target_hidden'],
    ['cv-hidden', 'target_hidden'],
    // The top page's view transition holds a picture of the page over the frame (view-transition.ts).
    ['transition', 'target_covered'],
  ])('blocks a commit button in a cross-site frame when the chain hides it: %s', async (arrangement, code) => {
    const report = await inTarget(arrangement, pay);
    expect(report.clicks).toEqual([]);
    expect(report.verdict).toMatchObject({ decision: 'block', executed: false });
    const reason = frameReason(report.verdict);
    expect(reason?.code).toBe(code);
    // The message names the frame element that fails.
    expect(reason?.message).toMatch(/iframe#outer|div/);
  });

  it('asks about a click in a mirrored frame: the chain cannot say what it shows (the policy decides)', async () => {
    const page = await env.open('bank.example', '/frame-chain.html?case=mirrored');
    await page.evaluate((c) => {
      const w = window as unknown as { runInTarget(c: unknown): Promise<Report>; pending?: Promise<Report> };
      w.pending = w.runInTarget(c);
    }, open);
    const listed = await answerPendingAsk(env, { approve: false });
    const report = await page.evaluate(() => (window as unknown as { pending: Promise<Report> }).pending);
    expect(listed.id).not.toBe('');
    expect(report.verdict).toMatchObject({ decision: 'ask', executed: false });
    expect(frameReason(report.verdict)?.code).toBe('evidence_missing');
    expect(frameReason(report.verdict)?.message).toMatch(/mirrored/);
    expect(report.clicks).toEqual([]);
    await page.close();
  });

  it("blocks a click in a cross-site frame under a cover an animation on a popup's timeline makes click-through (the top page opened the popup)", async () => {
    const page = await env.open('bank.example', '/frame-chain.html?case=covered-window');
    expect(await page.evaluate(() => (window as unknown as { coverWithPopup(): boolean }).coverWithPopup())).toBe(true);
    const report = await page.evaluate((c) => (window as unknown as { runInTarget(c: unknown): Promise<Report> }).runInTarget(c), open);
    expect(report.clicks).toEqual([]);
    expect(report.verdict).toMatchObject({ decision: 'block', executed: false });
    expect(frameReason(report.verdict)?.code).toBe('target_covered');
    await page.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());
    await page.close();
  });

  it.each([
    ['visible', ''],
    ['nested', ''],
    ['boxed', '&spacer=400'],
    ['scaled09', ''],
    ['rotated', ''],
    ['rotated-wrap', ''],
    ['nested', '&spacer=300'],
    // content-visibility: auto, where the frame element sits in the top page / the target in the frame.
    ['cv-far', ''],
    ['visible', '&spacer=400&cv=1'],
    ['nested', '&spacer=300&cv=1'],
    // Proposed while the top page's ordinary view transition (0.25 s) runs: certified once it ends.
    ['transition-short', ''],
  ])('allows a visible cross-site frame without an ask: %s%s', async (arrangement, query) => {
    const report = await inTarget(arrangement, open, query);
    expect(report.verdict.reasons).toEqual([]);
    expect(report.verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(report.clicks).toEqual(['open']);
  });

  // What the parent paints onto the frame that the DOM there cannot judge (a filter on the frame or
  // an ancestor, a blend or translucent layer over it) is settled by the pixels, in both directions.
  // `far`: the top page is scrolled when the pixels are read (Firefox captures the target's area of
  // the top document, placed by the top frame's scroll offset: src/background/ocr/capture.ts).
  it.each([
    ['blur', ''],
    ['washed', ''],
    ['lighten-pe', ''],
    ['lighten-pe', '&far=1'],
  ])('does not run a click the frame chain paints out (pixels decide): %s%s', async (arrangement, query) => {
    const report = await inTarget(arrangement, open, query);
    expect(report.clicks).toEqual([]);
    expect(report.verdict.executed).toBe(false);
    expect(report.verdict.decision).toBe('block');
  });

  it.each([
    ['veil-pe', ''],
    ['multiply-pe', ''],
    ['grey', ''],
    // Read through a 25° turn of the frame chain, turned upright (the pixels cannot read it turned).
    ['rotated-grey', ''],
    ['veil-pe', '&far=1'],
  ])('runs a click the frame chain only tints (pixels read it): %s%s', async (arrangement, query) => {
    const report = await inTarget(arrangement, open, query);
    expect(report.verdict.reasons).toEqual([]);
    expect(report.verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(report.clicks).toEqual(['open']);
  });

  it('reads the pixels of a commit in a visible subframe: the ask shows its crop', async () => {
    const page = await env.open('bank.example', '/frame-chain.html?case=nested');
    await page.evaluate(() => {
      const w = window as unknown as { runInTarget(c: unknown): Promise<Report>; pending?: Promise<Report> };
      w.pending = w.runInTarget({ tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay now' } });
    });
    const listed = await answerPendingAsk(env, { approve: false });
    const report = await page.evaluate(() => (window as unknown as { pending: Promise<Report> }).pending);
    expect(listed.id).not.toBe('');
    expect(listed.hasCrop).toBe(true);
    // The chain held, and the pixels read at its rectangle did not contradict the label. (Whether OCR
    // was sure enough, or finished in time on a loaded machine, only moves the ask's reasons.)
    expect(report.verdict.decision).toBe('ask');
    expect(report.verdict.reasons.filter((r) => r.predicate === 'target.frame.visible')).toEqual([]);
    expect(report.verdict.reasons.map((r) => r.code)).not.toContain('pixel_mismatch');
    expect(report.clicks).toEqual([]);
    await page.close();
  });

  it('does not execute an approved commit whose frame was faded out while the user was asked', async () => {
    const page = await env.open('bank.example', '/frame-chain.html?case=visible');
    await page.evaluate(() => {
      const w = window as unknown as { runInTarget(c: unknown): Promise<Report>; pending?: Promise<Report> };
      w.pending = w.runInTarget({ tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay now' } });
    });
    const listed = await answerPendingAsk(env, {
      approve: true,
      beforeAnswer: async () => {
        await page.evaluate(() => {
          (document.getElementById('outer') as HTMLElement).style.opacity = '0';
        });
      },
    });
    const report = await page.evaluate(() => (window as unknown as { pending: Promise<Report> }).pending);
    expect(listed.id).not.toBe('');
    expect(report.verdict.executed).toBe(false);
    expect(report.verdict.reasons.map((r) => r.code)).toContain('stale_evidence');
    expect(report.clicks).toEqual([]);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestPage } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { clicks, proposeOrDeny, useBrowser } from '../support/suite';

/**
 * Animations on the timeline of a document with no frame or window (an attacker helper, Dec 4):
 * Chromium applies them and lists them nowhere, so a cover made click-through, or a box-shadow cast
 * over the label, was performed through while Warrant counted only frames and windows it could
 * see (verifiers/animations.ts). Fixture: test/fixtures/frameless-timeline.html.
 */
describe.each(BROWSERS)('animations on timelines no list shows, in %s', (browserName) => {
  const env = useBrowser(browserName, { scrollbars: true, probe: true });
  const captures = captureCounter(env);
  const click = (page: TestPage) =>
    proposeOrDeny(env, page, { tool: 'click', args: { target: '#close' }, claims: { label: 'Close panel' } });

  // Where the list lies for its 500 px bullet to cover the label (Chromium: the fixture's place).
  const bullet = browserName === 'firefox' ? '&x=430&y=-245' : '';

  // Chromium: a tab nothing opened, as a person's own is (newPage's tabs name the active tab as
  // their opener, which the code before took for a shared window, hiding these attacks).
  async function open(query: string): Promise<TestPage> {
    const path = `/frameless-timeline.html?${query}`;
    const page = await env.browser.newUnopenedPage?.();
    if (!page) return env.open('shop.example', path);
    await page.goto(env.server.url('shop.example', path));
    return page;
  }

  /** The attack is on: the animation styles its target (Chromium: and no list shows it). */
  async function applied(page: TestPage, query: string) {
    type State = { pointerEvents: string; boxShadow: string; marker: string; listed: number };
    const state = await page.evaluate(() => (window as unknown as { state(): State }).state());
    if (query.includes('marker=content')) expect(state.marker).toMatch(/^40px "█████"$/u);
    else if (query.includes('marker=size')) expect(state.marker).toMatch(/^500px /u);
    else if (query.includes('shadow')) expect(state.boxShadow).not.toBe('none');
    else expect(state.pointerEvents).toBe('none');
    if (browserName === 'chromium' && !query.includes('mode=own')) expect(state.listed).toBe(0);
  }

  it.each([
    ['an HTML document it made', 'mode=html'],
    ['a new Document()', 'mode=newdoc'],
    ["DOMParser's document", 'mode=parser'],
    ["a template's content document", 'mode=template'],
    ['a removed frame, its document kept', 'mode=detached'],
    ['a frame removed after the animation started', 'mode=removed'],
    ['an HTML document it made, casting a box-shadow over the label', 'mode=html&shadow'],
    ['a removed frame, casting a box-shadow over the label', 'mode=detached&shadow'],
    ["an HTML document it made, casting a box's ::before's box-shadow over the label", 'mode=html&shadow&pseudo'],
    ["the page itself (listed), casting a box's ::before's box-shadow over the label", 'mode=own&shadow&pseudo'],
    ["an HTML document it made, giving a list item's ::marker the content █████ over the label", 'mode=html&marker=content'],
    ["the page itself (listed), giving a list item's ::marker the content █████ over the label", 'mode=own&marker=content'],
    ["the page itself (listed), growing a list item's ::marker to 500 px over the label", `mode=own&marker=size${bullet}`],
  ])('performs no click under a cover an animation on the timeline of %s hides', async (_, query) => {
    const page = await open(query);
    await applied(page, query);
    const { verdict } = await click(page);
    expect(verdict.executed, query).toBe(false);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('performs no click after the animation moves from the listed timeline to one no list shows', async () => {
    const page = await open('mode=switch');
    await page.evaluate(() => (window as unknown as { switchTimeline(): void }).switchTimeline());
    await applied(page, 'mode=switch');
    const { verdict } = await click(page);
    expect(verdict.executed).toBe(false);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it.each([
    ['no cover, no animation', 'mode=html&honest'],
    ["a list item's ::marker recoloured by an animation, clear of the button", 'mode=own&marker=color'],
  ])('performs the honest twin (%s) without an ask, settled by the DOM alone', async (_, query) => {
    const page = await open(query);
    const before = await captures();
    const twin = await click(page);
    expect(twin).toMatchObject({ asked: false, verdict: { decision: 'allow', executed: true } });
    expect(await clicks(page)).toEqual(['close']);
    expect((await captures()) - before, 'settled without the pixels').toBe(0);
    await page.close();
  });
});

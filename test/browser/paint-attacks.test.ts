import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestPage } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { clicks, codes, proposeOrDeny, useBrowser, type Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * Paint the DOM's boxes do not show, from the fifth attacker round (pages never shown to the
 * project, Dec 4): how far paint reaches once the browser's own geometry and units are applied,
 * what pseudo-elements paint, and layers the look-ups missed. Each deceptive page has an honest
 * twin, settled by the DOM alone unless named; judged by what the page's own handlers saw.
 * Fixtures: test/fixtures/reach-geometry.html, reach-pseudo.html, reach-layers.html (one case at
 * a time: the page's hash names it).
 */
describe.each(BROWSERS)('paint past the boxes in %s', (browserName) => {
  const env = useBrowser(browserName, { scrollbars: true, probe: true });
  const captures = captureCounter(env);

  const click = (page: TestPage, target: string, label?: string) =>
    proposeOrDeny(env, page, { tool: 'click', args: { target }, ...(label === undefined ? {} : { claims: { label } }) });

  async function blocked(target: string, label: string | undefined, code: string | null, path: string) {
    const page = await env.open('shop.example', path);
    const { verdict } = await click(page, target, label);
    expect(verdict.executed, `${path} ${target}`).toBe(false);
    // Refused for what Warrant saw, not because the worker never answered.
    expect(codes(verdict), `${path} ${target}`).not.toContain('internal_error');
    expect(codes(verdict), `${path} ${target}`).not.toContain('timeout');
    if (code) expect(codes(verdict)).toContain(code);
    expect(await clicks(page)).toEqual([]);
    await page.close();
    return verdict;
  }

  /** Performed without an ask, and, unless `pixels`, settled by the DOM alone: nothing was captured. */
  async function performed(target: string, label: string | undefined, path: string, pixels = false) {
    const page = await env.open('shop.example', path);
    const before = await captures();
    const { verdict, asked } = await click(page, target, label);
    expect(asked, `${path} ${target}`).toBe(false);
    expect(verdict, `${path} ${target}`).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual([target.slice(1)]);
    const captured = (await captures()) - before;
    if (pixels) expect(captured, `${path} ${target} read by the pixels`).toBeGreaterThan(0);
    else expect(captured, `${path} ${target} settled without the pixels`).toBe(0);
    await page.close();
  }

  // --- geometry and units (reach-geometry.html) ---
  // The browser makes the paint reach further than its style reads at face value: a motion path turns
  // the box, a z translation under perspective magnifies it, an SVG viewBox scales its user space,
  // a length is written with an exponent or a percentage, a reflection mirrors what overflows its box.
  it.each([
    ['turned by a motion path', 'offsetrotate'],
    ['magnified by a z translation under perspective', 'perspectivez'],
    ['scaled by a viewBox around a <foreignObject>', 'fobviewbox'],
    ['scaled by a viewBox around an SVG shape', 'svgrectdrop'],
    ['from a box-shadow offset written with an exponent', 'exponent'],
    ['from a drop-shadow offset written with an exponent', 'exponentdrop'],
    ['from an underline offset and thickness in percent', 'underlinepct'],
    ['set by an SVG animation (SMIL, listed nowhere) on a rect', 'smilfilter'],
  ])('geometry: blocks a label hidden by paint %s (#%s)', async (_, id) => {
    await blocked(`#${id}`, 'Close panel', null, `/reach-geometry.html#${id}`);
  });

  // -webkit-box-reflect is Chromium's: Firefox paints no reflection and shows the label.
  it.each([
    ['offset by a percentage', 'reflectpct'],
    ['of content overflowing its box', 'reflectoverflow'],
  ])('geometry: a reflection %s hides the label in Chromium only (#%s)', async (_, id) => {
    if (browserName === 'chromium') await blocked(`#${id}`, 'Close panel', null, `/reach-geometry.html#${id}`);
    else await performed(`#${id}`, 'Close panel', `/reach-geometry.html#${id}`);
  });

  it('measures a form whose controls shadow its namespaceURI and offsetWidth (Chromium): its outline or scrollbar over a button is seen, the same names on a form that covers nothing are no obstacle', async () => {
    await blocked('#ringed', 'Show details', null, '/shadowed-metrics.html');
    // Firefox draws no ::-webkit-scrollbar: there the label shows.
    if (browserName === 'chromium') await blocked('#barred', 'Close panel', null, '/shadowed-metrics.html');
    await performed('#plain', 'Show more', '/shadowed-metrics.html');
  });

  it('geometry: honest shadows, an SVG icon, a note in a <foreignObject>, a percent underline, a tilted badge, a reflected logo, an SVG spinner are settled without the pixels', async () => {
    for (const id of ['beside-card', 'beside-icon', 'beside-note', 'beside-link', 'beside-badge', 'beside-logo', 'beside-spinner'])
      await performed(`#${id}`, 'Close panel', '/reach-geometry.html#honest');
  });

  // --- pseudo-elements (reach-pseudo.html) ---

  it("counts what a list item's marker paints, measured from the ::marker's own font or image: a long string marker at 20 px, the same from a counter style of the page's own or symbols(), a 300×40 marker image; bulleted, numbered, dash- and image-bulleted lists beside buttons do not", async () => {
    for (const id of ['#markerstring', '#markercounter', '#markerimage']) await blocked(id, 'Close panel', null, `/reach-pseudo.html${id}`);
    // An anonymous one, written in place: symbols().
    await blocked('#markersymbols', 'Close panel', null, '/reach-pseudo.html#markersymbols');
    // A counter style of the page's own draws whatever its rule says: a doubt the pixels settle.
    await performed('#after-arrows', 'Close panel', '/reach-pseudo.html#counter', true);
    // Firefox loads an image bullet afresh for the content script (the page's copy is reached only
    // through the page's own view, whose setters the page may patch): until that load (its first
    // certification), its size is unknown and a button above the image-bulleted list goes to the
    // pixels; once loaded (later pages) it need not, so only the first is asserted there.
    const firefox = browserName === 'firefox';
    for (const id of firefox ? ['#after-lists', '#after-dots'] : ['#after-lists', '#after-dashes', '#after-dots'])
      await performed(id, 'Close panel', '/reach-pseudo.html#honest', firefox && id === '#after-lists');
    // A button inside the dash-bulleted item: its own item's string marker reaches it, and where on
    // the line the marker is drawn the DOM cannot bound (ancestor-marker.ts), so the pixels read it.
    if (!firefox) await performed('#in-dashes', 'Close panel', '/reach-pseudo.html#honest', true);
  });

  it("counts a highlight on a click-through layer's transparent text as paint over the label: the selection, a custom highlight, a text fragment's ::target-text in the button's colour; the same highlights see-through are read by the pixels", async () => {
    const chromium = browserName === 'chromium';
    // Firefox paints the selection over the text only, which lies below the label in the tall case: shown there.
    const hidden = ['/overlay-selection.html?hide', '/overlay-highlight.html?hide', '/overlay-target-text.html#:~:text=qqqqqqqq'];
    if (chromium) hidden.push('/overlay-selection.html?hide&tall');
    for (const path of hidden) await blocked('#close', 'Close panel', null, path);
    for (const path of ['/overlay-selection.html?plain', '/overlay-highlight.html?plain', '/overlay-target-text.html'])
      await performed('#close', 'Close panel', path, true);
  });

  it('counts a standard marker by what it draws on screen: 42 items numbered 8888888888888 or MMMDCCCLXXXVIII at 20 px, a square marker zoomed or scaled 15 times; the same items far from the button do not', async () => {
    const chromium = browserName === 'chromium';
    for (const path of [
      '/marker-long.html?mode=hide',
      '/marker-long.html?mode=hide&type=upper-roman&x=190',
      // Placed over the label per browser: their fonts differ.
      chromium ? '/marker-scale.html?mode=zoom&k=15&x=14.53&y=-6' : '/marker-scale.html?mode=zoom&k=15&x=18.86&y=-6.73',
      chromium ? '/marker-scale.html?mode=scale&k=15&x=315&y=-94' : '/marker-scale.html?mode=scale&k=15&x=284&y=-99',
    ])
      await blocked('#close', 'Close panel', null, path);
    for (const path of ['/marker-long.html?mode=honest', '/marker-scale.html?mode=honest']) await performed('#close', 'Close panel', path);
  });

  it('counts an item scaled down by its transform once (a square drawn at 7,000 px under scale(0.05)), and a scale set by an inline style or a Web Animation as one set by a rule', async () => {
    const chromium = browserName === 'chromium';
    for (const path of [
      // Counted twice (the item's own transform passed as a pseudo-element's too), 7000 × 0.05² read as 17.5 px.
      // Firefox draws no marker font over 2,000 px: there a 64 px square hides "panel".
      chromium
        ? '/marker-scale.html?mode=scale&k=0.05&font=7000&x=234&y=-142'
        : '/marker-scale.html?mode=scale&k=0.1&font=2000&x=250&y=-100',
      // No rule gives these a transform: read all the same (transform.ts, mayTransform).
      ...['inline', 'animate'].map((via) => `/marker-scale.html?mode=placed&via=${via}&k=15&${chromium ? 'x=315&y=-94' : 'x=284&y=-99'}`),
    ])
      await blocked('#close', 'Close panel', null, path);
  });

  it("shares a bulleted item's answer only with siblings nothing restyles: later items numbered 8888888888888 by a rule, an inline style, a Web Animation or the type attribute are read; left bulleted, they are not", async () => {
    for (const via of ['rule', 'inline', 'animate', 'type'])
      await blocked('#close', 'Close panel', null, `/marker-siblings.html?via=${via}`);
    await performed('#close', 'Close panel', '/marker-siblings.html?via=none');
  });

  it("counts a marker a page's font face draws 25 times its size (size-adjust on the digits: '1.' about 400 px tall at a computed 16 px); an ordinary face of the page's own beside the button does not", async () => {
    await blocked('#close', 'Close panel', null, '/marker-font.html?mode=hide&x=240&y=38');
    await performed('#close', 'Close panel', '/marker-font.html');
  });

  it("counts the marker of the list item that holds the button, drawn over its label: a ::marker rule's blocks, the same from a Web Animation, a long counter, an inside marker (on a centred line, or on a div made a list item); a button beside its item's bullet, a list of buttons and a right-to-left list do not, and one right after an inside marker is read by the pixels", async () => {
    for (const via of ['rule', 'animate', 'type', 'inside', 'div', 'center'])
      await blocked('#close', 'Close panel', null, `/marker-ancestor.html?via=${via}`);
    for (const via of ['none', 'buttons', 'rtl']) await performed('#close', 'Close panel', `/marker-ancestor.html?via=${via}`);
    await performed('#close', 'Close panel', '/marker-ancestor.html?via=beside', true);
  });

  it('counts a first letter sunk over several lines (initial-letter) and large first letters; floated and enlarged drop caps beside a button do not', async () => {
    // Firefox has no initial-letter: there the letter stays in its 20 px line and the label shows.
    if (browserName === 'chromium') await blocked('#initialletter', 'Close panel', null, '/reach-pseudo.html#initialletter');
    else await performed('#initialletter', 'Close panel', '/reach-pseudo.html#initialletter');
    for (const id of ['#beside-drop-cap', '#beside-bold-start']) await performed(id, 'Close panel', '/reach-pseudo.html#honest');
  });

  it("reads paint a ::first-letter, ::marker, ::first-line or ::selection rule gives past its glyphs (a text-shadow), from the pseudo-element's own style; a selection with only a background does not", async () => {
    for (const id of ['#firstlettershadow', '#markershadow', '#firstlineshadow'])
      await blocked(id, 'Close panel', null, `/reach-pseudo.html${id}`);
    // Firefox draws no text-shadow in a ::selection: there the label shows.
    if (browserName === 'chromium') await blocked('#selectionshadow', 'Close panel', null, '/reach-pseudo.html#selectionshadow');
    else await performed('#selectionshadow', 'Close panel', '/reach-pseudo.html#selectionshadow');
    await performed('#beside-selection', 'Close panel', '/reach-pseudo.html#honest');
  });

  // --- layers (reach-layers.html) ---
  it("counts paint from where the look-ups did not look: a shadow tree inheriting its host's text-shadow, a shadow around each line of a broken inline box, a parent's outline over a button that overflows it, text overflowing a 1 px layer that takes no clicks, or only its shadow; a glowing shadow tree, a phrase marked over two lines, a focus ring around the button and a tooltip's overflowing text beside it do not", async () => {
    for (const id of ['inherited', 'split', 'parent-outline', 'overflow', 'overflow-shadow'])
      await blocked(`#${id}`, 'Close panel', null, `/reach-layers.html#${id}`);
    for (const id of ['#beside-glow', '#beside-marked', '#in-ring', '#beside-tip'])
      await performed(id, 'Close panel', '/reach-layers.html#honest');
  });

  // Only elements a source of no-hit styles reaches are asked for their style (style-sources.ts): each source once.
  it('finds a click-through cover wherever its pointer-events comes from: a Web Animation, a CSS animation, a closed shadow host (inherited), a slot inside a closed tree (inherited by slotted content), a :host rule, an SVG attribute (on the shape, or on a 1 px <svg> whose <foreignObject> content inherits it); a tooltip made click-through by an animation beside the button does not', async () => {
    for (const id of ['animated', 'css-animation', 'hosted', 'slotted', 'host-rule', 'svg-attribute', 'svg-inherited'])
      await blocked(`#${id}`, 'Close panel', null, `/no-hit-sources.html#${id}`);
    await performed('#beside-tip', 'Close panel', '/no-hit-sources.html#honest');
  });

  it("counts a popover a modal dialog makes inert, painted over the dialog's button (it takes no clicks and no style says so); the same popover beside the button does not", async () => {
    await blocked('#close', 'Close panel', null, '/modal-inert.html?cover');
    for (const path of ['/modal-inert.html?beside', '/modal-inert.html']) await performed('#close', 'Close panel', path);
  });

  // The seventh attacker round (pages never shown to the project, against the pruned scan).
  it("counts covers no look-up can make take clicks: a click-through <math> or element of a page's own namespace, content spilling out of a 1 px <foreignObject> (or inheriting its <svg>'s pointer-events), a cover made click-through, or a box-shadow cast over the label, by an animation on the timeline of a frame (or of a page of the same origin inside a frame of another), or a shadow-tree box-shadow from a Web Animation; a formula and a foreignObject beside the button do not", async () => {
    for (const id of ['math', 'xns', 'fooverflow', 'fo', 'adoptsh'])
      await blocked(`#${id}`, 'Close panel', null, `/pruning-attacks.html#${id}`);
    for (const path of ['/animation-timeline.html', '/animation-timeline.html?shadow', '/animation-shadow.html'])
      await blocked('#close', 'Close panel', null, path);
    await performed('#beside-math', 'Close panel', '/pruning-attacks.html#honest');
    // Through a frame of another origin: the timeline of a page of the top's origin it frames
    // (frames[0][0]). Chromium 156 lists this one in document.getAnimations() (and reads every
    // element's style anyway: animations.ts).
    const page = await env.open('shop.example', '/animation-timeline.html?nested');
    await waitFor('the animation on the nested frame', () => page.evaluate(() => (window as unknown as { animated?: boolean }).animated));
    const { verdict } = await click(page, '#close', 'Close panel');
    expect(verdict.executed).toBe(false);
    expect(await clicks(page)).toEqual([]);
    await page.close();
  });

  it('counts a cover made click-through by an animation on the timeline of a window the page opened itself (or one a window it opened opened, after that one closed), or of the page that opened it (kept after letting go of window.opener); the same pages hiding nothing are settled without the pixels', async () => {
    // A popup of the page's own: its timeline plays the cover's pointer-events: none (opened in the
    // proposing task: the first test).
    const page = await env.open('shop.example', '/animation-window.html');
    expect(await page.evaluate(() => (window as unknown as { openAndAnimate(): boolean }).openAndAnimate())).toBe(true);
    const { verdict } = await click(page, '#close', 'Close panel');
    expect(verdict.executed).toBe(false);
    expect(await clicks(page)).toEqual([]);
    await page.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());
    await page.close();

    // A chain (this page opens B, B opens C, B closes): the page keeps C and animates with its timeline.
    const chained = await env.open('shop.example', '/animation-window.html');
    expect(await chained.evaluate(() => (window as unknown as { openChain(): boolean }).openChain())).toBe(true);
    await waitFor('the middle window closed', () =>
      chained.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.opener?.closed !== false),
    );
    await chained.evaluate(() => (window as unknown as { animateWithLeaf(): void }).animateWithLeaf());
    const afterChain = await click(chained, '#close', 'Close panel');
    expect(afterChain.verdict.executed).toBe(false);
    expect(await clicks(chained)).toEqual([]);
    await chained.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());
    await chained.close();

    // Opened by a page of the same site, which it animates with (the attack is in the opened window).
    const opener = await env.open('shop.example', '/animation-window.html?honest');
    const opened = await openedWindow(opener, '/animation-window.html?opened');
    const attack = await click(opened, '#close', 'Close panel');
    expect(attack.verdict.executed).toBe(false);
    expect(await clicks(opened)).toEqual([]);
    await opener.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());

    // Honest twins: a page that opened a window, and one a page opened, hiding nothing.
    const honestOpened = await openedWindow(opener, '/animation-window.html?opened&honest');
    const before = await captures();
    const twin = await click(honestOpened, '#close', 'Close panel');
    expect(twin).toMatchObject({ asked: false, verdict: { decision: 'allow', executed: true } });
    expect(await clicks(honestOpened)).toEqual(['close']);
    const own = await click(opener, '#close', 'Close panel');
    expect(own).toMatchObject({ asked: false, verdict: { decision: 'allow', executed: true } });
    expect((await captures()) - before, 'settled without the pixels').toBe(0);
    await opener.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());
    await opener.close();
  });

  it('counts a cover that runs code while Warrant looks through it (a custom element that steps aside when its style or inert changes); a custom element beside the button that changes nothing does not', async () => {
    await blocked('#styled', 'Show details', null, '/look-through.html');
    await blocked('#inert', 'Show details', null, '/look-through.html');
    // Stays while looked through, steps aside as Warrant puts it back (before its paint is read).
    await blocked('#late', 'Show details', null, '/look-through.html');
    await performed('#honest', 'Show details', '/look-through.html');
  });

  it("performs nothing when paint over the label comes back after the certification (put back by the page the moment Warrant's look-up touched it); a page that only watches does not stop the click", async () => {
    const page = await env.open('shop.example', '/reach-layers.html#restored');
    // Shown for the proposal only: the page takes its cover away, then proposes.
    await page.evaluate(() => document.getElementById('restored-cover')?.classList.add('off'));
    const { verdict } = await click(page, '#restored', 'Close panel');
    expect(verdict.executed).toBe(false);
    expect(codes(verdict)).toContain('stale_evidence');
    expect(await clicks(page)).toEqual([]);
    await page.close();
    await performed('#restored-ok', 'Close panel', '/reach-layers.html#restored-ok');
  });

  it('reads the pixels where the target is: a decoy scrolled under the certified place for both captures (an inner scroller, 0 or 15 ms after proposing) is not read for the target; a grey button read where it is, is performed', async () => {
    type Scrolling = { proposeAndScroll(target: string, delay: number): Promise<{ executed: boolean; reasons: { code: string }[] }> };
    const page = await env.open('shop.example', '/scroll-decoy.html');
    // On the code before, every delay from 0 to 20 ms (Chromium) or 30 ms (Firefox) read the decoy.
    for (const delay of [0, 15]) {
      const verdict = await page.evaluate(([target, ms]) => (window as unknown as Scrolling).proposeAndScroll(target, ms), [
        'erased',
        delay,
      ] as [string, number]);
      expect(verdict.executed, `scrolled ${delay} ms after proposing`).toBe(false);
    }
    expect(await clicks(page)).toEqual([]);
    await page.close();
    await performed('#grey', 'Show details', '/scroll-decoy.html', true);
  });
});

/**
 * A window `opener` opens (a popup, its `popupWindow`), once its page API is up, driven from the
 * opener's realm as a TestPage: what it evaluates runs in the opened window.
 */
async function openedWindow(opener: TestPage, path: string): Promise<TestPage> {
  type Opener = { popupWindow: (Window & { warrant?: unknown; eval(src: string): unknown }) | null };
  const ok = await opener.evaluate((url) => {
    const w = window as unknown as Opener;
    w.popupWindow = window.open(url, 'opened', 'popup,width=320,height=200,left=600,top=0') as Opener['popupWindow'];
    return w.popupWindow !== null;
  }, path);
  expect(ok, 'the popup was opened').toBe(true);
  await waitFor('the opened window and its page API', () =>
    opener.evaluate(() => {
      const popup = (window as unknown as Opener).popupWindow;
      return popup?.document.readyState === 'complete' && popup.warrant !== undefined;
    }),
  );
  return {
    ...opener,
    evaluate: <R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A) =>
      opener.evaluate(([source, value]) => (window as unknown as Opener).popupWindow!.eval(`(${source})(${JSON.stringify(value)})`) as R, [
        fn.toString(),
        arg ?? null,
      ] as [string, unknown]),
    close: async () => undefined,
  };
}

// A browser of its own, so its first proposal goes to a stopped worker: a per-tab mark of shared
// windows, kept from the browser's events, once came too late there (the click was performed).
// Alone too so that a worker the harness failed to wake again (CI, Dec 6: every later probe
// message in the block found no receiving end) fails here, by name, and nowhere else.
describe.each(BROWSERS)('a stopped worker and a window opened in %s', (browserName) => {
  const env = useBrowser(browserName, { scrollbars: true, probe: true });

  it('counts a cover made click-through by the timeline of a window opened in the very task that proposes', async () => {
    type Opening = { openAndAnimate(): boolean; warrant: { propose(call: unknown): Promise<Verdict> } };
    const page = await env.open('shop.example', '/animation-window.html');
    // As after a minute idle: the worker that wakes for both the event and the question.
    await env.browser.stopServiceWorker?.();
    const verdict = await page.evaluate(() => {
      const w = window as unknown as Opening;
      if (!w.openAndAnimate()) throw new Error('the popup was not opened');
      return w.warrant.propose({ tool: 'click', args: { target: '#close' }, claims: { label: 'Close panel' } });
    });
    // Refused by the policy for what it saw, not by a worker that never answered.
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).not.toContain('internal_error');
    expect(await clicks(page)).toEqual([]);
    await page.evaluate(() => (window as unknown as { popupWindow: Window }).popupWindow.close());
    // The woken worker goes on answering: the twin button beside no cover is performed. In the
    // same tab: a new one opened in the window that was closing (Firefox created it there and never
    // answered; the test timed out 2 times in 4 runs of this block, Dec 6).
    const honest = page;
    await honest.goto(env.server.url('shop.example', '/animation-window.html?honest'));
    const { verdict: next, asked } = await proposeOrDeny(env, honest, {
      tool: 'click',
      args: { target: '#close' },
      claims: { label: 'Close panel' },
    });
    expect(asked).toBe(false);
    expect(next).toMatchObject({ decision: 'allow', executed: true });
    await page.close();
  });
});

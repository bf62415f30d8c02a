import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance, RECHECK_TOLERANCE, type Thumbnail, thumbnailDistance } from '../../src/core/pixels';
import { DEFAULT_POLICY } from '../../src/core/policy/defaults';
import { BROWSERS, launch, type TestBrowser, type TestPage } from '../support/browsers';
import { probeBuild } from '../support/ocr-probe/build';
import { type Screen, screenOf } from '../support/screen';
import { type FixtureServer, HOSTS, startFixtureServer } from '../support/server';
import { codes, type Verdict } from '../support/suite';

/**
 * Pixels as the last word, judged by what the page did: one capture per decision, amounts read
 * exactly, honest rotated / icon-font / image / Chinese controls allowed, and the re-check's
 * tolerance measured against rendering noise and real changes. Runs the probe build
 * (WARRANT_OCR_PROBE=1), which adds a test-only page that can count captures and set the policy.
 */
type Print = { ok: true; hash: string; cols: number; rows: number; cells: number[] } | { ok: false; error: string };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Pixels read for every click, and a supported commit allowed: what the pixels say decides. */
const PIXELS_EVERYWHERE = {
  ...DEFAULT_POLICY,
  // A shortfall shows at once as its reasons instead of an ask nobody answers.
  unsupported: { trusted: 'block', default: 'block', untrusted: 'block' },
  ocr: { ...DEFAULT_POLICY.ocr, interact: true },
  privileges: { ...DEFAULT_POLICY.privileges, default: { ...DEFAULT_POLICY.privileges.default, commit: 'allow' } },
};

describe.each(BROWSERS)('pixels in %s', (name) => {
  const state = {} as { server: FixtureServer; browser: TestBrowser; probe: TestPage; page: TestPage; url: string };
  beforeAll(async () => {
    const extension = await probeBuild(name);
    state.server = await startFixtureServer();
    state.browser = await launch(name, { extension, secureOrigins: HOSTS.map((h) => state.server.url(h, '').replace(/\/$/, '')) });
    state.url = state.server.url('bank.example', '/pixels.html');
    state.page = await state.browser.newPage();
    await state.page.goto(state.url);
    state.probe = await state.browser.openExtensionPage('test/support/ocr-probe/index.html');
    await probe('setPolicy', PIXELS_EVERYWHERE);
    await probe('show', state.url);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });

  const probe = (method: string, ...args: unknown[]) =>
    state.probe.evaluate(
      ([m, a]) => (globalThis as unknown as { probe: Record<string, (...x: unknown[]) => unknown> }).probe[m]!(...a) as Promise<unknown>,
      [method, args] as [string, unknown[]],
    );
  const propose = (call: unknown) =>
    state.page.evaluate((c) => (window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } }).warrant.propose(c), call);
  const clicks = () => state.page.evaluate(() => (window as unknown as { clicks: string[] }).clicks.splice(0));
  const click = (target: string, label: string) => propose({ tool: 'click', args: { target }, claims: { label } });
  /**
   * Chromium allows two captures a second: a pause keeps the quota's queue out of a decision that
   * is timed. Untimed ones need none: the capture module queues captures under the quota
   * (src/background/ocr/capture.ts).
   */
  const pause = () => sleep(name === 'chromium' ? 1_100 : 100);
  /** Two animation frames of the fixture page: what has changed there is painted (nothing is timed, so no pause). */
  const painted = () =>
    state.page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

  it('captures once for a blocked decision and twice (with the re-check) for an executed one', async () => {
    const before = (await probe('captures')) as number;
    const blocked = await click('#pay-disguised', 'Pay $1,000');
    const afterBlock = (await probe('captures')) as number;
    const allowed = await click('#pay', 'Pay $1,000');
    const afterAllow = (await probe('captures')) as number;
    expect(blocked).toMatchObject({ decision: 'block', executed: false });
    // "$7,000" painted over "$1,000": one digit, caught (the 80% letter agreement let it through).
    expect(codes(blocked)).toContain('pixel_mismatch');
    expect(allowed).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks()).toEqual(['pay']);
    expect([afterBlock - before, afterAllow - afterBlock]).toEqual([1, 2]);
  });

  it('allows honest rotated, skewed and scaled buttons, an ellipsis and a gradient; an icon-font label read with a digit beside it is unsure, not a mismatch', async () => {
    const cases: [string, string][] = [
      ['#rot', 'Next page'],
      ['#skew', 'Zoom out'],
      ['#scaled', 'Show details'],
      // Turned upright before OCR: 25°, and -18° (rotate property) inside a -20° ancestor.
      ['#rot25', 'Next step'],
      ['#rot-prop', 'Open menu'],
      ['#ellipsis', 'Show all details of this item'],
      // No one level is the background: the frame's grey was the commonest, and every row of the
      // gradient was blanked as a rule against it (core/pixels/edges.ts).
      ['#gradient', 'Open inbox'],
    ];
    const verdicts: Record<string, Verdict> = {};
    for (const [target, label] of cases) {
      verdicts[target] = await click(target, label);
    }
    console.log(`[pixels ${name}] ${cases.map(([t]) => `${t}: ${verdicts[t]!.decision} ${codes(verdicts[t]!).join(',')}`).join('; ')}`);
    console.log(JSON.stringify(verdicts['#rot-prop']?.reasons));
    for (const [target] of cases) expect(verdicts[target], target).toMatchObject({ decision: 'allow', executed: true });
    // Material Icons' gear reads "2 Settings": the "2" may be the icon's, or a digit a page's own
    // font draws there ("Buy 9", an attacker helper), so the pixels support nothing and contradict
    // nothing (low_confidence: the policy decides; this one's blocks an unsupported click).
    const gear = await click('#gear', 'Settings');
    expect(codes(gear)).toContain('low_confidence');
    expect(codes(gear)).not.toContain('pixel_mismatch');
    expect(await clicks()).toEqual(['rot', 'skew', 'scaled', 'rot25', 'rot-prop', 'ellipsis', 'gradient']);
  });

  it('reads Chinese labels with the bundled chi_sim data', async () => {
    const pay = await click('#zh-pay', '确认支付');
    const cancel = await click('#zh-cancel', '取消');
    console.log(`[pixels ${name}] Chinese: ${pay.decision} ${codes(pay).join(',')}; ${cancel.decision} ${codes(cancel).join(',')}`);
    expect(pay).toMatchObject({ decision: 'allow', executed: true });
    expect(cancel).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks()).toEqual(['zh-pay', 'zh-cancel']);
  });

  it('reads a label drawn with symbols alone exactly: "?" is performed, "?" named "Pay" is unsure', async () => {
    // The verifier bench's 24 px "?": its reading was dropped as an icon's (no letters), so the
    // pixels supported nothing; a reading of exactly the symbols the DOM draws agrees now.
    const honest = await click('#help', '?');
    // Its name is "Pay" (aria-label), which the claim matches and the pixels cannot show.
    const named = await click('#help-named', 'Pay');
    // The same on a rounded grey frame (the bench's): the arcs left in the corners once the frame's
    // sides are trimmed made Firefox read nothing (core/pixels/edges.ts blankCornerArcs).
    const rounded = await click('#help-rounded', '?');
    console.log(
      `[pixels ${name}] symbols: ${honest.decision} ${codes(honest).join(',')}; ${named.decision} ${codes(named).join(',')}; ${rounded.decision} ${codes(rounded).join(',')}`,
    );
    expect(honest).toMatchObject({ decision: 'allow', executed: true });
    expect(named.executed).toBe(false);
    expect(codes(named)).toContain('low_confidence');
    expect(codes(named)).not.toContain('pixel_mismatch');
    expect(rounded).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks()).toEqual(['help', 'help-rounded']);
  });

  it('does not let a truncated label carry a claim the screen does not show', async () => {
    const verdict = await click('#ellipsis', 'Show all d… and pay $900');
    expect(verdict.executed).toBe(false);
    expect(await clicks()).toEqual([]);
  });

  it('allows an image button whose claim is its accessible name, under the default policy', async () => {
    await probe('setPolicy', DEFAULT_POLICY);
    try {
      const honest = await click('#image', 'Search');
      expect(honest).toMatchObject({ decision: 'allow', executed: true });
      const other = await click('#image', 'Delete');
      expect(other).toMatchObject({ decision: 'block', executed: false });
      expect(codes(other)).toEqual(['label_mismatch']);
      expect(await clicks()).toEqual(['image']);
    } finally {
      await probe('setPolicy', PIXELS_EVERYWHERE);
    }
  });

  const thumbOf = (p: Extract<Print, { ok: true }>): Thumbnail => ({ cols: p.cols, rows: p.rows, cells: Uint8Array.from(p.cells) });
  /** One capture of `rect` alone (Firefox, given the viewport) and one of the whole viewport, as fingerprints. */
  const aloneAndWhole = async (at: Screen) => {
    const alone = (await probe('print', state.url, at.rect, at.dpr, at.viewport)) as Print;
    const whole = (await probe('print', state.url, at.rect, at.dpr)) as Print;
    if (!alone.ok || !whole.ok) throw new Error(`print failed: ${JSON.stringify([alone, whole])}`);
    return { alone, whole, apart: thumbnailDistance(thumbOf(alone), thumbOf(whole)), bits: hammingDistance(alone.hash, whole.hash) };
  };

  // Firefox captures the target's rect alone, in document coordinates (src/background/ocr/capture.ts):
  // wrong scroll offsets would read another part of the page, an unclipped rect what is off screen.
  // Chromium always captures the whole viewport, so the comparisons of the two are Firefox's alone
  // (in Chromium they would hold trivially, at two captures a second); the decisions run in both.
  const firefox = name === 'firefox';
  /** The rect alone against the whole viewport: the same pixels, on a scrolled page, at its edge, zoomed. */
  async function compareCaptures(far: Screen) {
    const same = await aloneAndWhole(far);
    // A few pixels off would already show: the same rect 6 px lower is the control.
    const shifted = await aloneAndWhole({ ...far, rect: { ...far.rect, y: far.rect.y + 6 } });
    const control = thumbnailDistance(thumbOf(same.alone), thumbOf(shifted.alone));
    console.log(`[pixels ${name}] scrolled page: rect vs viewport capture ${same.apart} (dHash ${same.bits} bits); 6 px lower ${control}`);
    expect(same.apart).toBeLessThanOrEqual(1);
    expect(same.bits).toBeLessThanOrEqual(2);
    expect(control).toBeGreaterThan(4);

    // Cut at the bottom of the viewport in both: the words below it, off screen, are in neither.
    const edge = await rectOf('#edge');
    expect(edge.rect.y + edge.rect.height).toBeGreaterThan(edge.viewport.height);
    const cut = await aloneAndWhole({ ...edge, rect: { ...edge.rect, height: edge.rect.height + 60 } });
    expect(cut.alone.rows).toBe(cut.whole.rows);
    expect(cut.apart).toBeLessThanOrEqual(1);
    // Wholly below the viewport: nothing is read, whatever the document holds there.
    const below = { ...far.rect, y: far.viewport.height + 40 };
    expect(await probe('print', state.url, below, far.dpr, far.viewport)).toEqual({ ok: false, error: 'rect_outside_viewport' });

    // Zoomed by the browser: the page's devicePixelRatio says so, and the area is read at that scale.
    await probe('zoom', state.url, 1.5);
    try {
      await painted();
      const zoomed = await rectOf('#far');
      expect(zoomed.dpr).toBeCloseTo(1.5);
      expect((await aloneAndWhole(zoomed)).apart).toBeLessThanOrEqual(1);
    } finally {
      await probe('zoom', state.url, 1);
    }
  }

  it('reads a target on a scrolled page where the user sees it, fixed layers included, and nothing off screen', async () => {
    await state.page.evaluate(() => {
      const section = document.createElement('section');
      section.id = 'scrolled';
      section.innerHTML =
        '<div style="height: 1500px"></div><p><button id="far">Pay $1,000</button> <button id="far-fixed">Pay $1,000</button></p><div style="height: 1500px"></div>' +
        '<p id="edge-line" style="position: absolute; left: 40px; margin: 0"><button id="edge" style="margin: 0">Edge of the screen</button><br><span style="font: 40px sans-serif">Delete everything</span></p>';
      document.body.append(section);
      for (const el of section.querySelectorAll('button'))
        el.addEventListener('click', () => (window as unknown as { clicks: string[] }).clicks.push(el.id));
      document.getElementById('far')!.scrollIntoView({ block: 'center' });
      // Straddles the bottom of the viewport, with other words below it, off screen.
      const edge = document.getElementById('edge-line')!;
      edge.style.top = `${scrollY + document.scrollingElement!.clientHeight - 20}px`;
      // "$7,000" painted over the second button from a fixed layer that lets clicks through.
      const r = document.getElementById('far-fixed')!.getBoundingClientRect();
      const mask = document.createElement('span');
      mask.textContent = 'Pay $7,000';
      mask.style.cssText = `position: fixed; left: ${r.x}px; top: ${r.y}px; width: ${r.width}px; height: ${r.height}px; box-sizing: border-box; pointer-events: none; background: #eeeeee; color: #111111; border: 1px solid #888888; display: flex; align-items: center; justify-content: center; font: 20px 'DejaVu Sans', Arial, sans-serif`;
      section.append(mask);
    });
    try {
      await painted();
      const far = await rectOf('#far');
      expect(far.viewport.scrollY).toBeGreaterThan(1_000);
      if (firefox) await compareCaptures(far);
      await state.page.evaluate(() => document.getElementById('far')!.scrollIntoView({ block: 'center' }));
      await painted();

      const honest = await click('#far', 'Pay $1,000');
      // Only Firefox's capture takes a rect, so only its frames send where the target is.
      if (firefox) expect(await probe('lastViewport')).toMatchObject({ scrollY: far.viewport.scrollY });
      else expect(await probe('lastViewport')).toBeNull();
      const disguised = await click('#far-fixed', 'Pay $1,000');
      expect(honest).toMatchObject({ decision: 'allow', executed: true });
      expect(disguised).toMatchObject({ decision: 'block', executed: false });
      expect(codes(disguised)).toContain('pixel_mismatch');
      expect(await clicks()).toEqual(['far']);
    } finally {
      await state.page.evaluate(() => {
        document.getElementById('scrolled')?.remove();
        window.scrollTo(0, 0);
      });
    }
  });

  it('certifies a target it had to scroll to as the next painted frame shows it, so its pixels and their re-check see one picture', async () => {
    // Firefox lands scrollIntoView at a fractional offset and snaps it to a whole pixel at its next
    // refresh (a button 1,000 px down: y 282 at once, 283 painted). Certified at once, the target
    // moved by 1 px before its watch began (refused as moved), and its pixels could be captured on
    // either side of the snap. Each offset: the page at its top, the button below the fold.
    const offsets = [1_000, 1_234.5, 1_777.25, 2_000.3];
    // And at 150% zoom, where a device pixel is 2/3 of a CSS pixel: the watch allows rounding only.
    const runs: [number, number][] = [...offsets.map((o): [number, number] => [o, 1]), ...offsets.map((o): [number, number] => [o, 1.5])];
    const verdicts: Verdict[] = [];
    try {
      for (const [offset, zoom] of runs) {
        if (zoom !== 1) await probe('zoom', state.url, zoom);
        await state.page.evaluate((height) => {
          document.getElementById('below')?.remove();
          const section = document.createElement('section');
          section.id = 'below';
          section.innerHTML = `<div style="height: ${height}px"></div><p><button id="below-fold">Next page</button></p><div style="height: 3000px"></div>`;
          document.body.append(section);
          const button = document.getElementById('below-fold')!;
          button.addEventListener('click', () => (window as unknown as { clicks: string[] }).clicks.push(button.id));
          window.scrollTo(0, 0);
        }, offset);
        await painted();
        await pause();
        verdicts.push(await click('#below-fold', 'Next page'));
      }
      console.log(`[pixels ${name}] scrolled to: ${verdicts.map((v) => `${v.decision} ${codes(v).join(',')}`).join('; ')}`);
      for (const verdict of verdicts) expect(verdict).toMatchObject({ decision: 'allow', executed: true });
      expect(await clicks()).toEqual(runs.map(() => 'below-fold'));
    } finally {
      await probe('zoom', state.url, 1);
      await state.page.evaluate(() => {
        document.getElementById('below')?.remove();
        window.scrollTo(0, 0);
      });
    }
  });

  it('captures the whole viewport for a target that does not scroll with its page, and (Firefox) places the others right to left too', async () => {
    await state.page.evaluate(() => {
      const section = document.createElement('section');
      section.id = 'anchors';
      section.innerHTML =
        '<div style="height: 1500px"></div>' +
        '<button id="pinned" style="position: fixed; left: 40px; top: 120px; margin: 0">Open menu</button>' +
        '<div style="position: sticky; top: 0"><button id="stuck">Open help</button></div>' +
        '<div style="height: 1500px"></div>';
      document.body.append(section);
      for (const el of section.querySelectorAll('button'))
        el.addEventListener('click', () => (window as unknown as { clicks: string[] }).clicks.push(el.id));
      window.scrollTo(0, 1_000);
    });
    try {
      await painted();
      // Fixed: its place in the document moves whenever the page scrolls. Measured, then the page
      // scrolls before the capture: the rect alone (stale offset) reads what took its place, the
      // whole viewport still shows it.
      if (firefox) {
        const pinned = await rectOf('#pinned');
        const reference = (await probe('print', state.url, pinned.rect, pinned.dpr)) as Print;
        await state.page.evaluate(() => window.scrollBy(0, 300));
        await painted();
        const { alone, whole } = await aloneAndWhole(pinned);
        if (!reference.ok) throw new Error(reference.error);
        expect(thumbnailDistance(thumbOf(whole), thumbOf(reference))).toBeLessThanOrEqual(1);
        expect(thumbnailDistance(thumbOf(alone), thumbOf(reference))).toBeGreaterThan(RECHECK_TOLERANCE);
      }
      // So a fixed or sticky target's frame sends no viewport, and its pixels come from the whole viewport.
      expect(await click('#pinned', 'Open menu')).toMatchObject({ decision: 'allow', executed: true });
      expect(await probe('lastViewport')).toBeNull();
      expect(await click('#stuck', 'Open help')).toMatchObject({ decision: 'allow', executed: true });
      expect(await probe('lastViewport')).toBeNull();
      expect(await clicks()).toEqual(['pinned', 'stuck']);
    } finally {
      await state.page.evaluate(() => {
        document.getElementById('anchors')?.remove();
        window.scrollTo(0, 0);
      });
    }
    // Right to left, scrolled sideways (scrollX is negative): the document area is still the target's.
    if (!firefox) return;
    await state.page.evaluate(() => {
      document.documentElement.dir = 'rtl';
      document.body.style.width = '3000px';
      const wide = document.createElement('button');
      wide.id = 'wide';
      wide.textContent = 'Far left';
      wide.style.cssText = 'position: absolute; left: 60px; top: 900px';
      document.body.append(wide);
      wide.scrollIntoView({ block: 'center', inline: 'center' });
    });
    try {
      await painted();
      const wide = await rectOf('#wide');
      expect(wide.viewport.scrollX).toBeLessThan(0);
      expect((await aloneAndWhole(wide)).apart).toBeLessThanOrEqual(1);
    } finally {
      await state.page.evaluate(() => {
        document.getElementById('wide')?.remove();
        document.documentElement.dir = '';
        document.body.style.width = '';
        window.scrollTo(0, 0);
      });
    }
  });

  it('tolerates rendering noise over repeated honest clicks, and measures its own latency', async () => {
    // Fewer in Chromium, where each executed decision waits a second for its two captures.
    const rounds = name === 'chromium' ? 5 : 8;
    const decisions: number[] = [];
    for (let i = 0; i < rounds; i++) {
      await pause();
      const started = performance.now();
      const verdict = await click('#rot', 'Next page');
      decisions.push(performance.now() - started);
      expect(verdict, `click ${i}`).toMatchObject({ decision: 'allow', executed: true });
    }
    expect(await clicks()).toHaveLength(rounds);
    const rect = await rectOf('#rot');
    // One bare OCR call of the same crop, to show both were measured. The goal (a pixel-checked
    // decision p50 within twice a bare warm OCR call) is the bench's number
    // (bench/reports/verifiers.md, its OCR latency part), not a timed assertion here: on a loaded
    // machine it measured 1.79–2.46×; the loop of bare calls that timed it here cost the suite ~5 s.
    await sleep(name === 'chromium' ? 550 : 100);
    const read = (await probe('ocr', state.url, rect.rect, rect.dpr, rect.viewport)) as { ok: boolean; ms: number };
    await probe('show', state.url);
    console.log(
      `[pixels ${name}] pixel-checked decision p50 ${p50(decisions).toFixed(0)} ms (propose round trip, executed); one bare warm OCR call ${read.ms?.toFixed(0)} ms`,
    );
    expect(decisions.length).toBeGreaterThan(0);
    expect(read.ok).toBe(true);
  }, 120_000);

  const rectOf = (selector: string) => screenOf(state.page, selector);

  it('measures the re-check: honest re-captures stay within the tolerance, real changes exceed it', async () => {
    type Ok = Extract<Print, { ok: true }>;
    /** The fingerprints of several elements, cut from one capture (Chromium allows two a second). */
    const prints = async (selectors: string[]): Promise<Ok[]> => {
      const screens = await Promise.all(selectors.map(rectOf));
      const { dpr, viewport } = screens[0]!;
      const answer = (await probe(
        'prints',
        state.url,
        screens.map((screen) => screen.rect),
        dpr,
        viewport,
      )) as { ok: true; prints: Ok[] } | { ok: false; error: string };
      if (!answer.ok) throw new Error(answer.error);
      return answer.prints;
    };
    const thumb = (p: Ok): Thumbnail => ({ cols: p.cols, rows: p.rows, cells: Uint8Array.from(p.cells) });
    const distances = (a: Ok, b: Ok) => ({ thumb: thumbnailDistance(thumb(a), thumb(b)), dhash: hammingDistance(a.hash, b.hash) });
    // The first capture after the probe steps the fixture tab forward may catch it mid-repaint.
    await probe('show', state.url);
    await pause();
    const buttons = ['#pay', '#rot', '#skew', '#scaled', '#gear'];
    await painted();
    const reference = await prints(buttons);
    const honest: Record<string, { thumb: number[]; dhash: number[] }> = Object.fromEntries(
      buttons.map((b) => [b, { thumb: [] as number[], dhash: [] as number[] }]),
    );
    // Two re-captures, the second after a scroll by 0 (where noise was once seen).
    for (let i = 0; i < 2; i++) {
      if (i % 2 === 1) await state.page.evaluate(() => window.scrollBy(0, 0));
      await painted();
      const again = await prints(buttons);
      buttons.forEach((button, k) => {
        const d = distances(reference[k]!, again[k]!);
        honest[button]!.thumb.push(d.thumb);
        honest[button]!.dhash.push(d.dhash);
      });
    }
    const changes: Record<string, { thumb: number; dhash: number }> = {};
    type Change = { label: string; selector: string; mutate: string; restore: string };
    /** Changes made together (each to its own element), between two captures. */
    const changed = async (all: Change[]) => {
      const selectors = all.map((c) => c.selector);
      await painted();
      const before = await prints(selectors);
      const apply = (which: 'mutate' | 'restore') =>
        state.page.evaluate(
          (steps) => {
            for (const [s, f] of steps) new Function('el', f)(document.querySelector(s));
          },
          all.map((c) => [c.selector, c[which]] as [string, string]),
        );
      await apply('mutate');
      await painted();
      const after = await prints(selectors);
      await apply('restore');
      all.forEach((c, k) => {
        changes[c.label] = distances(before[k]!, after[k]!);
      });
    };
    await changed([
      {
        label: 'one digit ($1,000 → $7,000)',
        selector: '#pay',
        mutate: "el.textContent = 'Pay $7,000'",
        restore: "el.textContent = 'Pay $1,000'",
      },
      {
        label: 'one character (details → detail5)',
        selector: '#scaled',
        mutate: "el.textContent = 'Show detail5'",
        restore: "el.textContent = 'Show details'",
      },
      {
        label: 'one digit, rotated (page → pag3)',
        selector: '#rot',
        mutate: "el.textContent = 'Next pag3'",
        restore: "el.textContent = 'Next page'",
      },
    ]);
    await changed([
      { label: 'colour swap (text dark → red)', selector: '#pay', mutate: "el.style.color = '#d00000'", restore: "el.style.color = ''" },
    ]);
    const worstHonest = Math.max(...Object.values(honest).flatMap((h) => h.thumb));
    const leastChange = Math.min(...Object.values(changes).map((c) => c.thumb));
    console.log(`[pixels ${name}] re-check distances ${JSON.stringify({ honest, changes, worstHonest, leastChange, RECHECK_TOLERANCE })}`);
    expect(Object.keys(changes)).toHaveLength(4);
    expect(worstHonest).toBeLessThanOrEqual(RECHECK_TOLERANCE);
    expect(leastChange).toBeGreaterThan(RECHECK_TOLERANCE);
  }, 150_000);

  // Last: it leaves the page on another fixture.
  it('does not leave out words a page font draws as icons beside the label ("Pay 9K", "Buy x9", "No Pay", "Un block"); the honest "Pay" is performed', async () => {
    state.url = state.server.url('bank.example', '/icon-words.html');
    await state.page.goto(state.url);
    await probe('show', state.url);
    await state.page.evaluate(() => document.fonts.ready.then(() => undefined));
    for (const [target, label] of [
      ['#pay9k', 'Pay'],
      ['#buyx9', 'Buy'],
      ['#nopay', 'Pay'],
      ['#unblock', 'block'],
      ['#starx9', 'Buy'],
      ['#both', 'Pay'],
    ] as const) {
      expect((await click(target, label)).executed, target).toBe(false);
    }
    expect(await clicks()).toEqual([]);
    expect(await click('#honest', 'Pay')).toMatchObject({ decision: 'allow', executed: true });
    expect(await clicks()).toEqual(['honest']);
  });
});

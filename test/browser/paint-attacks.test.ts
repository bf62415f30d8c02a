import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestPage } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { clicks, codes, proposeOrDeny, useBrowser } from '../support/suite';

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

  // --- pseudo-elements (reach-pseudo.html) ---

  // --- layers (reach-layers.html) ---
  it.todo('layers');
  void performed;
  void blocked;
});

import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestPage } from '../support/browsers';
import { clicks, codes, proposeOrDeny, useBrowser } from '../support/suite';

/**
 * A view transition paints pictures of the page (its old state, its new one) over the page until
 * it ends: a page that holds the old picture shows "Keep open" while its DOM says "Close panel"
 * (an attacker helper, Dec 4: performed in Firefox with nothing asked). Fixture:
 * test/fixtures/view-transition.html. Also entrances still playing (entrance.html, entry-animations.ts).
 */
describe.each(BROWSERS)('view transitions in %s', (browserName) => {
  const env = useBrowser(browserName, { scrollbars: true, probe: true });
  const click = (page: TestPage, target = '#close') =>
    proposeOrDeny(env, page, { tool: 'click', args: { target }, claims: { label: 'Close panel' } });

  async function open(query: string) {
    const page = await env.open('shop.example', `/view-transition.html?${query}`);
    type State = { label: string; running: number; active: boolean };
    const state = await page.evaluate(() => (window as unknown as { state(): Promise<State> }).state());
    return { page, state };
  }

  // Chromium only: a transition scoped to the button's parent, in the light tree or a closed shadow tree.
  const scoped = browserName === 'chromium' ? ['hold=animation&scope=panel', 'hold=animation&scope=shadow'] : [];

  it.each(['hold=animation', 'hold=css', ...scoped])(
    'performs no click while a view transition holds the old picture (%s)',
    async (query) => {
      const { page, state } = await open(query);
      expect(state).toMatchObject({ label: 'Close panel', active: true });
      const { verdict } = await click(page, query.includes('shadow') ? '#host >>> #close' : '#close');
      expect(verdict.executed, query).toBe(false);
      expect(codes(verdict)).toContain('target_covered');
      expect(await clicks(page)).toEqual([]);
      await page.close();
    },
  );

  it.each(['honest', ...(browserName === 'chromium' ? ['honest&scope=panel'] : [])])(
    'performs the honest twin (an ordinary transition, proposed while it runs) without an ask: %s',
    async (query) => {
      const { page, state } = await open(query);
      expect(state.active, 'proposed while it runs').toBe(true);
      const { verdict, asked } = await click(page);
      expect({ asked, decision: verdict.decision, executed: verdict.executed }).toEqual({
        asked: false,
        decision: 'allow',
        executed: true,
      });
      expect(await clicks(page)).toEqual(['close']);
      await page.close();
    },
  );

  it('performs an honest button in a toast still sliding in (0.25 s), proposed at once, without an ask', async () => {
    const page = await env.open('shop.example', '/entrance.html');
    const verdicts = [];
    // Three entrances, each proposed as it starts (one could land after it by chance).
    for (let i = 0; i < 3; i++) {
      expect(await page.evaluate(() => (window as unknown as { slide(): number }).slide())).toBeGreaterThan(0);
      const { verdict, asked } = await click(page);
      verdicts.push({ asked, decision: verdict.decision, executed: verdict.executed });
    }
    expect(verdicts).toEqual(Array(3).fill({ asked: false, decision: 'allow', executed: true }));
    expect(await clicks(page)).toEqual(['close', 'close', 'close']);
    await page.close();
  });
});

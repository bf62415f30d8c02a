import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { clicks, codes, proposeOrDeny, useBrowser } from '../support/suite';

/**
 * A label's own text decorations run through its glyphs, and a page's hyphenation text is drawn
 * inside it: an 18 px line-through in the button's colour left an empty button, a white one over a
 * transparent button showed the "Keep open" behind it, and hyphenate-character drew "Keep open"
 * into "Close panel" — each performed in both browsers with nothing asked (an attacker helper,
 * Dec 4). Now each is a doubt the pixels settle (decoration-ink.ts, glyph-inputs.ts).
 * Fixture: test/fixtures/glyph-lines.html.
 */
describe.each(BROWSERS)('lines and text drawn through a label in %s', (browserName) => {
  const env = useBrowser(browserName, { scrollbars: true, probe: true });
  const captures = captureCounter(env);
  const click = async (mode: string) => {
    const page = await env.open('shop.example', `/glyph-lines.html?mode=${mode}`);
    const state = await page.evaluate(() => (window as unknown as { state(): Record<string, string> }).state());
    const result = await proposeOrDeny(env, page, { tool: 'click', args: { target: '#close' }, claims: { label: 'Close panel' } });
    return { page, state, ...result };
  };

  // Firefox barely applies the negative word-spacing: the paragraph's text stays beside the button.
  const spacing = browserName === 'chromium' ? ['spacing', 'sibling', 'deep'] : [];

  it.each(['strikebg', 'strike', 'behind', 'inner', 'fl', 'hyph', ...spacing])(
    'performs no click on a label painted out or written into: %s',
    async (mode) => {
      const { page, state, verdict } = await click(mode);
      if (mode === 'hyph') expect(state.hyphen).toBe('"Keep open"');
      else if (['spacing', 'sibling', 'deep'].includes(mode)) expect(state.over, 'the text is drawn back over the button').toBe(true);
      else expect(state).toMatchObject({ decoration: 'line-through' });
      expect(verdict.executed, mode).toBe(false);
      expect(await clicks(page)).toEqual([]);
      await page.close();
    },
  );

  it.each(['plain', 'underline', 'under2', 'beside'])(
    'performs the honest twin without an ask, settled by the DOM alone: %s',
    async (mode) => {
      const before = await captures();
      const { page, verdict, asked } = await click(mode);
      expect({ asked, decision: verdict.decision, executed: verdict.executed }).toEqual({
        asked: false,
        decision: 'allow',
        executed: true,
      });
      expect(await clicks(page)).toEqual(['close']);
      expect((await captures()) - before, 'settled without the pixels').toBe(0);
      await page.close();
    },
  );

  // A close button that shows "×" and names itself in a visually-hidden span is an icon named by
  // its content, as one named by aria-label is (blocked as hidden before, in both browsers: an
  // attacker helper's utility round); with nothing shown at all it stays an empty box.
  it.each(['times', 'sronly'])('performs an icon button named by aria-label or by hidden text without an ask: %s', async (mode) => {
    const { page, verdict, asked } = await click(mode);
    expect({ asked, decision: verdict.decision, executed: verdict.executed }).toEqual({ asked: false, decision: 'allow', executed: true });
    expect(await clicks(page)).toEqual(['close']);
    await page.close();
  });

  it.each(['sronly-empty', 'sronly-blank'])(
    'performs no click on a button that shows nothing (or a braille blank), its name in a visually-hidden span: %s',
    async (mode) => {
      const { page, verdict } = await click(mode);
      expect(verdict.executed).toBe(false);
      expect(codes(verdict)).toContain('target_hidden');
      expect(await clicks(page)).toEqual([]);
      await page.close();
    },
  );
});

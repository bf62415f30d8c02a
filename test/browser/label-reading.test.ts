import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { expectClickPerformed, expectClickRefused } from '../support/click-outcomes';
import { useBrowser } from '../support/suite';

/**
 * The label in the order it is painted (content/verifiers/bidi.ts). An attacker's pages (Dec 6)
 * held "yaP" in the DOM and painted "Pay" — by `<bdo>`, CSS `unicode-bidi` overrides, letters as
 * inline blocks in a right-to-left box, floats, a reversed flex row — and the DOM certified "yaP"
 * in both browsers, the click performed with no ask. Now the label is read from the glyphs' boxes
 * where they are out of reading order, and the pixels decide; the honest twins (right-to-left
 * pages, mixed scripts, an isolate, layout that keeps the order) are settled by the DOM alone.
 * Fixture: test/fixtures/painted-order.html.
 *
 * And text no text node holds (label-extras.ts, text-runs.ts): quotation marks from `quotes`, a
 * counter in a page's counter style, the element's own list marker, a field inside it showed a sum
 * to pay the DOM's "now" or "Show details" left out, performed in both browsers; now read, or left
 * to the pixels. Fixture: test/fixtures/label-extras.html. Judged by what the page's handlers saw.
 */
describe.each(BROWSERS)('labels as read on screen in %s', (browserName) => {
  const env = useBrowser(browserName, { probe: true });
  const captures = captureCounter(env);

  /** Not performed, claiming the DOM's letters (what passed before) and claiming nothing. */
  async function refused(path: string, id: string, domText: string) {
    const page = await env.open('shop.example', path);
    await expectClickRefused(env, page, id, domText);
    await page.close();
  }

  /** Performed without an ask, settled by the DOM alone (nothing captured). */
  async function performedByDom(path: string, id: string, label: string) {
    const page = await env.open('shop.example', path);
    const before = await captures();
    await expectClickPerformed(env, page, id, label);
    expect((await captures()) - before, `#${id} settled without the pixels`).toBe(0);
    await page.close();
  }

  it.each([
    ['<bdo dir=rtl>', 'bdo', '00.005$ yaP'],
    ['unicode-bidi: bidi-override', 'cssbidi', 'lla eteleD'],
    ['unicode-bidi: isolate-override', 'isolate', 'refsnarT'],
    ['letters as inline blocks in a right-to-left box', 'blocks', 'yaP won'],
    ['a reversed flex row', 'rowreverse', 'yaP'],
    ['floats', 'floats', 'yaP'],
    ['flex order', 'order', 'yaP'],
    ['grid columns', 'grid', 'yuB'],
    ['hidden right-to-left letters between its letters', 'hidden-rtl', 'yaP'],
    ['<bdo> after 1,200 spaces', 'padded', 'yaP'],
    ['a staircase of letters', 'stairs', 'yaP'],
    ['generated text moved back', 'pseudo-moved', 'ayP'],
    ['generated text overridden', 'pseudo-override', 'yaP'],
  ])('a label reversed in the DOM and painted as a commitment by %s is not performed (#%s)', (_, id, domText) =>
    refused('/painted-order.html', id, domText),
  );

  it.each([
    ['English in a right-to-left box', 'rtl-english', 'Show details'],
    ['Hebrew', 'hebrew', 'הצג פרטים'],
    ['Hebrew with an English word', 'hebrew-english', 'פתח את Gmail'],
    ['Arabic with a digit', 'arabic-digits', 'عرض 3 عناصر'],
    ['an isolate', 'bdi', 'Message אבי'],
    ['<bdo dir=ltr> over English', 'bdo-ltr', 'Show details'],
    ['an arrow placed first by a reversed row', 'arrow-first', 'Show details'],
    ['a label wrapped over lines', 'wrapped', 'Show all the details'],
    ['an inline-block first letter', 'inline-letter', 'Show details'],
  ])('an honest label (%s) is performed by the DOM alone (#%s)', (_, id, label) => performedByDom('/painted-order.html', id, label));

  it.each([
    ['quotation marks from `quotes` around a <q>', 'quotes', 'now'],
    ['an open-quote from `quotes`', 'openquote', 'now'],
    ['a counter in a counter style of its own', 'counterstyle', 'now'],
    ["the element's own inside marker", 'marker', 'now'],
    ["a <summary>'s own inside marker", 'summary', 'now'],
    ['a placeholder inside the button', 'placeholder', 'Show details'],
    ['generated content whose alternative text names something else', 'alt-pay', 'Show details now'],
  ])('a sum to pay shown by %s is not performed (#%s)', (_, id, domText) => refused('/label-extras.html', id, domText));

  it.each([
    ['a <q> in curly quotes', 'honest-quotes', 'Read Terms'],
    ['an inside bullet', 'honest-marker', 'Show details'],
    ['a <summary>', 'honest-summary', 'More options'],
    ['a button in a list item', 'honest-item', 'Show details'],
    ['generated content with alternative text (not painted)', 'honest-alt', '★ Save'],
  ])('an honest label with %s is performed by the DOM alone (#%s)', (_, id, label) => performedByDom('/label-extras.html', id, label));
});

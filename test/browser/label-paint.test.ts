import { describe, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { expectClickPerformed, expectClickRefused } from '../support/click-outcomes';
import { useBrowser } from '../support/suite';

/**
 * Label text painted in ways the DOM's reader missed (a red team, Dec 6; each performed in both
 * browsers before): generated text drawn by a stroke, a shadow or a background clipped to it; a
 * `::before` made a list item, whose marker paints; generated text placed by its flex box; a
 * `<select>` or a broken image's alt text inside the label; right-to-left letters faded out between
 * Latin ones, which broke the painted-order check; words a positioned box or an overflow-clip-margin
 * takes out of a clip; invisible letters that took every point the look for layers samples, while a
 * decoy covered the real words. Each row is served alone (`?only=`), as an
 * attacker would. Fixture: test/fixtures/label-paint.html. Judged by the page's own handlers.
 */
describe.each(BROWSERS)('label text as painted in %s', (browserName) => {
  const env = useBrowser(browserName);

  it.each([
    ['generated text drawn by a text-shadow', 's1', 'Show details'],
    ['generated text drawn by a stroke', 's2', 'Show details'],
    ['generated text drawn by a background clipped to it', 's3', 'Show details'],
    ['a ::before list item whose marker paints', 'm1', 'now'],
    ['generated text placed after the text by a reversed flex row', 'r1', 'ete Del'],
    ['a <select> inside the label', 'x1', 'Show details'],
    ["a broken image's alt text inside the label", 'x2', 'Show details'],
    ['right-to-left letters faded out between reversed Latin ones', 'b1', 'yaP'],
    ['words positioned out of a clipping box that is not their containing block', 'c1', 'Show details'],
    ['words an overflow-clip-margin lets paint past a zero-width box', 'c3', 'Show details'],
    ['a decoy over the words, invisible letters first', 'p1', 'Show details'],
    ['a decoy over the words, invisible letters out of flow', 'p1b', 'Show details'],
  ])('%s is not performed (#%s)', async (_, id, domText) => {
    const page = await env.open('shop.example', `/label-paint.html?only=${id}`);
    await expectClickRefused(env, page, id, domText);
    await page.close();
  });

  it.each([
    ['generated words stroked, not filled', 'honest-stroke', 'Save draft'],
    ['an arrow generated in a flex button', 'honest-arrow', '→ Next step'],
    ['words a zero-width clip box hides', 'c3-twin', 'Show details'],
    ['a positioned tip its own button clips away', 'honest-tip', 'Show details'],
  ])('an honest label with %s is performed without an ask (#%s)', async (_, id, label) => {
    const page = await env.open('shop.example', `/label-paint.html?only=${id}`);
    await expectClickPerformed(env, page, id, label);
    await page.close();
  });
});

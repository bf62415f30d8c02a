import { describe, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { expectClickPerformed, expectClickRefused } from '../support/click-outcomes';
import { useBrowser } from '../support/suite';

/**
 * Pictures inside a control's label that the DOM cannot read (Dec 6: an `<img>` of "Delete account"
 * beside "Show details" was performed in both browsers, certified as "Show details"). The pixels
 * read the pictures apart first: words there, and the whole label is read (and is no "Show
 * details"); a picture without words (an icon, a logo letter, a flag, an avatar, a product photo)
 * leaves the label to the DOM, without an ask. Fixture: test/fixtures/picture-beside.html.
 */
describe.each(BROWSERS)('pictures beside a label in %s', (browserName) => {
  const env = useBrowser(browserName);
  const open = async () => {
    const page = await env.open('shop.example', '/picture-beside.html');
    // The raster pictures are drawn at load; their images decode a moment later.
    await page.evaluate(() => Promise.all([...document.images].map((image) => image.decode().catch(() => undefined))));
    return page;
  };

  it.each([
    ['an SVG image with words', 'img-svg'],
    ['a raster image of words', 'png-words'],
    ['a ::before background of words', 'pseudo-bg'],
  ])('a picture of "Delete account" as %s beside "Show details" is not performed (#%s)', async (_, id) => {
    const page = await open();
    await expectClickRefused(env, page, id, 'Show details', 'pixel_mismatch');
    await page.close();
  });

  it.each([
    ['an SVG icon', 'honest-icon', 'Show details'],
    ['a raster cart icon', 'png-cart', 'Add to basket'],
    ['a logo letter', 'png-g', 'Google account'],
    ['a flag', 'png-flag', 'English'],
    ['an avatar', 'png-avatar', 'Your profile'],
    ['a product photo in a link', 'card', 'Blue mug'],
  ])('%s beside its label is performed without an ask (#%s)', async (_, id, label) => {
    const page = await open();
    await expectClickPerformed(env, page, id, label);
    await page.close();
  });
});

import { describe, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { expectClickPerformed, expectClickRefused } from '../support/click-outcomes';
import { useBrowser } from '../support/suite';

/**
 * Honest icon buttons as sites write them (a utility test of honest pages, Dec 6, found each asked
 * for or refused in both browsers): a Tailwind UI header's round buttons named by visually hidden
 * text, and Material icons — words an icon font draws as one glyph — beside a label. Each is
 * performed without an ask, the pixels reading it where the DOM cannot be sure.
 * Fixture: test/fixtures/icon-buttons.html. Judged by the page's own handlers.
 */
describe.each(BROWSERS)('icon buttons in %s', (browserName) => {
  const env = useBrowser(browserName);

  it.each([
    ['a round button named by hidden text (notifications)', 'bell', 'View notifications'],
    ['a round button named by hidden text (close)', 'close', 'Close menu'],
    ['a round button named by hidden text (search)', 'search', 'Search'],
    ['a logo link named by hidden text', 'logo', 'Your Company'],
    ['a Material icon beside "Filters"', 'filters', 'Filters'],
    ['a Material icon beside "Edit" on a link', 'edit', 'Edit'],
    ['a Material icon the name reads, beside "Preview"', 'preview', 'Preview'],
  ])('%s is performed without an ask (#%s)', async (_, id, label) => {
    const page = await env.open('shop.example', '/icon-buttons.html');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expectClickPerformed(env, page, id, label);
    await page.close();
  });

  it.each([
    ['a decoy painted over an icon button named by hidden text', 'covered', 'Show details'],
    ['a word in a system font beside "Edit"', 'system-word', 'Edit'],
    ['a word whose letters are pulled together beside "Edit"', 'pulled', 'Edit'],
    ['a word drawn small by font-size-adjust on a button named otherwise', 'adjusted', 'Show details'],
    ['a word in a narrow box it overflows by a negative text-indent', 'indented', 'now'],
    ['a decoy painted over a label in a display: contents box', 'contents-cover', 'Show details →'],
  ])('%s is not performed (#%s)', async (_, id, label) => {
    const page = await env.open('shop.example', '/icon-buttons.html');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    await expectClickRefused(env, page, id, label);
    await page.close();
  });
});

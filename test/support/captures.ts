import type { TestBrowser, TestPage } from './browsers';

/**
 * How many times the extension's background has captured a tab so far, read from the probe build's
 * page (`useBrowser(name, { probe: true })`, test/support/ocr-probe/). A decision the DOM settles
 * captures nothing; a pixel-checked one captures once, and once more for the re-check when it
 * executes. So a test can say an honest control went through without being sent to the pixels,
 * which "performed without an ask" alone does not (OCR reads an honest label too, a second later).
 * The page is opened once, in a background tab, so the page under test stays the visible one.
 */
export function captureCounter(env: { browser: TestBrowser }): () => Promise<number> {
  let probe: { browser: TestBrowser; page: TestPage } | null = null;
  return async () => {
    if (probe?.browser !== env.browser) {
      probe = { browser: env.browser, page: await env.browser.openExtensionPage('test/support/ocr-probe/index.html') };
    }
    return probe.page.evaluate(() => (globalThis as unknown as { probe: { captures(): Promise<number> } }).probe.captures());
  };
}

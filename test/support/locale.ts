import type { Browser } from 'puppeteer-core';

/**
 * Makes Firefox run in `locale` as if its language pack were installed: the test machine has
 * none, and installing one needs the network. Set from the browser chrome before the extension
 * is installed, so Firefox picks the extension's messages for that language as it would for a
 * user of that language (its own UI stays English, which no test reads).
 */
export async function requestFirefoxLocale(browser: Browser, locale: string): Promise<void> {
  type Send = (method: string, params: object) => Promise<{ result: { contexts?: { context: string }[]; result?: { value?: string } } }>;
  const connection = (browser as unknown as { connection: { send: Send } }).connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const context = tree.result.contexts?.[0]?.context;
  if (!context) throw new Error('No browser chrome window to set the locale from.');
  const set = `(() => {
    Services.locale.availableLocales = [...new Set([...Services.locale.availableLocales, ${JSON.stringify(locale)}])];
    Services.locale.requestedLocales = [${JSON.stringify(locale)}];
    return Services.locale.appLocaleAsBCP47;
  })()`;
  const answer = await connection.send('script.evaluate', { expression: set, target: { context }, awaitPromise: false });
  const now = answer.result.result?.value;
  if (now !== locale) throw new Error(`Firefox did not switch to ${locale} (it runs in ${now}).`);
}

/** Chromium's flag for its UI language (the extension's messages follow it even without the browser's own translation). */
export const chromiumLocaleArgs = (locale: string) => [`--lang=${locale}`];

import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { TestPage } from './browsers';
import { waitFor, waitOrTimeout } from './wait';

/** Firefox pages through puppeteer: the page wrapper, and extension pages opened from the browser chrome. */

export function wrapPuppeteer(page: import('puppeteer-core').Page): TestPage & { raw: import('puppeteer-core').Page } {
  return {
    raw: page,
    goto: (url) => gotoLoaded(page, url),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    url: () => page.url(),
    front: () => page.bringToFront(),
    close: () => page.close(),
  };
}

/**
 * Firefox now and then stops reporting newly opened tabs to puppeteer after many have been opened
 * and closed in one session, so each extension page is opened once and reloaded for every later
 * use; closing it only leaves it for the next one.
 */
const extensionTabs = new WeakMap<object, Map<string, import('puppeteer-core').Page>>();

export async function reusedExtensionPage(browser: import('puppeteer-core').Browser, url: string): Promise<TestPage> {
  const tabs = extensionTabs.get(browser) ?? new Map<string, import('puppeteer-core').Page>();
  extensionTabs.set(browser, tabs);
  let page = tabs.get(url);
  if (page && !page.isClosed()) {
    await page.evaluate(() => location.reload()).catch(() => undefined);
    const reloaded = page;
    const ready = await waitOrTimeout(
      () =>
        reloaded
          .evaluate(() => document.readyState === 'complete' && (globalThis as { __warrantReused?: boolean }).__warrantReused !== true)
          .catch(() => false),
      { timeout: 20_000 },
    );
    if (!ready) page = undefined;
  } else {
    page = undefined;
  }
  if (!page) {
    const opened = await openFirefoxExtensionPage(browser, url);
    page = (opened as TestPage & { raw: import('puppeteer-core').Page }).raw;
    tabs.set(url, page);
  }
  // Marks this document: after the next reload, a fresh document lacks the mark.
  await page.evaluate(() => {
    (globalThis as { __warrantReused?: boolean }).__warrantReused = true;
  });
  const wrapped = wrapPuppeteer(page);
  return { ...wrapped, close: async () => undefined };
}

/**
 * WebDriver BiDi refuses to navigate a tab to a moz-extension: URL ("not allowed in this context"),
 * so the tab is opened from the browser chrome instead, as the user opening the page would. It
 * opens in the background, like the real popup: the page under test stays the visible tab, which
 * captureVisibleTab (OCR, pixel re-checks) depends on.
 */
async function openFirefoxExtensionPage(browser: import('puppeteer-core').Browser, url: string): Promise<TestPage> {
  type Send = (method: string, params: object) => Promise<{ result: { contexts?: { context: string }[] } }>;
  const connection = (browser as unknown as { connection: { send: Send } }).connection;
  const before = new Set(await browser.pages());
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const chromeWindow = tree.result.contexts?.[0]?.context;
  if (!chromeWindow) throw new Error('No browser chrome window to open the page from.');
  // Into a normal browser window: an ask's prompt window (type "popup", no toolbars) may also be
  // open, and may be the first chrome context listed.
  const open = `(() => {
    for (const win of Services.wm.getEnumerator('navigator:browser')) {
      if (!win.toolbar.visible) continue;
      win.gBrowser.addTab(${JSON.stringify(url)}, { triggeringPrincipal: Services.scriptSecurityManager.getSystemPrincipal() });
      return 'opened';
    }
    return 'no browser window';
  })()`;
  const opened = (await connection.send('script.evaluate', {
    expression: open,
    target: { context: chromeWindow },
    awaitPromise: false,
  })) as unknown as {
    result: { result?: { value?: string } };
  };
  if (opened.result.result?.value !== 'opened') throw new Error(`Could not open ${url}: ${JSON.stringify(opened.result).slice(0, 200)}`);
  // A deadline, not a count: on a loaded two-core machine a background tab can take seconds.
  const opening = await waitFor(
    `${url} to open`,
    async () => {
      // Other extension windows (an ask prompt) may open meanwhile: take the tab showing this URL.
      for (const page of (await browser.pages()).filter((candidate) => !before.has(candidate))) {
        const href = await page.evaluate(() => (document.readyState === 'complete' ? location.href : '')).catch(() => '');
        if (href === url) return page;
      }
      return undefined;
    },
    { timeout: 30_000 },
  );
  return wrapPuppeteer(opening);
}

/**
 * Runs an expression in the browser chrome (system principal; `--remote-allow-system-access`) and
 * returns its value: the harness's way to reach what only about:debugging offers.
 */
export async function evaluateInChrome(browser: import('puppeteer-core').Browser, expression: string): Promise<unknown> {
  type Send = (method: string, params: object) => Promise<{ result: { contexts?: { context: string }[] } }>;
  const connection = (browser as unknown as { connection: { send: Send } }).connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const chromeWindow = tree.result.contexts?.[0]?.context;
  if (!chromeWindow) throw new Error('No browser chrome window.');
  const answer = (await connection.send('script.evaluate', {
    expression,
    target: { context: chromeWindow },
    awaitPromise: true,
  })) as unknown as {
    result: { type: string; result?: { value?: unknown }; exceptionDetails?: { text?: string } };
  };
  if (answer.result.type === 'exception') throw new Error(`In the browser chrome: ${answer.result.exceptionDetails?.text}`);
  return answer.result.result?.value;
}

/** How long to wait for puppeteer's load event before asking the page itself. */
const LOAD_EVENT_MS = 8_000;

/**
 * page.goto in Firefox over BiDi now and then never sees the load event of a page that did load
 * (the navigation id of the load event and of the navigate command disagree:
 * https://github.com/puppeteer/puppeteer/issues/13041, https://bugzilla.mozilla.org/show_bug.cgi?id=1879163),
 * which cost 30 s and a retry. (Most stalls seen here turned out to be Warrant's own: documents
 * whose load event Firefox never fired, fixed in scripts/vite/frame-modules.ts; they end as
 * "failed", since the page never completes.) After LOAD_EVENT_MS the page is asked directly, until puppeteer's own
 * timeout: once it is at that URL and complete, the navigation happened (the first answer may come
 * from the document being replaced). Each stall is written to STALLS_FILE, and `npm test` lists them
 * beside the retries, so a workaround never hides how often the bug struck.
 */
async function gotoLoaded(page: import('puppeteer-core').Page, url: string): Promise<void> {
  const navigation = page.goto(url, { waitUntil: 'load' }).then(() => true);
  const early = await Promise.race([navigation, new Promise<false>((resolve) => setTimeout(() => resolve(false), LOAD_EVENT_MS))]);
  if (early) return;
  let ended: 'loaded' | 'failed' | undefined;
  navigation.then(
    () => (ended = 'loaded'),
    () => (ended = 'failed'),
  );
  const seen = await waitOrTimeout(
    async (): Promise<'loaded' | 'failed' | 'asked' | false> =>
      ended ??
      (await page
        .evaluate(() => ({ href: location.href, ready: document.readyState }))
        .then((seen): 'asked' | false => (seen.href === url && seen.ready === 'complete' ? 'asked' : false))
        .catch((): false => false)),
    { timeout: 25_000, every: 500 },
  );
  noteStall(url, seen ?? 'timeout');
  // The rejection of a navigation found loaded by asking is handled above (`ended`).
  if (seen !== 'asked') await navigation;
}

/** Where the Firefox harness notes each navigation whose load event puppeteer missed (JSON lines). */
export const STALLS_FILE = '.test-results/firefox-stalls.jsonl';

function noteStall(url: string, outcome: string): void {
  try {
    mkdirSync(dirname(STALLS_FILE), { recursive: true });
    appendFileSync(STALLS_FILE, `${JSON.stringify({ url, outcome, at: new Date().toISOString() })}\n`);
  } catch {
    // Only a report: a test does not fail because its note could not be written.
  }
}

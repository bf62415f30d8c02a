import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { chromiumProfileCopy } from './chromium-profile';
import { evaluateInChrome, reusedExtensionPage, wrapPuppeteer } from './firefox-pages';
import { firefoxProfileCopy } from './firefox-profile';
import { chromiumLocaleArgs, requestFirefoxLocale } from './locale';
import { HOSTS } from './server';
import { chromiumToolbar, firefoxToolbar, type ToolbarState } from './toolbar';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CHROME_EXTENSION_ID = 'lcehkcofajkdehfcgklegicdcdbgafah';
export const FIREFOX_EXTENSION_ID = 'warrant@warrant.example';
const FIREFOX_EXTENSION_UUID = '6f1e7c2a-3b4d-4e5f-8a9b-0c1d2e3f4a5b';

/** The little the tests need of a tab, the same in both browsers. */
export type TestPage = {
  goto(url: string): Promise<void>;
  /** Runs in the page's main world, as a page script (or an in-page assistant) would. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  url(): string;
  /** Makes the tab the active one of its window, as opening it did (captureVisibleTab sees only that one). */
  front(): Promise<void>;
  close(): Promise<void>;
};

export type TestBrowser = {
  name: 'chromium' | 'firefox';
  newPage(): Promise<TestPage>;
  /**
   * Chromium only: a tab no page opened, as the person's own new tab is (made through the extension
   * API, without an opener). newPage's tabs have the active tab as `openerTabId` in Chromium
   * (Target.createTarget), which Warrant's per-tab budget takes as "opened by that page".
   */
  newUnopenedPage?(): Promise<TestPage>;
  /** An extension page (e.g. the popup) opened as a tab; Warrant's unless `other` names another loaded one. */
  openExtensionPage(path: string, other?: OtherExtension): Promise<TestPage>;
  /** Stops the extension's service worker, as the browser does when it is idle (Chromium only). */
  stopServiceWorker?(): Promise<void>;
  /** Warrant's toolbar button: icon, title and badge (test/support/toolbar.ts says how each browser is read). */
  toolbar(): Promise<ToolbarState>;
  /**
   * Runs a function in the extension's running service worker, through the DevTools protocol (Chromium
   * only): the tests' way to hold a stage there; nothing in the extension offers it.
   */
  evaluateInWorker?<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /**
   * Unloads the extension's event page as about:debugging's "Terminate background script" does
   * (Firefox only; the next event starts it again).
   */
  stopEventPage?(): Promise<void>;
  close(): Promise<void>;
};

export const BROWSERS = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export type LaunchOptions = {
  headless?: boolean;
  /** Origins to treat as secure contexts (WebMCP needs one); the fixture hosts are plain http. */
  secureOrigins?: string[];
  /** Directory of an unpacked build to load instead of dist/<target> (e.g. a test-only build). */
  extension?: string;
  /** Other extensions to load beside Warrant (e.g. test/fixtures/prober). */
  alsoLoad?: OtherExtension[];
  /** The browser's UI language, e.g. zh-CN (English when not given). */
  locale?: string;
  /**
   * Firefox only: what an administrator gives Warrant in storage.managed, as a managed-storage
   * native manifest in a home directory of this run's own (Chromium reads managed storage from
   * policy files in /etc, shared by every run: test/browser/managed-policy.test.ts writes one).
   */
  firefoxManaged?: Record<string, unknown>;
  /**
   * Chromium only: a profile and a copy of the build of the caller's, used as they are and kept on
   * close, so the next launch with them is the same browser started again (test/browser/managed-cache.test.ts).
   */
  kept?: { profile: string; extension: string };
  /**
   * Chromium only: a profile that has never run Warrant (its very first start, which waits for the
   * administrator's policy). Without it, a launch starts from a profile that has run Warrant once
   * (test/support/chromium-profile.ts).
   */
  fresh?: boolean;
  /**
   * Chromium only: scrollbars drawn as a person's browser draws them (Playwright hides them by
   * default). They take room and paint over what is under them, and a page can style them
   * (src/content/verifiers/scrollbars.ts). Not the default: with them, the corpus's grayscale
   * button moved and OCR read it at 0.589 confidence, under its threshold (an ask).
   */
  scrollbars?: boolean;
};

/** Another extension to load beside Warrant: its directory and the ids each browser gives it. */
export type OtherExtension = { dir: string; chromeId: string; geckoId: string; firefoxUuid: string };

export function launch(name: BrowserName, options: LaunchOptions = {}): Promise<TestBrowser> {
  const headless = options.headless ?? true;
  if (name === 'chromium') {
    return launchChromium(
      headless,
      options.secureOrigins ?? [],
      options.extension,
      options.alsoLoad ?? [],
      options.locale,
      options.kept,
      options.fresh,
      options.scrollbars,
    );
  }
  return launchFirefox(headless, options.extension, options.alsoLoad ?? [], options.locale, options.firefoxManaged);
}

/**
 * A private copy of the build for one browser run: a rebuild while tests run (vite empties
 * dist/) must not pull files from under a loaded extension.
 */
export function distFor(target: 'chrome' | 'firefox', override?: string): string {
  const dir = override ?? join(ROOT, 'dist', target);
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`${dir} is not built; run npm run build first.`);
  const copy = mkdtempSync(join(tmpdir(), `warrant-${target}-`));
  cpSync(dir, copy, { recursive: true });
  return copy;
}

function wrapPlaywright(page: import('playwright-core').Page): TestPage {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
    url: () => page.url(),
    front: () => page.bringToFront(),
    close: () => closePage(page),
  };
}

/**
 * Closes a Chromium page, re-issuing the close if the first one was dropped: Chromium acknowledges
 * `Target.closeTarget` without closing when the close races a navigation commit, and `page.close()`
 * then waits forever (https://issues.chromium.org/issues/536385539, microsoft/playwright#42068). An
 * approved form submission that has just navigated hung here one time in three.
 */
async function closePage(page: import('playwright-core').Page): Promise<void> {
  const closed = page.close().then(() => true);
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await Promise.race([closed, new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000))])) return;
    try {
      const own = await page.context().newCDPSession(page);
      const { targetInfo } = (await own.send('Target.getTargetInfo')) as { targetInfo: { targetId: string } };
      await own.detach().catch(() => undefined);
      const browser = await page.context().browser()!.newBrowserCDPSession();
      await browser.send('Target.closeTarget', { targetId: targetInfo.targetId });
      await browser.detach();
    } catch {
      // The page closed meanwhile.
    }
  }
  await closed;
}

/** Chromium's flags for the tests and the benches: quiet, every host name local, native WebMCP on. */
export function chromiumArgs(extension: string | null, others: string[] = []): string[] {
  const all = extension ? [extension, ...others].join(',') : null;
  return [
    ...(all ? [`--disable-extensions-except=${all}`, `--load-extension=${all}`] : []),
    '--no-sandbox',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-gpu',
    '--host-resolver-rules=MAP * 127.0.0.1, EXCLUDE localhost',
    // Native WebMCP (document.modelContext), which Warrant gates.
    '--enable-features=WebMCP',
  ];
}

async function launchChromium(
  headless: boolean,
  secureOrigins: string[],
  override: string | undefined,
  others: OtherExtension[],
  locale?: string,
  kept?: LaunchOptions['kept'],
  fresh = false,
  scrollbars = false,
): Promise<TestBrowser> {
  const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  // A plain launch in a test run starts from a profile that has run this build once
  // (chromium-profile.ts; `npm test` removes the template at the end). The demo and the benches
  // start fresh, as before, and leave nothing behind.
  const template =
    process.env.VITEST !== undefined &&
    kept === undefined &&
    !fresh &&
    override === undefined &&
    others.length === 0 &&
    locale === undefined
      ? await chromiumProfileCopy(executablePath, join(ROOT, 'dist', 'chrome'), (path) => chromiumArgs(path), CHROME_EXTENSION_ID)
      : null;
  const extension = kept?.extension ?? template?.extension ?? distFor('chrome', override);
  const profile = kept?.profile ?? template?.profile ?? mkdtempSync(join(tmpdir(), 'warrant-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless,
    ...(scrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
    args: [
      ...chromiumArgs(
        extension,
        others.map((o) => o.dir),
      ),
      ...(secureOrigins.length > 0 ? [`--unsafely-treat-insecure-origin-as-secure=${secureOrigins.join(',')}`] : []),
      ...(locale ? chromiumLocaleArgs(locale) : []),
    ],
  });
  // The extension's service worker is up once it has registered.
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  const inWorker = async <R, A>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R> => {
    const live = () => context.serviceWorkers().filter((w) => w.url().includes(CHROME_EXTENSION_ID));
    const worker = live().at(-1) ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
    return worker.evaluate(fn as never, arg) as never;
  };
  return {
    name: 'chromium',
    newPage: async () => wrapPlaywright(await context.newPage()),
    async newUnopenedPage() {
      const opened = context.waitForEvent('page', { timeout: 10_000 });
      await inWorker(() => chrome.tabs.create({ url: 'about:blank', active: true }).then(() => undefined));
      return wrapPlaywright(await opened);
    },
    async openExtensionPage(path, other) {
      // A background tab of the same window, like the real popup: the page under test stays the
      // visible tab, which captureVisibleTab (OCR, pixel re-checks) depends on.
      const url = `chrome-extension://${other?.chromeId ?? CHROME_EXTENSION_ID}/${path}`;
      const session = await context.browser()!.newBrowserCDPSession();
      const opened = context.waitForEvent('page', { predicate: (p) => p.url() === url, timeout: 10_000 });
      await session.send('Target.createTarget', { url, background: true, newWindow: false });
      const page = await opened;
      await page.waitForLoadState('load');
      await session.detach();
      return wrapPlaywright(page);
    },
    async stopServiceWorker() {
      const session = await context.browser()!.newBrowserCDPSession();
      const { targetInfos } = (await session.send('Target.getTargets')) as {
        targetInfos: { targetId: string; type: string; url: string }[];
      };
      for (const target of targetInfos.filter((t) => t.type === 'service_worker' && t.url.includes(CHROME_EXTENSION_ID))) {
        await session.send('Target.closeTarget', { targetId: target.targetId });
      }
      await session.detach();
    },
    toolbar: () => chromiumToolbar(context, CHROME_EXTENSION_ID),
    evaluateInWorker: inWorker,
    async close() {
      await context.close();
      if (kept) return;
      rmSync(profile, { recursive: true, force: true });
      // The template's copy of the build is shared by every launch from it.
      if (template === null) rmSync(extension, { recursive: true, force: true });
    },
  };
}

async function launchFirefox(
  headless: boolean,
  override: string | undefined,
  others: OtherExtension[],
  locale?: string,
  managed?: Record<string, unknown>,
): Promise<TestBrowser> {
  const extension = distFor('firefox', override);
  const home = managed === undefined ? null : managedStorageHome(managed);
  const executablePath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
  const profile = await firefoxProfileCopy(executablePath);
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath,
    headless,
    ...(profile === null ? {} : { userDataDir: profile }),
    ...(home === null ? {} : { env: { ...process.env, HOME: home } }),
    // Lets the harness open extension pages from the browser chrome (see openFirefoxExtensionPage).
    args: ['--remote-allow-system-access'],
    extraPrefsFirefox: {
      'network.dns.localDomains': HOSTS.join(','),
      // Secure contexts for the fixture hosts (the WebMCP polyfill needs one), as Chromium's flag does.
      'dom.securecontext.allowlist': HOSTS.join(','),
      // Firefox upgrades some http navigations (form posts among them) to https first; the
      // fixture hosts have no TLS, so that upgrade would stall them.
      'dom.security.https_first': false,
      'dom.security.https_first_pbm': false,
      'dom.security.https_first_schemeless': false,
      // The allowlisted http hosts count as secure, so a form posting to them would be stopped by
      // the "insecure form submission" interstitial.
      'security.warn_submit_secure_to_insecure': false,
      'extensions.webextensions.uuids': JSON.stringify({
        [FIREFOX_EXTENSION_ID]: FIREFOX_EXTENSION_UUID,
        ...Object.fromEntries(others.map((o) => [o.geckoId, o.firefoxUuid])),
      }),
      // Host permissions of MV3 add-ons are granted at install; temporary installs skip the prompt.
      'extensions.originControls.grantByDefault': true,
    },
  });
  if (locale) await requestFirefoxLocale(browser, locale);
  await browser.installExtension(extension);
  for (const other of others) await browser.installExtension(other.dir);
  return {
    name: 'firefox',
    newPage: async () => wrapPuppeteer(await browser.newPage()),
    openExtensionPage: (path, other) =>
      reusedExtensionPage(browser, `moz-extension://${other?.firefoxUuid ?? FIREFOX_EXTENSION_UUID}/${path}`),
    toolbar: () => firefoxToolbar(browser, FIREFOX_EXTENSION_ID),
    async stopEventPage() {
      // What about:debugging's button calls (WebExtensionDescriptorActor.terminateBackgroundScript).
      const stopped = await evaluateInChrome(
        browser,
        `(async () => {
          const { ExtensionParent } = ChromeUtils.importESModule('resource://gre/modules/ExtensionParent.sys.mjs');
          const extension = ExtensionParent.GlobalManager.getExtension(${JSON.stringify(FIREFOX_EXTENSION_ID)});
          await extension.terminateBackground({ ignoreDevToolsAttached: true });
          return 'stopped';
        })()`,
      );
      if (stopped !== 'stopped') throw new Error(`The event page was not stopped: ${String(stopped)}`);
    },
    async close() {
      await browser.close();
      // puppeteer removes a profile it made; the copy of the template is ours, as are the copy of the build and the home.
      if (profile !== null) rmSync(profile, { recursive: true, force: true });
      rmSync(extension, { recursive: true, force: true });
      if (home !== null) rmSync(home, { recursive: true, force: true });
    },
  };
}

/**
 * A home directory holding Warrant's managed storage as Firefox reads it on Linux:
 * ~/.mozilla/managed-storage/<add-on id>.json, a native manifest of type "storage"
 * (https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/Native_manifests#managed_storage_manifests).
 */
function managedStorageHome(data: Record<string, unknown>): string {
  const home = mkdtempSync(join(tmpdir(), 'warrant-firefox-home-'));
  const dir = join(home, '.mozilla', 'managed-storage');
  mkdirSync(dir, { recursive: true });
  const manifest = { name: FIREFOX_EXTENSION_ID, description: 'Warrant test policy', type: 'storage', data };
  writeFileSync(join(dir, `${FIREFOX_EXTENSION_ID}.json`), JSON.stringify(manifest));
  return home;
}

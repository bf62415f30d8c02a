import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { HOSTS } from './server';

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
  close(): Promise<void>;
};

export type TestBrowser = {
  name: 'chromium' | 'firefox';
  newPage(): Promise<TestPage>;
  /** An extension page (e.g. the popup) opened as a tab. */
  extensionUrl(path: string): string;
  close(): Promise<void>;
};

export const BROWSERS = ['chromium', 'firefox'] as const;
export type BrowserName = (typeof BROWSERS)[number];

export function launch(name: BrowserName): Promise<TestBrowser> {
  return name === 'chromium' ? launchChromium() : launchFirefox();
}

function distFor(target: 'chrome' | 'firefox'): string {
  const dir = join(ROOT, 'dist', target);
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`${dir} is not built; run npm run build first.`);
  return dir;
}

async function launchChromium(): Promise<TestBrowser> {
  const extension = distFor('chrome');
  const profile = mkdtempSync(join(tmpdir(), 'warrant-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-gpu',
      '--host-resolver-rules=MAP * 127.0.0.1, EXCLUDE localhost',
    ],
  });
  // The extension's service worker is up once it has registered.
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  return {
    name: 'chromium',
    async newPage() {
      const page = await context.newPage();
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        url: () => page.url(),
        close: () => page.close(),
      };
    },
    extensionUrl: (path) => `chrome-extension://${CHROME_EXTENSION_ID}/${path}`,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

async function launchFirefox(): Promise<TestBrowser> {
  const extension = distFor('firefox');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      'network.dns.localDomains': HOSTS.join(','),
      'extensions.webextensions.uuids': JSON.stringify({ [FIREFOX_EXTENSION_ID]: FIREFOX_EXTENSION_UUID }),
      // Host permissions of MV3 add-ons are granted at install; temporary installs skip the prompt.
      'extensions.originControls.grantByDefault': true,
    },
  });
  await browser.installExtension(extension);
  return {
    name: 'firefox',
    async newPage() {
      const page = await browser.newPage();
      return {
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        url: () => page.url(),
        close: () => page.close(),
      };
    },
    extensionUrl: (path) => `moz-extension://${FIREFOX_EXTENSION_UUID}/${path}`,
    close: () => browser.close(),
  };
}

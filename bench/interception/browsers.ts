import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, ROOT } from '../../test/support/browsers';
import { browserRoot, childProcesses } from '../verifiers/memory';

export type Arm = 'gated' | 'ungated';
export type Kind = 'chromium' | 'firefox';

/** One tab of one browser, the same in both kinds. */
export type BenchPage = {
  /** Navigates and resolves once the load event has run. */
  goto(url: string): Promise<void>;
  /** Runs in the page's main world. */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** JS heap in use after a forced collection, in bytes (Chromium, over CDP); null where the browser has no such probe. */
  heapUsed(): Promise<number | null>;
};

export type BenchBrowser = {
  kind: Kind;
  arm: Arm;
  /** As the browser reports it. */
  version: string;
  page: BenchPage;
  /** The browser's main process, for /proc memory; null off Linux or when it cannot be told apart. */
  pid: number | null;
  /** The gated arm's content scripts, as built (what every frame runs at document_start). */
  contentScripts: { file: string; world: string; bytes: number }[];
  /** When the loaded build was made (the manifest's mtime). */
  builtAt: string | null;
  close(): Promise<void>;
};

/**
 * The same launch as test/support/browsers.ts (flags, prefs, a private copy of dist/), with the
 * extension left out for the ungated arm: the two arms differ in nothing else.
 */
export function launchArm(kind: Kind, arm: Arm): Promise<BenchBrowser> {
  const extension = arm === 'gated' ? distCopy(kind === 'chromium' ? 'chrome' : 'firefox') : null;
  return kind === 'chromium' ? launchChromium(arm, extension) : launchFirefox(arm, extension);
}

/**
 * The same launch with another extension directory (a private copy, removed on close), for arms
 * beside Warrant's (floor.ts: an extension whose content scripts are empty).
 */
export function launchWith(kind: Kind, extension: string): Promise<BenchBrowser> {
  return kind === 'chromium' ? launchChromium('gated', extension) : launchFirefox('gated', extension);
}

/** A private copy of the build: others may rebuild dist/ while the bench runs. */
export function distCopy(target: 'chrome' | 'firefox'): string {
  const dir = join(ROOT, 'dist', target);
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`${dir} is not built; run npm run build first.`);
  const copy = mkdtempSync(join(tmpdir(), `warrant-bench-${target}-`));
  cpSync(dir, copy, { recursive: true, preserveTimestamps: true });
  return copy;
}

type Manifest = { content_scripts?: { js?: string[]; world?: string }[]; background?: unknown };

function describeBuild(dir: string | null): Pick<BenchBrowser, 'contentScripts' | 'builtAt'> {
  if (dir === null) return { contentScripts: [], builtAt: null };
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const contentScripts = (manifest.content_scripts ?? []).flatMap((entry) =>
    (entry.js ?? []).map((file) => ({ file, world: entry.world ?? 'ISOLATED', bytes: statSync(join(dir, file)).size })),
  );
  return { contentScripts, builtAt: statSync(join(dir, 'manifest.json')).mtime.toISOString() };
}

async function launchChromium(arm: Arm, extension: string | null): Promise<BenchBrowser> {
  const profile = mkdtempSync(join(tmpdir(), 'warrant-bench-chromium-'));
  const before = childProcesses();
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs(extension),
  });
  const pid = browserRoot(before, 'chromium');
  // An extension with no background (floor.ts's) starts no worker to wait for.
  const worker = extension !== null && (JSON.parse(readFileSync(join(extension, 'manifest.json'), 'utf8')) as Manifest).background;
  if (worker && context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  return {
    kind: 'chromium',
    arm,
    version: context.browser()?.version() ?? '?',
    pid,
    ...describeBuild(extension),
    page: {
      goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
      evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
      async heapUsed() {
        await cdp.send('HeapProfiler.collectGarbage');
        const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
        return usage.usedSize;
      },
    },
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
      if (extension) rmSync(extension, { recursive: true, force: true });
    },
  };
}

async function launchFirefox(arm: Arm, extension: string | null): Promise<BenchBrowser> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      'dom.security.https_first': false,
      'dom.security.https_first_pbm': false,
      'dom.security.https_first_schemeless': false,
      // Host permissions of MV3 add-ons are granted at install; temporary installs skip the prompt.
      'extensions.originControls.grantByDefault': true,
    },
  });
  if (extension) await browser.installExtension(extension);
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  return {
    kind: 'firefox',
    arm,
    version: (await browser.version()).replace(/^firefox\//, ''),
    pid: browser.process()?.pid ?? null,
    ...describeBuild(extension),
    page: {
      goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
      evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
      heapUsed: async () => null,
    },
    async close() {
      await browser.close();
      if (extension) rmSync(extension, { recursive: true, force: true });
    },
  };
}

/** Whether Warrant is in this page: its API (see run.ts for why not its patches). */
export function warrantPresentScript(): { api: boolean } {
  return { api: typeof (window as { warrant?: unknown }).warrant === 'object' };
}

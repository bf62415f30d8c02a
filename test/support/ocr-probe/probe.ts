import browser from 'webextension-polyfill';
import type { CssRect } from '../../../src/background/ocr';
import type { Viewport } from '../../../src/messages/viewport';
import { ASSETS, createOcrEngine } from '../../../src/offscreen/engine';

/**
 * Test-only extension page (never in dist/chrome or dist/firefox). OCR requests go to the
 * background (see background.ts), so capture, the offscreen document (Chrome) or the event page's
 * worker (Firefox), and tesseract.js run in their production contexts. The engine checks (hung
 * worker, idle release) run here, in a page, as they do in the offscreen document.
 */
async function findTab(url: string): Promise<{ id: number; windowId: number }> {
  const tab = (await browser.tabs.query({})).find((candidate) => candidate.url === url);
  if (tab?.id === undefined || tab.windowId === undefined) throw new Error(`no tab at ${url}`);
  return { id: tab.id, windowId: tab.windowId };
}

async function inBackground(probe: 'ocr' | 'hash' | 'print', url: string, rect: CssRect, dpr: number, viewport?: Viewport, show = true) {
  const tab = await findTab(url);
  // captureVisibleTab reads only the active tab; this probe's own tab steps aside.
  if (show) await browser.tabs.update(tab.id, { active: true });
  return browser.runtime.sendMessage({ probe, tabId: tab.id, windowId: tab.windowId, rect, dpr, viewport });
}

const silentWorker = new URL('./silent-worker.js', import.meta.url).href;

const probe = {
  ocr: (url: string, rect: CssRect, dpr: number, viewport?: Viewport) => inBackground('ocr', url, rect, dpr, viewport),
  hash: (url: string, rect: CssRect, dpr: number, viewport?: Viewport) => inBackground('hash', url, rect, dpr, viewport),
  print: (url: string, rect: CssRect, dpr: number, viewport?: Viewport) => inBackground('print', url, rect, dpr, viewport),
  /** The re-check fingerprints of several rects, from one capture (Chromium's quota: two a second). */
  async prints(url: string, rects: CssRect[], dpr: number, viewport?: Viewport) {
    const tab = await findTab(url);
    await browser.tabs.update(tab.id, { active: true });
    return browser.runtime.sendMessage({ probe: 'prints', tabId: tab.id, windowId: tab.windowId, rects, dpr, viewport });
  },
  /** Sets the browser's zoom for the tab at `url` (1 = none). */
  async zoom(url: string, factor: number) {
    await browser.tabs.setZoom((await findTab(url)).id, factor);
  },
  /** Makes the tab at `url` the active one (captureVisibleTab reads only that one). */
  async show(url: string) {
    await browser.tabs.update((await findTab(url)).id, { active: true });
  },
  /** Stores a policy as the options page would. */
  setPolicy: async (policy: unknown) => {
    const saved = (await browser.runtime.sendMessage({ probe: 'setPolicy', policy })) as { ok: boolean };
    if (!saved.ok) throw new Error(`policy not saved: ${JSON.stringify(saved)}`);
  },
  captures: () => browser.runtime.sendMessage({ probe: 'captures' }) as Promise<number>,
  /** The layout viewport the last proposal carried, or null (src/content/viewport.ts). */
  lastViewport: () => browser.runtime.sendMessage({ probe: 'lastViewport' }),
  /** OCR of a tab that is not the active one must be refused, not read from whatever is shown. */
  async ocrHidden(url: string, rect: CssRect, dpr: number, viewport?: Viewport) {
    const self = await browser.tabs.getCurrent();
    await browser.tabs.update(self!.id!, { active: true });
    return inBackground('ocr', url, rect, dpr, viewport, false);
  },
  /** An engine whose worker never answers: must time out, and drop the worker (fail closed). */
  async hungEngine() {
    const engine = createOcrEngine({
      assetUrl: (path) => (path === ASSETS.worker ? silentWorker : browser.runtime.getURL(path)),
      coldTimeoutMs: 500,
    });
    const started = performance.now();
    // Not blank: a crop with nothing to make out is answered without the engine (showsAnything).
    const result = await engine.recognize({ width: 2, height: 2, data: Uint8Array.of(0, 255, 255, 0) });
    return { result, ms: performance.now() - started, warm: engine.warm };
  },
  /** The worker is released after the idle delay, and the next job starts cold again. */
  async idleRelease() {
    let idled = 0;
    const engine = createOcrEngine({ assetUrl: (path) => browser.runtime.getURL(path), idleMs: 300, onIdle: () => idled++ });
    const image = { width: 40, height: 20, data: new Uint8Array(800).map((_, i) => (i % 40 > 10 && i % 40 < 14 ? 0 : 255)) };
    const first = await engine.recognize(image);
    const second = await engine.recognize(image);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const warmAfterIdle = engine.warm;
    const third = await engine.recognize(image);
    engine.release();
    return { first, second, third, idled, warmAfterIdle };
  },
  /** Chrome: whether the offscreen document is open. */
  async offscreenOpen() {
    const contexts = await chrome.runtime.getContexts({ contextTypes: [chrome.runtime.ContextType.OFFSCREEN_DOCUMENT] });
    return contexts.length > 0;
  },
};

(globalThis as unknown as { probe: typeof probe }).probe = probe;

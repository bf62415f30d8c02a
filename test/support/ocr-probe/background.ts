import browser from 'webextension-polyfill';
import '../../../src/background/index';
import { type CssRect, captureCrop, captureStats, ocrElement, pixelHashOf } from '../../../src/background/ocr';
import { savePolicy } from '../../../src/background/policy-store';
import { dHash, thumbnail } from '../../../src/core/pixels';
import type { Viewport } from '../../../src/messages/viewport';

/**
 * Background entry of the test-only probe build: the real background, plus a handler that lets
 * the probe page (and nothing else) run the OCR module where it runs in production, in Chrome's
 * service worker and Firefox's event page. No such handler exists in dist/chrome or dist/firefox.
 */
type ProbeRequest = {
  probe: 'ocr' | 'hash' | 'print';
  tabId: number;
  windowId: number;
  rect: CssRect;
  dpr: number;
  /** The fixture's layout viewport: given, Firefox captures the rect alone, as decisions do. */
  viewport?: Viewport;
};
const probePages = browser.runtime.getURL('test/support/ocr-probe/');

/** The viewport the last proposal from a page's frame carried (null: none, the whole viewport is captured). */
let lastProposalViewport: unknown = 'none yet';

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  const kind = (message as { kind?: unknown } | null)?.kind;
  if (sender.tab !== undefined && kind === 'propose') {
    lastProposalViewport = (message as { viewport?: unknown }).viewport ?? null;
    return undefined;
  }
  if (sender.id !== browser.runtime.id || !sender.url?.startsWith(probePages)) return undefined;
  if ((message as { probe?: unknown } | null)?.probe === 'lastViewport') return Promise.resolve(lastProposalViewport);
  const request = message as Partial<ProbeRequest> | { probe: 'captures' | 'setPolicy' };
  // How many times the background captured the tab so far (one per decision, plus the re-check).
  if (request.probe === 'captures') return Promise.resolve(captureStats.count);
  // Stores a policy as the settings page would (the probe page is not the settings page, so it may not ask for policy:set).
  if (request.probe === 'setPolicy') return savePolicy((message as { policy: unknown }).policy);
  if ((message as { probe?: unknown } | null)?.probe === 'prints') {
    const { tabId, windowId, rects, dpr, viewport } = message as Omit<ProbeRequest, 'probe' | 'rect'> & { rects: CssRect[] };
    return fingerprints(tabId, windowId, rects, dpr, viewport);
  }
  if (request.probe !== 'ocr' && request.probe !== 'hash' && request.probe !== 'print') return undefined;
  const { tabId, windowId, rect, dpr, viewport } = request as ProbeRequest;
  if (request.probe === 'print') return fingerprint(tabId, windowId, rect, dpr, viewport);
  return request.probe === 'ocr' ? ocrElement(tabId, windowId, rect, dpr, viewport) : pixelHashOf(tabId, windowId, rect, dpr, viewport);
});

/**
 * The fingerprints of several rects from one capture of the area that holds them all: Chromium
 * allows two captures a second, and the re-check measurement (pixels.test.ts) took 23 of them one
 * rect at a time (12.5 s). Each rect is cut from the capture as captureCrop cuts it from the
 * viewport (its edges rounded inwards), so two captures of the same area give each rect the same pixels.
 */
async function fingerprints(tabId: number, windowId: number, rects: CssRect[], dpr: number, viewport?: Viewport) {
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const union = {
    x: left,
    y: top,
    width: Math.max(...rects.map((r) => r.x + r.width)) - left,
    height: Math.max(...rects.map((r) => r.y + r.height)) - top,
  };
  const crop = await captureCrop(tabId, windowId, union, dpr, viewport);
  if (!crop.ok) return crop;
  const [ox, oy] = [Math.ceil(union.x * dpr), Math.ceil(union.y * dpr)];
  const prints = rects.map((rect) => {
    const x0 = Math.max(0, Math.ceil(rect.x * dpr) - ox);
    const y0 = Math.max(0, Math.ceil(rect.y * dpr) - oy);
    const x1 = Math.min(crop.gray.width, Math.floor((rect.x + rect.width) * dpr) - ox);
    const y1 = Math.min(crop.gray.height, Math.floor((rect.y + rect.height) * dpr) - oy);
    const data = new Uint8Array((x1 - x0) * (y1 - y0));
    for (let y = y0; y < y1; y++)
      data.set(crop.gray.data.subarray(y * crop.gray.width + x0, y * crop.gray.width + x1), (y - y0) * (x1 - x0));
    const gray = { width: x1 - x0, height: y1 - y0, data };
    const thumb = thumbnail(gray);
    return { ok: true, hash: dHash(gray), cols: thumb.cols, rows: thumb.rows, cells: [...thumb.cells] };
  });
  return { ok: true, prints };
}

/** Both re-check fingerprints of one capture: the 64-bit dHash and the thumbnail's cells. */
async function fingerprint(tabId: number, windowId: number, rect: CssRect, dpr: number, viewport?: Viewport) {
  const crop = await captureCrop(tabId, windowId, rect, dpr, viewport);
  if (!crop.ok) return crop;
  const thumb = thumbnail(crop.gray);
  return { ok: true, hash: dHash(crop.gray), cols: thumb.cols, rows: thumb.rows, cells: [...thumb.cells] };
}

import browser from 'webextension-polyfill';
import { documentArea, type GrayImage, QUOTA_WINDOW_MS, quotaToSpare, toGray } from '../../core/pixels';
import type { Viewport } from '../../messages/viewport';
import { MAX_PIXELS, MAX_SIDE } from '../../offscreen/protocol';

/** An element's border box in CSS pixels, viewport coordinates (getBoundingClientRect). */
export type CssRect = { x: number; y: number; width: number; height: number };

export type CropResult = { ok: true; gray: GrayImage } | { ok: false; error: string; detail?: string };

/**
 * Chrome allows two captureVisibleTab calls a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND);
 * Firefox has no such quota. Chosen by the build's target, not by sniffing the running browser.
 */
const CAPTURES_PER_SECOND = __TARGET__ === 'chrome' ? 2 : Number.POSITIVE_INFINITY;
const recentCaptures: number[] = [];
/** Every captureVisibleTab call this background made (read by the test-only probe build). */
export const captureStats = { count: 0 };
let captureQueue: Promise<unknown> = Promise.resolve();
/** Captures queued or under way. */
let pendingCaptures = 0;

/**
 * `spare`: a picture nothing is decided on (a blocked click's audit crop) takes only quota no
 * evidence may need (core/pixels/quota.ts), refused at once rather than queued. Queued like the
 * others, a run of blocked clicks (about three a second, the verifier corpus) kept the queue full of
 * crops: each verdict waited its 300 ms budget for a crop it then went without, and a pixel check
 * after them waited behind them.
 */
export type CaptureOptions = { spare?: boolean };

/**
 * Captures the tab's window and crops the element out of it, as grayscale pixels.
 * captureVisibleTab sees only the active tab of a window, so the tab must be the active one
 * (and not minimised or covered by another window of its own): it is checked before and after
 * the capture, and anything else is refused rather than reading another tab's pixels.
 *
 * Firefox, given the top frame's layout viewport: only the part of the element inside the viewport
 * is captured (`rect`, in document coordinates: the viewport's scroll offset added), which paints the
 * same pixels, fixed layers included, as cropping a capture of the whole viewport, at a fraction of
 * the cost (8 against 37 ms for a button, measured). Firefox paints whatever document area it is
 * given, seen or not, so the rect is clipped to the viewport first: nothing off screen is read.
 * The scroll offset is the one the frame measured the rect with, so the area is where the element
 * is in its document: had the page scrolled since, the crop still shows the element with whatever
 * is painted over it now, and whether it is on screen at all is the executor's certification's to
 * say just before it acts (as it must for a page that scrolls after the capture anyway).
 */
export async function captureCrop(
  tabId: number,
  windowId: number | undefined,
  rect: CssRect,
  dpr: number,
  viewport?: Viewport,
  options: CaptureOptions = {},
): Promise<CropResult> {
  if (![rect.x, rect.y, rect.width, rect.height].every(Number.isFinite) || rect.width <= 0 || rect.height <= 0) {
    return { ok: false, error: 'bad_rect' };
  }
  if (!Number.isFinite(dpr) || dpr <= 0 || dpr > 8) return { ok: false, error: 'bad_device_pixel_ratio' };
  const area = __TARGET__ === 'firefox' && viewport ? documentArea(rect, viewport) : null;
  if (area === 'outside') return { ok: false, error: 'rect_outside_viewport' };
  // Refused before Firefox paints it, not after: the crop could not be larger than this anyway.
  if (area && tooLarge(area.within.width * dpr, area.within.height * dpr)) return { ok: false, error: 'rect_too_large' };
  const before = await visibleWindow(tabId, windowId);
  if (before === null) return { ok: false, error: 'tab_not_visible' };
  // Asked after the await above, right before the capture is queued: nothing can come in between.
  if (options.spare && !quotaToSpare(recentCaptures, pendingCaptures, performance.now(), CAPTURES_PER_SECOND))
    return { ok: false, error: 'quota_kept_for_evidence' };
  let dataUrl: string;
  try {
    const options: browser.ExtensionTypes.ImageDetails = area ? { format: 'png', rect: area.capture } : { format: 'png' };
    dataUrl = await throttled(() => browser.tabs.captureVisibleTab(before, options));
  } catch (error) {
    return { ok: false, error: 'capture_failed', ...detail(error) };
  }
  if ((await visibleWindow(tabId, windowId)) !== before) return { ok: false, error: 'tab_not_visible' };
  return area ? cropPng(dataUrl, area.within, dpr, area.capture) : cropPng(dataUrl, rect, dpr);
}

/** The window the tab is the active tab of, or null. */
async function visibleWindow(tabId: number, windowId: number | undefined): Promise<number | null> {
  try {
    const tab = await browser.tabs.get(tabId);
    if (!tab.active || (windowId !== undefined && tab.windowId !== windowId) || tab.windowId === undefined) return null;
    return tab.windowId;
  } catch {
    return null;
  }
}

/** Serialises captures and keeps them under the per-second quota instead of failing on it. */
function throttled<T>(capture: () => Promise<T>): Promise<T> {
  pendingCaptures++;
  const next = captureQueue.then(async () => {
    if (recentCaptures.length >= CAPTURES_PER_SECOND) {
      const wait = recentCaptures[0]! + QUOTA_WINDOW_MS - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      recentCaptures.shift();
    }
    recentCaptures.push(performance.now());
    captureStats.count++;
    return capture();
  });
  captureQueue = next.catch(() => {});
  return next.finally(() => {
    pendingCaptures--;
  });
}

/**
 * Decodes the PNG and reads the element's pixels (getImageData: no re-encoding). `rect` is relative
 * to the captured area; where only an area was captured, the image must be that area at `dpr`.
 */
async function cropPng(dataUrl: string, rect: CssRect, dpr: number, captured?: CssRect): Promise<CropResult> {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:image/png;base64,') || comma < 0) return { ok: false, error: 'capture_failed' };
  const binary = atob(dataUrl.slice(comma + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  try {
    // A zoom or scale the page's devicePixelRatio did not tell would misplace the crop: refused, not guessed.
    if (captured && (Math.abs(bitmap.width - captured.width * dpr) > 1 || Math.abs(bitmap.height - captured.height * dpr) > 1))
      return { ok: false, error: 'capture_scale_mismatch' };
    // Rounded inwards: a partly covered edge pixel is the border's, not the content's.
    const left = Math.max(0, Math.ceil(rect.x * dpr));
    const top = Math.max(0, Math.ceil(rect.y * dpr));
    const right = Math.min(bitmap.width, Math.floor((rect.x + rect.width) * dpr));
    const bottom = Math.min(bitmap.height, Math.floor((rect.y + rect.height) * dpr));
    const width = right - left;
    const height = bottom - top;
    if (width <= 0 || height <= 0) return { ok: false, error: 'rect_outside_viewport' };
    if (tooLarge(width, height)) return { ok: false, error: 'rect_too_large' };
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) return { ok: false, error: 'capture_failed' };
    context.drawImage(bitmap, left, top, width, height, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return { ok: true, gray: toGray(data, width, height) };
  } finally {
    bitmap.close();
  }
}

/** Larger than OCR takes (device pixels). */
const tooLarge = (width: number, height: number) => width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS;

function detail(error: unknown): { detail?: string } {
  return error instanceof Error ? { detail: error.message } : {};
}

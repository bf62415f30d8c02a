import browser from 'webextension-polyfill';
import { dHash, encodePngGray, type GrayImage, shrinkTo } from '../../core/pixels';
import type { Viewport } from '../../messages/viewport';
import { createOcrEngine, type OcrEngine } from '../../offscreen/engine';
import type { OcrLang } from '../../offscreen/protocol';
import { type CssRect, captureCrop } from './capture';
import { recognizeOffscreen } from './offscreen-client';

export type { CssRect } from './capture';
export { type CaptureOptions, captureCrop, captureStats } from './capture';

/** Verifier name for certificates of source "ocr" (DESIGN §3 `verifier`). */
export const OCR_VERIFIER = 'ocr-tesseract@1';

export type OcrResult = { ok: true; text: string; confidence: number; hash: string; ms: number } | { ok: false; error: string };
export type PixelHashResult = { ok: true; hash: string; ms: number } | { ok: false; error: string };

/**
 * Reads what an element shows on screen: captures the tab (Firefox, given the viewport: only the
 * element's part of it, see capture.ts), crops the element's rect (CSS px, viewport coordinates,
 * × devicePixelRatio), hashes the crop and OCRs it.
 * The tab must be the active tab of its window (captureVisibleTab sees nothing else); otherwise
 * the answer is `tab_not_visible`. `confidence` is Tesseract's mean word confidence, 0..1.
 * Any failure (timeout, engine error, capture refused) is `{ ok: false }`: the caller treats the
 * predicate as unsupported, never as supported.
 */
export async function ocrElement(
  tabId: number,
  windowId: number | undefined,
  rect: CssRect,
  devicePixelRatio: number,
  viewport?: Viewport,
): Promise<OcrResult> {
  const started = performance.now();
  const crop = await captureCrop(tabId, windowId, rect, devicePixelRatio, viewport);
  if (!crop.ok) return { ok: false, error: crop.error };
  const hash = dHash(crop.gray);
  const result = await recognize(crop.gray);
  if (!result.ok) return result;
  return { ok: true, text: result.text, confidence: result.confidence, hash, ms: performance.now() - started };
}

export type Recognized = { ok: true; text: string; confidence: number } | { ok: false; error: string };

/** The language data for reading `texts`: Simplified Chinese where one has Han characters, else English. */
export function ocrLangFor(texts: readonly (string | null | undefined)[]): OcrLang {
  return texts.some((t) => typeof t === 'string' && /\p{Script=Han}/u.test(t)) ? 'chi_sim' : 'eng';
}

/** OCR of a crop already captured (the offscreen document in Chrome, the event page's worker in Firefox). */
export async function recognize(gray: GrayImage, lang: OcrLang = 'eng'): Promise<Recognized> {
  const result = __TARGET__ === 'chrome' ? await recognizeOffscreen(gray, lang) : await localEngine()?.recognize(gray, lang);
  if (!result) return { ok: false, error: 'ocr_unavailable' };
  if (!result.ok) return { ok: false, error: result.error };
  return { ok: true, text: result.text, confidence: result.confidence };
}

/** The perceptual hash alone, for the TOCTOU re-check before executing a pixel-certified action. */
export async function pixelHashOf(
  tabId: number,
  windowId: number | undefined,
  rect: CssRect,
  devicePixelRatio: number,
  viewport?: Viewport,
): Promise<PixelHashResult> {
  const started = performance.now();
  const crop = await captureCrop(tabId, windowId, rect, devicePixelRatio, viewport);
  if (!crop.ok) return { ok: false, error: crop.error };
  return { ok: true, hash: dHash(crop.gray), ms: performance.now() - started };
}

export { DHASH_BITS, hammingDistance } from '../../core/pixels';

let engine: OcrEngine | undefined;

/** Firefox: the background is an event page with DOM and Worker, and has no offscreen API (Chromium's service worker has no Worker: the offscreen document reads). */
function localEngine(): OcrEngine | undefined {
  if (typeof Worker === 'undefined') return undefined;
  engine ??= createOcrEngine({ assetUrl: (path) => browser.runtime.getURL(path) });
  return engine;
}

/**
 * Crops wider than this are halved until they fit: the audit keeps crops small (≤ 64 KiB). With
 * compression (core/pixels/png.ts) a 480-pixel crop of a label takes a few KiB, so a button drawn at
 * a device pixel ratio of 2 keeps its full resolution, and a tall target still fits the cap.
 */
const CROP_MAX_WIDTH = 480;

/**
 * A small grayscale PNG of what the target looked like, for the audit record of a blocked click.
 * Best effort: any failure (tab hidden, rect outside the viewport) leaves the record without one.
 */
export async function cropPng(
  tabId: number,
  windowId: number | undefined,
  rect: CssRect,
  devicePixelRatio: number,
): Promise<string | null> {
  const crop = await captureCrop(tabId, windowId, rect, devicePixelRatio);
  return crop.ok ? pngDataUrl(crop.gray) : null;
}

/** A crop as a small grayscale PNG data URL (halved until ≤ CROP_MAX_WIDTH wide). */
export function pngDataUrl(gray: GrayImage): string {
  const bytes = encodePngGray(shrinkTo(gray, CROP_MAX_WIDTH));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/png;base64,${btoa(binary)}`;
}

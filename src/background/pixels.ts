import type { Certificate, Rect } from '../core/contracts';
import {
  calibratedOcrConfidence,
  dHash,
  dropRuleLines,
  type GrayImage,
  type Linear,
  RECHECK_TOLERANCE,
  type Thumbnail,
  thumbnail,
  thumbnailDistance,
  trimFrame,
  upright,
} from '../core/pixels';
import { type CertificateOf, ocrReadsScriptOf, readsWords, symbolsShown } from '../core/plan';
import type { Viewport } from '../messages/viewport';
import { type CaptureOptions, captureCrop, DHASH_BITS, OCR_VERIFIER, ocrLangFor, pngDataUrl, recognize } from './ocr';
import type { FrameSender } from './sender';

/**
 * The pixels of one decision. The certification capture serves OCR, the reference for the
 * re-check, the ask's picture and the audit crop of a blocked click: a decision captures the tab
 * once, plus once more for the re-check just before executing (Chromium allows two a second).
 * Rects are CSS pixels in the top frame's viewport.
 */
export type Shot = {
  /** Where the target's screen is: the top frame's devicePixelRatio and layout viewport (a subframe's own may differ). */
  useScreen(dpr: number, viewport: Viewport | undefined): void;
  /** The crop at `rect`, captured on first use and kept for the rest of the decision. */
  crop(rect: Rect): Promise<Crop>;
  /** A fresh capture at `rect` (the re-check); it becomes the decision's latest picture. */
  recapture(rect: Rect): Promise<Crop>;
  /**
   * The latest crop as a small PNG, capturing one only if none was taken yet; `spare`: only with
   * quota no evidence may need (ocr/capture.ts), else null at once (a blocked click's audit crop).
   */
  png(rect: Rect, options?: CaptureOptions): Promise<string | null>;
};

type Crop = { ok: true; gray: GrayImage } | { ok: false; error: string };

export function decisionShot(sender: FrameSender, initialDpr: number | undefined): Shot {
  let dpr = initialDpr;
  let viewport: Viewport | undefined;
  let latest: { key: string; crop: Promise<Crop> } | null = null;
  const take = (rect: Rect, options?: CaptureOptions): Promise<Crop> =>
    dpr === undefined
      ? Promise.resolve({ ok: false, error: 'bad_device_pixel_ratio' })
      : captureCrop(sender.tabId, sender.windowId ?? undefined, rect, dpr, viewport, options);
  const keyOf = (rect: Rect) => `${rect.x},${rect.y},${rect.width},${rect.height}`;
  const shot: Shot = {
    useScreen(value, view) {
      if (value !== dpr || view !== viewport) latest = null;
      dpr = value;
      viewport = view;
    },
    crop(rect) {
      if (latest?.key !== keyOf(rect)) latest = { key: keyOf(rect), crop: take(rect) };
      return latest.crop;
    },
    recapture(rect) {
      latest = { key: keyOf(rect), crop: take(rect) };
      return latest.crop;
    },
    async png(rect, options) {
      const crop = latest?.key === keyOf(rect) || !options?.spare ? await shot.crop(rect) : await take(rect, options);
      return crop.ok ? pngDataUrl(crop.gray) : null;
    },
  };
  return shot;
}

/**
 * Where the target is on the tab's screenshot: its rect in the top frame's viewport (CSS px), that
 * frame's devicePixelRatio and, where it sent one, its layout viewport (for capturing the rect alone).
 */
/** Where the target is on the tab's screen; `turn`: how the frame chain turns it (frame-chain.ts). */
export type ScreenView = { rect: Rect; dpr: number; viewport?: Viewport | undefined; turn?: Linear | undefined };

export type PixelEvidence = {
  certificates: Certificate[];
  rect: Rect;
  thumb: Thumbnail | null;
  ms: number;
  error: string | null;
  /** Whether the reading shows words (core/plan readsWords); null where nothing was read. */
  words: boolean | null;
};

/**
 * Reads the target's rendered pixels from the decision's capture: OCR text (its confidence is the
 * certificate's κ), a 64-bit dHash for the audit record, and a thumbnail for the re-check before
 * executing. Without a rect in the top viewport, pixels stay unsupported (the gate asks or blocks).
 */
export async function certifyPixels(
  shot: Shot,
  frame: string,
  selector: string,
  rect: Rect | null,
  options: {
    blankIsNoReading?: boolean;
    /** The text the DOM draws there: a reading of exactly its symbols is kept under blankIsNoReading. */
    drawn?: string | null;
    expected?: readonly (string | null | undefined)[];
    painted?: { linear: Linear; width: number; height: number } | null;
    /** Called once the crop is captured, before it is read. */
    captured?: () => void;
  } = {},
): Promise<PixelEvidence | null> {
  if (!rect) return null;
  // A label in a script the bundled OCR data cannot read gets no reading (unsupported), not a misreading.
  if ((options.expected ?? []).some((t) => typeof t === 'string' && !ocrReadsScriptOf(t)))
    return { certificates: [], rect, thumb: null, ms: 0, error: 'script_not_read', words: null };
  const started = performance.now();
  const crop = await shot.crop(rect);
  if (!crop.ok) return { certificates: [], rect, thumb: null, ms: 0, error: crop.error, words: null };
  options.captured?.();
  const thumb = thumbnail(crop.gray);
  const hash = dHash(crop.gray);
  // A rotated or skewed label is read turned upright, as a person reads it (the hash and the
  // re-check keep the crop as captured).
  // The element's border is trimmed off what OCR reads (a frame line reads as "|" or "l"), and
  // underlines are blanked (core/pixels/edges.ts).
  const perCss = crop.gray.width / Math.max(1, rect.width);
  const turned = (options.painted ? uprightCrop(crop.gray, rect, options.painted) : null) ?? crop.gray;
  const read = dropRuleLines(trimFrame(turned, Math.ceil(BORDER * perCss)));
  const result = await recognize(read, ocrLangFor(options.expected ?? []));
  if (!result.ok) return { certificates: [], rect, thumb, ms: 0, error: result.error, words: null };
  // An icon's reading without words (a blank, one letter: a magnifier read as "Q") is no reading,
  // unless it is exactly the symbols the DOM draws ("?": text-agreement.ts).
  if (options.blankIsNoReading && !readsWords(result.text) && !symbolsShown(result.text, options.drawn ?? ''))
    return { certificates: [], rect, thumb, ms: 0, error: 'no_text', words: false };
  const base = {
    region: { frame, selector, rect },
    source: 'ocr' as const,
    verifier: OCR_VERIFIER,
    time: Date.now(),
    trust: 'extension' as const,
  };
  const reading: CertificateOf<'ocr_text'> = {
    id: `o-${crypto.randomUUID()}`,
    type: 'ocr_text',
    // The value keeps Tesseract's own number; κ is it calibrated to the gate's scale.
    value: { text: result.text, confidence: result.confidence },
    confidence: calibratedOcrConfidence(result.confidence),
    ...base,
  };
  const hashed: CertificateOf<'pixel_hash'> = {
    id: `h-${crypto.randomUUID()}`,
    type: 'pixel_hash',
    value: { hash, bits: DHASH_BITS },
    confidence: 1,
    ...base,
  };
  return { rect, thumb, ms: performance.now() - started, error: null, words: readsWords(result.text), certificates: [reading, hashed] };
}

/**
 * TOCTOU for pixel-certified actions: captured again just before executing, the crop must look as
 * it did when certified, within rendering noise (RECHECK_TOLERANCE, measured: see its comment).
 */
export async function pixelsUnchanged(shot: Shot, evidence: PixelEvidence): Promise<string | null> {
  if (evidence.thumb === null) return null;
  const now = await shot.recapture(evidence.rect);
  if (!now.ok) return `The target's pixels could not be checked again (${now.error}).`;
  return thumbnailDistance(thumbnail(now.gray), evidence.thumb) <= RECHECK_TOLERANCE
    ? null
    : 'The target looks different from when it was certified.';
}

/** The most trimmed off each side of a crop before OCR (CSS px), where it is a frame (core/pixels/edges.ts). */
const BORDER = 3;

/** The crop turned upright and cut to the element's own box (device pixels: the crop's per CSS px). */
function uprightCrop(gray: GrayImage, rect: Rect, painted: { linear: Linear; width: number; height: number }): GrayImage | null {
  const [a, b, c, d] = painted.linear;
  const perCss = (gray.width / Math.max(1, rect.width)) * Math.sqrt(Math.abs(a * d - b * c));
  const box = painted.width > 0 && painted.height > 0 ? { width: painted.width * perCss, height: painted.height * perCss } : undefined;
  return upright(gray, painted.linear, box);
}

import type { Certificate, Rect } from '../core/contracts';
import { DHASH_BITS, OCR_VERIFIER, ocrElement, pixelHashOf } from './ocr';
import type { FrameSender } from './sender';

export type PixelEvidence = { certificates: Certificate[]; rect: Rect; hash: string | null; ms: number; error: string | null };

/** Where the target is on the tab's screenshot: its rect in the top frame's viewport (CSS px) and that frame's devicePixelRatio. */
export type ScreenView = { rect: Rect; dpr: number };

/**
 * Reads the target's rendered pixels: OCR text (its confidence is the certificate's κ) and a
 * perceptual hash for the re-check before executing. The crop comes from a screenshot of the tab
 * at `view`: the target's own rect in the top frame, or in a subframe the rect the frame chain
 * mapped into the top viewport (background/frame-chain.ts, `subframeView`).
 */
export async function certifyPixels(sender: FrameSender, frame: string, selector: string, view: ScreenView): Promise<PixelEvidence> {
  const { rect, dpr } = view;
  const result = await ocrElement(sender.tabId, sender.windowId ?? undefined, rect, dpr);
  if (!result.ok) return { certificates: [], rect, hash: null, ms: 0, error: result.error };
  const base = {
    region: { frame, selector, rect },
    source: 'ocr' as const,
    verifier: OCR_VERIFIER,
    time: Date.now(),
    trust: 'extension' as const,
  };
  return {
    rect,
    hash: result.hash,
    ms: result.ms,
    error: null,
    certificates: [
      {
        id: `o-${crypto.randomUUID()}`,
        type: 'ocr_text',
        value: { text: result.text, confidence: result.confidence },
        confidence: result.confidence,
        ...base,
      },
      { id: `h-${crypto.randomUUID()}`, type: 'pixel_hash', value: { hash: result.hash, bits: DHASH_BITS }, confidence: 1, ...base },
    ],
  };
}

/**
 * TOCTOU for pixel-certified actions: the crop must hash exactly as it did when certified.
 * (A one-character change moves a 64-bit dHash by only 1–2 bits, so no tolerance is allowed.)
 */
export async function pixelsUnchanged(sender: FrameSender, evidence: PixelEvidence, dpr: number): Promise<string | null> {
  if (evidence.hash === null) return null;
  const now = await pixelHashOf(sender.tabId, sender.windowId ?? undefined, evidence.rect, dpr);
  if (!now.ok) return `The target's pixels could not be checked again (${now.error}).`;
  return now.hash === evidence.hash ? null : 'The target looks different from when it was certified.';
}

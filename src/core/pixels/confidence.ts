/**
 * OCR's confidence on the gate's scale. Tesseract's mean word confidence is no probability: honest
 * labels that are rotated, skewed or sit beside an icon glyph read correctly at 0.6–0.9, while a
 * reading that has nothing to do with the label comes back lower (0.41 for a 25° rotation read
 * as "/ 200, lo)"). The gate wants κ ≥ 0.9 of every verifier, so a reading at or above
 * OCR_MIN_CONFIDENCE maps to [0.9, 1] and anything below it to under 0.9 (unsupported: the
 * policy decides). A wrong reading is still caught by what it reads (amounts and names exactly,
 * letters within 80%), not by its confidence. Calibration: README "Evidence", pixels.
 */
export const OCR_MIN_CONFIDENCE = 0.55;
const GATE = 0.9;

export function calibratedOcrConfidence(raw: number): number {
  if (!Number.isFinite(raw) || raw <= 0) return 0;
  if (raw >= 1) return 1;
  return raw >= OCR_MIN_CONFIDENCE
    ? GATE + ((1 - GATE) * (raw - OCR_MIN_CONFIDENCE)) / (1 - OCR_MIN_CONFIDENCE)
    : (GATE * raw) / OCR_MIN_CONFIDENCE - 1e-9;
}

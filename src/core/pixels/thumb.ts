import { areaMeans, type GrayImage } from './gray';

/**
 * A downscaled copy of a crop for the re-check before executing. A 64-bit dHash is too coarse for
 * it: one changed digit moves it by 0–3 bits, and flat background cells (two neighbours equally
 * bright) flip bits on rendering noise. Cells of about CELL × CELL device pixels keep a glyph's
 * change in one or two cells, and averaging over a cell keeps antialiasing noise small.
 */
export const THUMB_CELL = 4;
/** Larger crops get larger cells: at most this many cells a side. */
const MAX_CELLS = 96;

export type Thumbnail = { cols: number; rows: number; cells: Uint8Array };

export function thumbnail(image: GrayImage): Thumbnail {
  const cols = Math.max(1, Math.min(MAX_CELLS, Math.round(image.width / THUMB_CELL)));
  const rows = Math.max(1, Math.min(MAX_CELLS, Math.round(image.height / THUMB_CELL)));
  const means = areaMeans(image, cols, rows);
  const cells = new Uint8Array(means.length);
  for (let i = 0; i < means.length; i++) cells[i] = Math.round(means[i]!);
  return { cols, rows, cells };
}

/**
 * How far apart two thumbnails are: the largest difference of one cell, 0–255 (a change anywhere
 * counts, however small the rest of the crop). Thumbnails of different shapes are 255 apart.
 */
export function thumbnailDistance(a: Thumbnail, b: Thumbnail): number {
  if (a.cols !== b.cols || a.rows !== b.rows) return 255;
  let worst = 0;
  for (let i = 0; i < a.cells.length; i++) worst = Math.max(worst, Math.abs(a.cells[i]! - b.cells[i]!));
  return worst;
}

/**
 * The re-check's tolerance (largest cell difference, 0–255) between the certified crop and the
 * one taken just before executing. Measured (test/browser/pixels.test.ts, 2026-11-30, Chromium 156
 * and Firefox 153 ESR, 8 honest re-captures each of a plain, rotated, skewed, scaled and icon-font
 * button, half of them after a scroll by 0): honest distance 0 in every trial in both browsers.
 * Real changes: one digit ($1,000 → $7,000) 52 / 54, one character 59 / 57, one digit of a rotated
 * label 91 / 92, text colour dark → red 31 / 33 (Chromium / Firefox). The 64-bit dHash moved by
 * 0 bits for the digit and the colour change, 1–2 for the others: it cannot be the re-check.
 * 16 sits halfway between the noise seen and the smallest change, with room for noise not seen here.
 */
export const RECHECK_TOLERANCE = 16;

import type { GrayImage } from './gray';

/**
 * Trims the element's border off a crop, and nothing of its content. A fixed 3 px inset did this
 * for bordered buttons but cut the glyphs of labels drawn edge to edge (an inline-block link
 * without padding lost the stem of its "P", and Tesseract read nothing). A side's outermost lines
 * are trimmed (up to `max`) while they are even lines of ink (one colour, not the background's),
 * and only when at least three sides start so: a frame. One even side is no frame (the stem of a
 * letter at the edge is an even line too); three allow for a fourth lost to rounding the crop
 * inwards. Rounded corners are left out of each side's test (its outer fifths).
 */
export function trimFrame(image: GrayImage, max: number): GrayImage {
  const { width, height, data } = image;
  if (width < 2 * max + MIN_LEFT || height < 2 * max + MIN_LEFT) return image;
  // The inside's level, not the whole crop's: on a gradient no one level fills most of the box, and
  // the frame's own colour would be the commonest (Firefox's bordered button on
  // linear-gradient(#fff, #ddd) kept its border, then lost every row to dropRuleLines).
  const background = commonestLevel(image, max);
  const skipX = Math.ceil(width * CORNER);
  const skipY = Math.ceil(height * CORNER);
  const lines: ((k: number) => { even: boolean; level: number })[] = [
    (k) => evenLine(width - 2 * skipX, (i) => data[k * width + skipX + i]!),
    (k) => evenLine(width - 2 * skipX, (i) => data[(height - 1 - k) * width + skipX + i]!),
    (k) => evenLine(height - 2 * skipY, (i) => data[(skipY + i) * width + k]!),
    (k) => evenLine(height - 2 * skipY, (i) => data[(skipY + i) * width + width - 1 - k]!),
  ];
  const [top, bottom, left, right] = lines.map((line) => {
    let k = 0;
    while (k < max) {
      const { even, level } = line(k);
      if (!even || Math.abs(level - background) <= SAME) break;
      k++;
    }
    return k;
  }) as [number, number, number, number];
  if ([top, bottom, left, right].filter((k) => k > 0).length < 3) return image;
  const w = width - left - right;
  const h = height - top - bottom;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) out.set(data.subarray((y + top) * width + left, (y + top) * width + left + w), y * w);
  const trimmed = { width: w, height: h, data: out };
  blankCornerArcs(trimmed, max, background);
  return trimmed;
}

/**
 * Blanks what a rounded border leaves in the corners once its straight sides are trimmed: the arcs
 * bend inwards, so a few pixels of ink stay in each corner, and beside a label of one glyph
 * Tesseract reads them as part of it or reads nothing (Firefox's 24 px "?" with border-radius 4px:
 * "" at confidence 0, "?" at 92 without them). A corner square `size` pixels across is blanked only
 * when its ink does not reach its inner sides: a glyph passing through the corner goes on beyond it
 * and is kept; nothing legible fits in a square the width of a border.
 */
function blankCornerArcs(image: GrayImage, size: number, background: number): void {
  const { width, height, data } = image;
  const s = Math.min(size, Math.floor(width / 4), Math.floor(height / 4));
  if (s < 2) return;
  const ink = (x: number, y: number) => Math.abs(data[y * width + x]! - background) > SAME;
  for (const [x0, dx] of [
    [0, 1],
    [width - 1, -1],
  ] as const) {
    for (const [y0, dy] of [
      [0, 1],
      [height - 1, -1],
    ] as const) {
      let reaches = false;
      for (let i = 0; i < s && !reaches; i++) reaches = ink(x0 + dx * i, y0 + dy * (s - 1)) || ink(x0 + dx * (s - 1), y0 + dy * i);
      if (reaches) continue;
      for (let j = 0; j < s; j++) for (let i = 0; i < s; i++) data[(y0 + dy * j) * width + x0 + dx * i] = background;
    }
  }
}

/** Never trims a crop below this many pixels across. */
const MIN_LEFT = 4;
/** Levels within this of the line's median count as the same colour. */
const SAME = 24;
/** Share of a line that must be that one colour. */
const EVEN_SHARE = 0.9;
/** Share of each end of a side left out of its test (rounded corners). */
const CORNER = 0.2;

/** Whether a line is one colour (within SAME of its median, over EVEN_SHARE of it), and that median. */
function evenLine(length: number, at: (i: number) => number): { even: boolean; level: number } {
  if (length <= 0) return { even: false, level: 0 };
  const levels = new Uint32Array(256);
  for (let i = 0; i < length; i++) levels[at(i)]!++;
  let median = 0;
  for (let seen = 0; median < 255; median++) {
    seen += levels[median]!;
    if (seen * 2 >= length) break;
  }
  let same = 0;
  for (let v = Math.max(0, median - SAME); v <= Math.min(255, median + SAME); v++) same += levels[v]!;
  return { even: same >= EVEN_SHARE * length, level: median };
}

/**
 * Blanks horizontal rules drawn through or under the text (underlines, strike-throughs): thin rows
 * in which at least RULE_SHARE of the crop's width is ink against the background around them.
 * Tesseract joins an underline to every glyph that sits on it and then reads nothing at all (an
 * underlined link drawn edge to edge: "Previous page" read as "" at confidence 0); without the
 * rule the glyphs are what remains, as a reader sees them. Rows of letters never come near that
 * share of ink.
 *
 * The background is the rows' own around each row (the median of the row medians within
 * RULE_WINDOW rows), not one level for the crop: a gradient changes it from row to row, and against
 * any one level of it the far rows read as ink (a button on linear-gradient(#fff, #ddd) lost every
 * row and OCR read nothing). A rule is thin: a band of ink as tall as the window is the background
 * of what is written on it, and is kept.
 */
export function dropRuleLines(image: GrayImage): GrayImage {
  const { width, height, data } = image;
  if (width < MIN_RULE_WIDTH) return image;
  const medians = Array.from({ length: height }, (_, y) => rowMedian(data.subarray(y * width, (y + 1) * width)));
  let out: Uint8Array | null = null;
  for (let y = 0; y < height; y++) {
    const around = medians.slice(Math.max(0, y - RULE_WINDOW), y + RULE_WINDOW + 1);
    const background = medianOf(around);
    let ink = 0;
    for (let x = 0; x < width; x++) if (Math.abs(data[y * width + x]! - background) > INK) ink++;
    if (ink < RULE_SHARE * width) continue;
    out ??= data.slice();
    out.fill(background, y * width, (y + 1) * width);
  }
  return out === null ? image : { width, height, data: out };
}

/** Rows narrower than this are not told from a glyph's bar. */
const MIN_RULE_WIDTH = 24;
/** Share of a row in ink that makes it a rule. */
const RULE_SHARE = 0.75;
/** How far from the background a level must be to count as ink. */
const INK = 64;
/**
 * Rows each side whose medians give a row's background: a rule up to this many pixels thick is a
 * minority of them (underlines and strike-throughs are 1-3 px at 1-2 device pixels per CSS px).
 */
const RULE_WINDOW = 6;

/** The median of a few levels. */
function medianOf(levels: number[]): number {
  return [...levels].sort((a, b) => a - b)[Math.floor(levels.length / 2)] ?? 255;
}

/** The median level of a row (counted, not sorted: rows are up to a few thousand pixels). */
function rowMedian(row: Uint8Array): number {
  const counts = new Uint32Array(256);
  for (const v of row) counts[v]!++;
  let seen = 0;
  for (let v = 0; v < 256; v++) {
    seen += counts[v]!;
    if (seen * 2 > row.length) return v;
  }
  return 255;
}

/**
 * The commonest level in the crop, `margin` pixels in from each side (where the crop is large
 * enough): the background a label is drawn on fills most of its box.
 */
function commonestLevel({ width, height, data }: GrayImage, margin = 0): number {
  const m = width > 2 * margin && height > 2 * margin ? margin : 0;
  const levels = new Uint32Array(256);
  for (let y = m; y < height - m; y++) for (let x = m; x < width - m; x++) levels[data[y * width + x]!]!++;
  let best = 255;
  for (let v = 0; v < 256; v++) if (levels[v]! > levels[best]!) best = v;
  return best;
}

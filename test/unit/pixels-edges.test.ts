import { describe, expect, it } from 'vitest';
import { dropRuleLines, type GrayImage, trimFrame } from '../../src/core/pixels';

/** A white crop `w`×`h`, painted by `ink(x, y)` (true = black). */
function crop(w: number, h: number, ink: (x: number, y: number) => boolean): GrayImage {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) data[y * w + x] = ink(x, y) ? 0 : 255;
  return { width: w, height: h, data };
}

describe('trimFrame: the border off, the glyphs kept', () => {
  const glyphs = (x: number, y: number) => x >= 10 && x < 50 && y >= 8 && y < 16 && x % 4 === 0;

  it('trims a 1 px frame and nothing inside it', () => {
    const bordered = crop(60, 24, (x, y) => x === 0 || y === 0 || x === 59 || y === 23 || glyphs(x, y));
    const out = trimFrame(bordered, 3);
    expect([out.width, out.height]).toEqual([58, 22]);
    expect(Array.from({ length: out.height }, (_, y) => out.data[y * out.width]).every((v) => v === 255)).toBe(true);
  });

  it('trims a 2 px frame with rounded corners, on a grey button', () => {
    const grey = crop(60, 24, (x, y) => x < 2 || y < 2 || x > 57 || y > 21 || glyphs(x, y));
    // Fill the inside grey (#eee) and round the corners off (page white outside them).
    for (let y = 0; y < 24; y++)
      for (let x = 0; x < 60; x++) {
        const i = y * 60 + x;
        if (grey.data[i] === 255) grey.data[i] = 238;
        if ((x < 3 || x > 56) && (y < 3 || y > 20)) grey.data[i] = 255;
      }
    const out = trimFrame(grey, 3);
    expect([out.width, out.height]).toEqual([56, 20]);
  });

  it('trims a frame whose fourth side was lost to rounding, each side by its own width', () => {
    // 2 px on top and left, 1 px on the right, none at the bottom.
    const uneven = crop(60, 24, (x, y) => x < 2 || y < 2 || x === 59 || glyphs(x, y));
    const out = trimFrame(uneven, 3);
    expect([out.width, out.height]).toEqual([57, 22]);
  });

  it('keeps the stem of a letter drawn at the very edge of an unpadded box: one even side is not a frame', () => {
    const edge = crop(40, 17, (x, y) => (x <= 1 && y >= 2 && y <= 13) || (x >= 2 && x <= 6 && (y === 2 || y === 8)) || y === 15);
    expect(trimFrame(edge, 3)).toBe(edge);
  });

  it('trims the frame of a button on a gradient, where the frame is the commonest single level', () => {
    // linear-gradient(#fff, #ddd) inside a 1 px #999 frame (Firefox's bordered button): no level of
    // the gradient fills as much of the crop as the frame does.
    const gradient = crop(117, 35, glyphs);
    for (let y = 0; y < 35; y++)
      for (let x = 0; x < 117; x++) {
        const i = y * 117 + x;
        if (x === 0 || y === 0 || x === 116 || y === 34) gradient.data[i] = 153;
        else if (gradient.data[i] === 255) gradient.data[i] = 255 - y;
      }
    const out = trimFrame(gradient, 3);
    // The frame's columns go; even rows of the gradient next to it may go with the frame's rows
    // (background either way), and every glyph pixel stays.
    expect(out.width).toBe(115);
    expect(out.height).toBeLessThanOrEqual(33);
    expect(out.data.filter((v) => v === 0).length).toBe(gradient.data.filter((v) => v === 0).length);
  });

  it("blanks what a rounded frame's arcs leave in the corners, and keeps a glyph that runs through a corner", () => {
    // A 1 px frame with 4 px rounded corners on a 24 px button (Firefox's "?"): trimming the straight
    // sides leaves two arc pixels in each corner of the inside.
    const arcs = (x: number, y: number) => {
      const cx = Math.min(x, 23 - x);
      const cy = Math.min(y, 23 - y);
      return (cx === 0 && cy >= 2) || (cy === 0 && cx >= 2) || (cx + cy === 2 && cx > 0 && cy > 0);
    };
    const button = crop(24, 24, (x, y) => arcs(x, y) || (x >= 10 && x <= 12 && y >= 6 && y <= 16));
    const out = trimFrame(button, 3);
    expect([out.width, out.height]).toEqual([22, 22]);
    const inCorners = (img: GrayImage) =>
      [0, 1, 2].flatMap((j) =>
        [0, 1, 2].map((i) => img.data[j * img.width + i]! + img.data[(img.height - 1 - j) * img.width + img.width - 1 - i]!),
      );
    expect(Math.min(...inCorners(out))).toBe(510);
    expect(out.data.filter((v) => v === 0).length).toBe(3 * 11);
    // A stroke from the top-left corner inwards (an "\" drawn to the edge) goes on past the corner
    // square and is kept whole.
    const stroke = crop(24, 24, (x, y) => x === 0 || y === 0 || x === 23 || y === 23 || (x === y && x < 12));
    const kept = trimFrame(stroke, 3);
    expect(kept.data.filter((v) => v === 0).length).toBe(11);
  });

  it('leaves a crop alone when no edge is even, or when it is all background', () => {
    const busy = crop(10, 10, (x, y) => (x + y) % 2 === 0);
    expect(trimFrame(busy, 3)).toBe(busy);
    const blank = crop(20, 20, () => false);
    expect(trimFrame(blank, 3)).toBe(blank);
  });
});

describe('dropRuleLines: underlines and strike-throughs blanked, letters kept', () => {
  // Letters: a stem every 6 px on rows 2..11; an underline on row 12 with two skip-ink gaps.
  const letters = (x: number, y: number) => y >= 2 && y <= 11 && x % 6 === 0;
  const underline = (x: number, y: number) => y === 12 && !(x >= 30 && x < 34) && !(x >= 70 && x < 74);

  it('blanks an underline (skip-ink gaps and all) to the background level', () => {
    const out = dropRuleLines(crop(90, 14, (x, y) => letters(x, y) || underline(x, y)));
    expect(Array.from(out.data.subarray(12 * 90, 13 * 90)).every((v) => v === 255)).toBe(true);
    // The letters are untouched.
    expect(out.data[5 * 90 + 6]).toBe(0);
  });

  it('works the same on light text on a dark button', () => {
    const dark = crop(90, 14, (x, y) => !(letters(x, y) || underline(x, y)));
    const out = dropRuleLines(dark);
    expect(Array.from(out.data.subarray(12 * 90, 13 * 90)).every((v) => v === 0)).toBe(true);
  });

  /** `ink` black on a vertical gradient from white down to `bottom` over `h` rows. */
  const onGradient = (w: number, h: number, bottom: number, ink: (x: number, y: number) => boolean) => {
    const image = crop(w, h, ink);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++)
        if (image.data[y * w + x] === 255) image.data[y * w + x] = Math.round(255 - ((255 - bottom) * y) / (h - 1));
    return image;
  };

  it('reads the background around each row: a gradient, however steep, is no rule', () => {
    // White to #888 over 30 rows: against any one level of it, the far rows are ink.
    const steep = onGradient(90, 30, 136, (x, y) => y >= 10 && y <= 19 && x % 6 === 0);
    expect(dropRuleLines(steep)).toBe(steep);
  });

  it('blanks an underline on a gradient to the gradient there, and keeps the letters', () => {
    const underlined = onGradient(90, 30, 136, (x, y) => (y >= 10 && y <= 19 && x % 6 === 0) || y === 21);
    const out = dropRuleLines(underlined);
    const row = Array.from(out.data.subarray(21 * 90, 22 * 90));
    expect(row.every((v) => Math.abs(v - underlined.data[20 * 90 + 1]!) <= 10)).toBe(true);
    expect(out.data[15 * 90 + 6]).toBe(0);
  });

  it('keeps a band of ink as tall as its window: what is written on it is content, not a rule', () => {
    // Light letters on a dark band 16 rows tall across the whole crop, white above and below.
    const band = crop(90, 30, (x, y) => y >= 7 && y < 23 && !(y >= 10 && y <= 19 && x % 6 === 0));
    expect(dropRuleLines(band)).toBe(band);
  });

  it('leaves rows of letters alone, even dense ones, and narrow crops entirely', () => {
    const dense = crop(90, 14, (x, y) => y >= 2 && y <= 11 && x % 3 === 0);
    expect(dropRuleLines(dense)).toBe(dense);
    const narrow = crop(20, 14, (_x, y) => y === 12);
    expect(dropRuleLines(narrow)).toBe(narrow);
  });
});

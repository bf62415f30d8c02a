import { describe, expect, it } from 'vitest';
import {
  areaMeans,
  cropContrast,
  dHash,
  encodePgm,
  type GrayImage,
  hammingDistance,
  paintedThroughFrames,
  prepareForOcr,
  showsAnything,
  toGray,
  upright,
  upscale,
} from '../../src/core/pixels';

/** A w × h image from a function of the pixel position. */
const image = (width: number, height: number, at: (x: number, y: number) => number): GrayImage => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = at(x, y);
  return { width, height, data };
};

/** A crude "label": dark vertical bars where the pattern has a 1. */
const bars = (pattern: string, width = 180, height = 40) =>
  image(width, height, (x, y) => {
    const cell = Math.floor((x / width) * pattern.length);
    return y > 8 && y < height - 8 && pattern[cell] === '1' && x % 10 < 6 ? 20 : 240;
  });

describe('toGray', () => {
  it('uses integer Rec. 601 weights and ignores alpha', () => {
    const rgba = [255, 0, 0, 255, 0, 255, 0, 0, 0, 0, 255, 128, 255, 255, 255, 255];
    expect([...toGray(rgba, 2, 2).data]).toEqual([76, 150, 29, 255]);
  });

  it('rejects a buffer that does not match the size', () => {
    expect(() => toGray([0, 0, 0], 1, 1)).toThrow(RangeError);
    expect(() => toGray([], 0, 0)).toThrow(RangeError);
  });
});

describe('areaMeans', () => {
  it('averages exact blocks when the size divides evenly', () => {
    const img = image(4, 2, (x) => (x < 2 ? 0 : 100));
    expect([...areaMeans(img, 2, 1)]).toEqual([0, 100]);
  });

  it('weights partly covered pixels, and upsamples images smaller than the grid', () => {
    const img = image(3, 1, (x) => [0, 90, 180][x]!);
    expect([...areaMeans(img, 2, 1)]).toEqual([30, 150]);
    for (const v of areaMeans(
      image(1, 1, () => 7),
      9,
      8,
    ))
      expect(v).toBeCloseTo(7, 9);
  });
});

describe('dHash', () => {
  it('is 16 hex digits, all zero for a flat image, and deterministic', () => {
    expect(dHash(image(50, 20, () => 128))).toBe('0000000000000000');
    expect(dHash(bars('1011'))).toBe(dHash(bars('1011')));
    expect(dHash(bars('1011'))).toMatch(/^[0-9a-f]{16}$/);
  });

  it('sets a bit where the left cell is brighter than the right one', () => {
    // Brightness falls from left to right: every comparison is "left brighter".
    expect(dHash(image(90, 80, (x) => 255 - x * 2))).toBe('ffffffffffffffff');
    expect(dHash(image(90, 80, (x) => x * 2))).toBe('0000000000000000');
  });

  it('survives small noise and a uniform brightness shift', () => {
    const base = bars('110101');
    const noisy = { ...base, data: base.data.map((v, i) => Math.max(0, Math.min(255, v + ((i * 7919) % 5) - 2))) };
    const brighter = { ...base, data: base.data.map((v) => Math.min(255, v + 10)) };
    expect(hammingDistance(dHash(noisy), dHash(base))).toBeLessThanOrEqual(4);
    expect(hammingDistance(dHash(brighter), dHash(base))).toBeLessThanOrEqual(4);
  });

  it('changes when the drawn content changes', () => {
    expect(hammingDistance(dHash(bars('110101')), dHash(bars('001011')))).toBeGreaterThan(4);
  });
});

describe('hammingDistance', () => {
  it('counts differing bits', () => {
    expect(hammingDistance('0000000000000000', 'ffffffffffffffff')).toBe(64);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
    expect(hammingDistance('0000000000000001', '0000000000000003')).toBe(1);
    expect(hammingDistance('8000000000000000', '0000000000000000')).toBe(1);
  });

  it('refuses anything but two 64-bit hex hashes', () => {
    expect(() => hammingDistance('abc', '0000000000000000')).toThrow(RangeError);
    expect(() => hammingDistance('000000000000000G', '0000000000000000')).toThrow(RangeError);
  });
});

describe('OCR input', () => {
  it('upscales by an integer factor, keeping flat areas flat', () => {
    const up = upscale(
      image(2, 1, (x) => (x === 0 ? 0 : 200)),
      3,
    );
    expect([up.width, up.height]).toEqual([6, 3]);
    expect(up.data[0]).toBe(0);
    expect(up.data[5]).toBe(200);
    expect(up.data[2]! > 0 && up.data[2]! < 200).toBe(true);
  });

  it('turns light-on-dark into dark-on-light, enlarges small crops and pads them with background', () => {
    const dark = image(20, 10, (x, y) => (x > 5 && x < 14 && y > 2 && y < 7 ? 250 : 10));
    const prepared = prepareForOcr(dark);
    expect([prepared.width, prepared.height]).toEqual([20 * 4 + 24, 10 * 4 + 24]);
    expect(prepared.data[0]).toBe(245); // padding: the inverted background
    const centre = prepared.data[Math.floor(prepared.height / 2) * prepared.width + Math.floor(prepared.width / 2)]!;
    expect(centre).toBeLessThan(20); // the light text, now dark
  });

  it('leaves large dark-on-light crops at their size apart from the margin', () => {
    const light = image(300, 120, () => 230);
    const prepared = prepareForOcr(light);
    expect([prepared.width, prepared.height]).toEqual([324, 144]);
    expect(prepared.data.every((v) => v === 230)).toBe(true);
  });

  it('sees no text in a crop whose text a person cannot make out, and sees low-contrast honest text', () => {
    // #111 text on an inset #111 shadow: anti-aliasing leaves levels 16-18, which Tesseract would read.
    const painted = image(120, 30, (x, y) => (y > 8 && y < 22 && x % 7 < 3 ? 16 + (x % 3) : 17));
    expect(cropContrast(painted)).toBeLessThan(1.1);
    expect(showsAnything(painted)).toBe(false);
    // Gray #999 on white (WCAG 2.8) and a thin label covering under 2% of the crop are seen.
    expect(showsAnything(image(120, 30, (x, y) => (y > 8 && y < 22 && x % 7 < 3 ? 0x99 : 255)))).toBe(true);
    expect(showsAnything(image(200, 40, (x, y) => (y === 20 && x > 40 && x < 160 ? 30 : 250)))).toBe(true);
    // White text on a dark blue button (luma ~60).
    expect(showsAnything(image(120, 30, (x, y) => (y > 8 && y < 22 && x % 7 < 3 ? 250 : 60)))).toBe(true);
    // A blank crop: nothing to read.
    expect(showsAnything(image(50, 20, () => 200))).toBe(false);
  });

  it('encodes binary PGM', () => {
    const pgm = encodePgm(image(2, 1, (x) => x * 255));
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe('P5\n2 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 255]);
  });
});

describe("upright: undoing a label's rotation and skew before OCR", () => {
  const deg = (v: number) => (v * Math.PI) / 180;
  /** A horizontal dark bar 60 × 6 in a light 100 × 100 crop, painted rotated by `angle`. */
  const rotatedBar = (angle: number) =>
    image(100, 100, (x, y) => {
      // Back to the bar's own frame: rotate the screen point by -angle around the centre.
      const [dx, dy] = [x + 0.5 - 50, y + 0.5 - 50];
      const [u, v] = [Math.cos(deg(angle)) * dx + Math.sin(deg(angle)) * dy, -Math.sin(deg(angle)) * dx + Math.cos(deg(angle)) * dy];
      return Math.abs(u) < 30 && Math.abs(v) < 3 ? 0 : 255;
    });
  /** Rows of the image that hold any dark pixel. */
  const darkRows = (img: GrayImage) => {
    let rows = 0;
    for (let y = 0; y < img.height; y++) {
      let dark = false;
      for (let x = 0; x < img.width; x++) if (img.data[y * img.width + x]! < 128) dark = true;
      if (dark) rows += 1;
    }
    return rows;
  };

  it('turns a 25° rotated bar back onto horizontal lines', () => {
    const screen = rotatedBar(25);
    expect(darkRows(screen)).toBeGreaterThan(25);
    const rotation = [Math.cos(deg(25)), Math.sin(deg(25)), -Math.sin(deg(25)), Math.cos(deg(25))] as const;
    const back = upright(screen, rotation)!;
    expect(back).not.toBeNull();
    expect(darkRows(back)).toBeLessThanOrEqual(8);
  });

  it('keeps the scale, leaves near-upright labels alone and refuses degenerate transforms', () => {
    expect(upright(rotatedBar(0), [2, 0, 0, 2])).toBeNull();
    expect(upright(rotatedBar(2), [Math.cos(deg(2)), Math.sin(deg(2)), -Math.sin(deg(2)), Math.cos(deg(2))])).toBeNull();
    expect(upright(rotatedBar(0), [1, 0, 1, 0])).toBeNull();
    expect(upright(rotatedBar(0), [Number.NaN, 0, 0, 1])).toBeNull();
    // A skewX(-12deg) is undone too.
    expect(upright(rotatedBar(0), [1, 0, Math.tan(deg(-12)), 1])).not.toBeNull();
  });
});

describe('paintedThroughFrames: a label turned by the frames that hold it', () => {
  const quarter = [0, 1, -1, 0] as const;
  it('is the label as painted where no frame turns', () => {
    const painted = { linear: [1, 0, 0.2, 1] as const, width: 80, height: 30 };
    expect(paintedThroughFrames(painted, undefined, { width: 90, height: 40 })).toBe(painted);
    expect(paintedThroughFrames(null, undefined, { width: 90, height: 40 })).toBeNull();
  });
  it("composes the frames' turn after the label's own; the box stays the label's own", () => {
    // An upright label in a frame turned a quarter: the frame's turn, on the target's own box.
    expect(paintedThroughFrames(null, quarter, { width: 90, height: 40 })).toEqual({ linear: quarter, width: 90, height: 40 });
    // A label turned back a quarter in a frame turned a quarter at half size is upright on screen at
    // half size; its box stays 80 × 30 (the crop's reader scales it by the whole map: a box scaled
    // here too was cut at twice the label's size and took in its neighbours).
    const back = { linear: [0, -1, 1, 0] as const, width: 80, height: 30 };
    const through = paintedThroughFrames(back, [0, 0.5, -0.5, 0], null)!;
    expect(through.linear.map((v) => (Math.abs(v) < 1e-9 ? 0 : v))).toEqual([0.5, 0, 0, 0.5]);
    expect([through.width, through.height]).toEqual([80, 30]);
  });
});

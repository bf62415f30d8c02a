import { inflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { encodePngGray, shrinkTo } from '../../src/core/pixels';

/**
 * Reads back with pngjs (which checks every chunk's CRC and undoes the row filters), so the
 * encoder cannot agree only with itself.
 */
function decode(png: Uint8Array) {
  const image = PNG.sync.read(Buffer.from(png), { skipRescale: true });
  // pngjs hands back RGBA; a grayscale pixel has its value in R, G and B alike.
  const gray = Uint8Array.from({ length: image.width * image.height }, (_, i) => image.data[i * 4]!);
  return { width: image.width, height: image.height, gray };
}

/** A label-like crop: dark strokes of text on a light button with a soft vertical gradient. */
function labelCrop(width: number, height: number): Uint8Array {
  return Uint8Array.from({ length: width * height }, (_, i) => {
    const [x, y] = [i % width, Math.floor(i / width)];
    const stroke = y > height / 3 && y < (2 * height) / 3 && x % 9 < 2 && (x * 7 + y) % 5 !== 0;
    return stroke ? 30 : 230 - Math.floor((y * 20) / height);
  });
}

describe('encodePngGray', () => {
  it('writes a grayscale PNG whose pixels a PNG decoder reads back', () => {
    const data = Uint8Array.from({ length: 12 }, (_, i) => i * 20);
    const png = encodePngGray({ width: 4, height: 3, data });
    expect(Buffer.from(png).toString('latin1', 12, 16)).toBe('IHDR');
    expect(png[25]).toBe(0); // colour type: grayscale
    const { width, height, gray } = decode(png);
    expect([width, height]).toEqual([4, 3]);
    expect([...gray]).toEqual([...data]);
  });

  it('round-trips every byte value through the Up filter, wrapping below zero', () => {
    const data = Uint8Array.from({ length: 256 * 2 }, (_, i) => (i < 256 ? i : 255 - (i - 256)));
    expect([...decode(encodePngGray({ width: 256, height: 2, data })).gray]).toEqual([...data]);
  });

  it('compresses a label-like crop several times below the stored size the 64 KiB cap used to meet', () => {
    const [width, height] = [480, 120];
    const data = labelCrop(width, height);
    const png = encodePngGray({ width, height, data });
    expect([...decode(png).gray]).toEqual([...data]);
    const stored = height * (width + 1) + 57; // raw rows, zlib and PNG framing without compression
    expect(png.length * 4).toBeLessThan(stored);
    // The IDAT is a zlib stream any inflater reads.
    const idat = Buffer.from(png).subarray(41, 41 + Buffer.from(png).readUInt32BE(33));
    expect(inflateSync(idat).length).toBe(height * (width + 1));
  });

  it('shrinks by halves to the maximum width', () => {
    const image = shrinkTo({ width: 800, height: 100, data: new Uint8Array(80_000).fill(100) }, 240);
    expect([image.width, image.height]).toEqual([200, 25]);
    expect(image.data.every((v) => v === 100)).toBe(true);
  });
});

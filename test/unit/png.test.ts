import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encodePngGray, shrinkTo } from '../../src/core/pixels';

/** Reads back what Node's zlib and the PNG layout say, so the encoder cannot agree only with itself. */
function decode(png: Uint8Array) {
  const buffer = Buffer.from(png);
  expect([...buffer.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = buffer.readUInt32BE(16);
  const height = buffer.readUInt32BE(20);
  const idatLength = buffer.readUInt32BE(33);
  expect(buffer.toString('latin1', 37, 41)).toBe('IDAT');
  const raw = inflateSync(buffer.subarray(41, 41 + idatLength));
  return { width, height, raw };
}

describe('encodePngGray', () => {
  it('writes a grayscale PNG whose pixels zlib reads back', () => {
    const data = Uint8Array.from({ length: 12 }, (_, i) => i * 20);
    const { width, height, raw } = decode(encodePngGray({ width: 4, height: 3, data }));
    expect([width, height]).toEqual([4, 3]);
    expect([...raw]).toEqual([0, 0, 20, 40, 60, 0, 80, 100, 120, 140, 0, 160, 180, 200, 220]);
  });

  it('splits data over 65,535 bytes into several stored blocks', () => {
    const data = new Uint8Array(400 * 200).fill(7);
    const { raw } = decode(encodePngGray({ width: 400, height: 200, data }));
    expect(raw.length).toBe(200 * 401);
    expect(raw[1]).toBe(7);
  });

  it('shrinks by halves to the maximum width', () => {
    const image = shrinkTo({ width: 800, height: 100, data: new Uint8Array(80_000).fill(100) }, 240);
    expect([image.width, image.height]).toEqual([200, 25]);
    expect(image.data.every((v) => v === 100)).toBe(true);
  });
});

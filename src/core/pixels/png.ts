import { zlibSync } from 'fflate';
import type { GrayImage } from './gray';

/**
 * A small PNG encoder for the audit log's crop of a blocked target: 8-bit grayscale, each row
 * filtered "Up" (the difference from the row above, which text on a plain background turns into
 * runs of zeros), compressed by fflate's deflate. Pure and synchronous, so the background needs no
 * canvas — an OffscreenCanvas encode took about a second in headless Chromium. Only the chunk
 * framing is written here; the compression is fflate's (measured in test/unit/png.test.ts: a
 * label-like crop is several times smaller than the stored blocks used before).
 */
export function encodePngGray({ width, height, data }: GrayImage): Uint8Array {
  const raw = new Uint8Array(height * (width + 1));
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    raw[row] = 2; // filter: Up
    for (let x = 0; x < width; x++) {
      const above = y === 0 ? 0 : data[(y - 1) * width + x]!;
      raw[row + 1 + x] = (data[y * width + x]! - above) & 0xff;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, adaptive filters, no interlace
  return concat([
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/** Halves the image until it is at most `maxWidth` wide, to keep the crop small. */
export function shrinkTo({ width, height, data }: GrayImage, maxWidth: number): GrayImage {
  let image: GrayImage = { width, height, data };
  while (image.width > maxWidth && image.height > 1) {
    const w = image.width >> 1;
    const h = Math.max(1, image.height >> 1);
    const out = new Uint8Array(w * h);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const at = (yy: number, xx: number) => image.data[Math.min(yy, image.height - 1) * image.width + Math.min(xx, image.width - 1)]!;
        out[y * w + x] = (at(2 * y, 2 * x) + at(2 * y, 2 * x + 1) + at(2 * y + 1, 2 * x) + at(2 * y + 1, 2 * x + 1)) >> 2;
      }
    }
    image = { width: w, height: h, data: out };
  }
  return image;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const typed = concat([Uint8Array.from(type, (c) => c.charCodeAt(0)), body]);
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  out.set(typed, 4);
  view.setUint32(8 + body.length, crc32(typed));
  return out;
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

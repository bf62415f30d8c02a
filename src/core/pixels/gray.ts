/** An 8-bit grayscale image, row-major, one byte a pixel. */
export type GrayImage = { width: number; height: number; data: Uint8Array };

/**
 * RGBA (as canvas getImageData returns it) to grayscale with the Rec. 601 luma weights, in integer
 * arithmetic so every browser and Node compute the same bytes (the hash must not depend on float
 * rounding). Alpha is ignored: captured screenshots are opaque.
 */
export function toGray(rgba: ArrayLike<number>, width: number, height: number): GrayImage {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new RangeError('bad image size');
  if (rgba.length !== width * height * 4) throw new RangeError('rgba length does not match the size');
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i++, p += 4) {
    data[i] = (rgba[p]! * 299 + rgba[p + 1]! * 587 + rgba[p + 2]! * 114 + 500) / 1000;
  }
  return { width, height, data };
}

/**
 * Area-average resample to outW × outH. Each output cell is the coverage-weighted mean of the
 * source pixels under it, so it is defined for any size (also upscaling a 5-pixel-wide crop).
 * Returns unrounded means: the dHash compares them directly and must not lose ties to rounding.
 */
export function areaMeans(image: GrayImage, outW: number, outH: number): Float64Array {
  const { width, height, data } = image;
  const out = new Float64Array(outW * outH);
  const xSpans = spans(width, outW);
  const ySpans = spans(height, outH);
  for (let oy = 0; oy < outH; oy++) {
    for (let ox = 0; ox < outW; ox++) {
      let sum = 0;
      let area = 0;
      for (const [y, wy] of ySpans[oy]!) {
        for (const [x, wx] of xSpans[ox]!) {
          const w = wx * wy;
          sum += data[y * width + x]! * w;
          area += w;
        }
      }
      out[oy * outW + ox] = sum / area;
    }
  }
  return out;
}

/** For each output index, the source indices it covers with their coverage weights. */
function spans(size: number, outSize: number): [number, number][][] {
  const result: [number, number][][] = [];
  const step = size / outSize;
  for (let o = 0; o < outSize; o++) {
    const start = o * step;
    const end = start + step;
    const cells: [number, number][] = [];
    for (let i = Math.floor(start); i < Math.min(size, Math.ceil(end)); i++) {
      const w = Math.min(end, i + 1) - Math.max(start, i);
      if (w > 1e-9) cells.push([i, w]);
    }
    result.push(cells);
  }
  return result;
}

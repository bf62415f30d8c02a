import type { GrayImage } from './gray';

/** Smallest height, in pixels, the OCR engine gets: LSTM Tesseract misreads text a few pixels high. */
const TARGET_HEIGHT = 64;
const MAX_SCALE = 4;
const PAD = 12;

/**
 * The least contrast, as a WCAG ratio, at which text in a crop counts as seen: the DOM's own floor
 * for text against its background (MIN_CONTRAST in src/content/verifiers/paint.ts). Tesseract binarises
 * whatever it is given, so without this floor it reads a label painted #111 on an inset #111
 * shadow from anti-aliasing a person cannot see.
 */
export const MIN_PIXEL_CONTRAST = 1.5;

/** Share of the darkest and of the lightest pixels whose levels bound the crop's contrast. */
const TAIL = 0.01;

/**
 * The contrast ratio between the crop's dark and light extremes (its 1st and 99th percentile
 * levels, so a few stray pixels do not count): about 1 when nothing in it stands out. Gray levels
 * are luma of sRGB values, decoded with the sRGB curve to approximate relative luminance.
 */
export function cropContrast({ data }: GrayImage): number {
  if (data.length === 0) return 1;
  const counts = new Uint32Array(256);
  for (const v of data) counts[v]! += 1;
  const tail = Math.max(1, Math.floor(data.length * TAIL));
  const level = (fromDark: boolean) => {
    let seen = 0;
    for (let i = 0; i < 256; i++) {
      const v = fromDark ? i : 255 - i;
      seen += counts[v]!;
      if (seen >= tail) return v;
    }
    return fromDark ? 255 : 0;
  };
  const dark = luminance(level(true));
  const light = luminance(level(false));
  return (light + 0.05) / (dark + 0.05);
}

function luminance(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** Whether anything in the crop stands out enough to be read by a person (see MIN_PIXEL_CONTRAST). */
export function showsAnything(image: GrayImage): boolean {
  return cropContrast(image) >= MIN_PIXEL_CONTRAST;
}

/**
 * Prepares a crop for Tesseract: dark-on-light (light text on a dark button is inverted, since the
 * engine's binarisation prefers dark text), upscaled when small, with a margin of background so
 * glyphs touching the crop's edge are not cut off as noise.
 */
export function prepareForOcr(image: GrayImage): GrayImage {
  const background = borderMean(image);
  const invert = background < 128;
  const scale = Math.max(1, Math.min(MAX_SCALE, Math.ceil(TARGET_HEIGHT / image.height)));
  const scaled = scale === 1 ? image : upscale(image, scale);
  const width = scaled.width + 2 * PAD;
  const height = scaled.height + 2 * PAD;
  const fill = invert ? 255 - background : background;
  const data = new Uint8Array(width * height).fill(Math.round(fill));
  for (let y = 0; y < scaled.height; y++) {
    for (let x = 0; x < scaled.width; x++) {
      const v = scaled.data[y * scaled.width + x]!;
      data[(y + PAD) * width + x + PAD] = invert ? 255 - v : v;
    }
  }
  return { width, height, data };
}

/** Mean of the outermost pixels: the element's own background, whatever colour it is. */
export function borderMean({ width, height, data }: GrayImage): number {
  let sum = 0;
  let count = 0;
  for (let x = 0; x < width; x++) {
    sum += data[x]! + data[(height - 1) * width + x]!;
    count += 2;
  }
  for (let y = 0; y < height; y++) {
    sum += data[y * width]! + data[y * width + width - 1]!;
    count += 2;
  }
  return sum / count;
}

/** Bilinear upscale by an integer factor (pixel centres aligned). */
export function upscale({ width, height, data }: GrayImage, scale: number): GrayImage {
  const outW = width * scale;
  const outH = height * scale;
  const out = new Uint8Array(outW * outH);
  for (let oy = 0; oy < outH; oy++) {
    const sy = Math.min(height - 1, Math.max(0, (oy + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(height - 1, y0 + 1);
    const fy = sy - y0;
    for (let ox = 0; ox < outW; ox++) {
      const sx = Math.min(width - 1, Math.max(0, (ox + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(width - 1, x0 + 1);
      const fx = sx - x0;
      const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
      const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
      out[oy * outW + ox] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: outW, height: outH, data: out };
}

/**
 * Binary PGM (P5). Leptonica inside tesseract.js reads it natively, so no PNG or BMP encoder
 * (nor the ~1 s OffscreenCanvas.convertToBlob of headless Chromium) is needed.
 */
export function encodePgm({ width, height, data }: GrayImage): Uint8Array {
  const header = `P5\n${width} ${height}\n255\n`;
  const out = new Uint8Array(header.length + data.length);
  for (let i = 0; i < header.length; i++) out[i] = header.charCodeAt(i);
  out.set(data, header.length);
  return out;
}

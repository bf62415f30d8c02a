import type { GrayImage } from './gray';
import { composeLinear } from './linear';
import { borderMean } from './ocr-input';

/**
 * The linear part of the transform a label is painted with on screen, CSS matrix order
 * (x' = a·x + c·y, y' = b·x + d·y; y grows downwards), composed over the element and its ancestors.
 */
export type Linear = readonly [a: number, b: number, c: number, d: number];

/** Rotation or skew below this many degrees is left alone: Tesseract reads it as it is. */
const LEAVE_BELOW_DEG = 3;

/**
 * The crop with the label's rotation and skew undone, so OCR reads it on horizontal lines as a
 * person reads it turned in their head (issue 10 point 7: a 25° rotated label read as garbage).
 * The uniform scale is kept (prepareForOcr enlarges small text). Null when there is nothing to
 * undo (near upright) or the transform cannot be undone (flattened to a line). `box`: the
 * element's own box in the crop's pixels once upright; the output is cut to it, so neighbours
 * caught in the corners of the rotated crop's bounding box are not read as part of the label.
 */
export function upright(image: GrayImage, linear: Linear, box?: { width: number; height: number }): GrayImage | null {
  const [a, b, c, d] = linear;
  if (![a, b, c, d].every(Number.isFinite)) return null;
  const det = a * d - b * c;
  if (Math.abs(det) < 1e-6) return null;
  // Shape alone: divide out the uniform scale.
  const s = Math.sqrt(Math.abs(det));
  const [na, nb, nc, nd] = [a / s, b / s, c / s, d / s];
  if (!needsUndoing(na, nb, nc, nd)) return null;
  // Sampling maps an output (upright) pixel q to the screen point centre + N·q; the output is as
  // large as the screen crop mapped back by N⁻¹.
  const ndet = na * nd - nb * nc;
  const inv = [nd / ndet, -nb / ndet, -nc / ndet, na / ndet] as const;
  const hw = image.width / 2;
  const hh = image.height / 2;
  let maxX = 0;
  let maxY = 0;
  for (const [x, y] of [
    [hw, hh],
    [-hw, hh],
    [hw, -hh],
    [-hw, -hh],
  ] as const) {
    maxX = Math.max(maxX, Math.abs(inv[0] * x + inv[2] * y));
    maxY = Math.max(maxY, Math.abs(inv[1] * x + inv[3] * y));
  }
  const fits = (v: number | undefined, max: number) => (v !== undefined && Number.isFinite(v) && v >= 1 ? Math.min(v, max) : max);
  const width = Math.max(1, Math.ceil(fits(box?.width, Math.min(4 * image.width + 4 * image.height, 2 * maxX))));
  const height = Math.max(1, Math.ceil(fits(box?.height, Math.min(4 * image.width + 4 * image.height, 2 * maxY))));
  const background = Math.round(borderMean(image));
  const out = new Uint8Array(width * height);
  for (let oy = 0; oy < height; oy++) {
    const qy = oy + 0.5 - height / 2;
    for (let ox = 0; ox < width; ox++) {
      const qx = ox + 0.5 - width / 2;
      const sx = hw + na * qx + nc * qy - 0.5;
      const sy = hh + nb * qx + nd * qy - 0.5;
      out[oy * width + ox] = sample(image, sx, sy, background);
    }
  }
  return { width, height, data: out };
}

function needsUndoing(a: number, b: number, c: number, d: number): boolean {
  const rotation = Math.abs((Math.atan2(b, a) * 180) / Math.PI);
  // The angle between the transformed axes differs from 90° by the skew.
  const skew = Math.abs(90 - (Math.acos(clamp((a * c + b * d) / (Math.hypot(a, b) * Math.hypot(c, d)))) * 180) / Math.PI);
  return rotation >= LEAVE_BELOW_DEG || skew >= LEAVE_BELOW_DEG || a * d - b * c < 0;
}

const clamp = (v: number) => Math.max(-1, Math.min(1, v));

/** Bilinear sample; outside the crop is the crop's background. */
function sample({ width, height, data }: GrayImage, x: number, y: number, background: number): number {
  if (x < -0.5 || y < -0.5 || x > width - 0.5 || y > height - 0.5) return background;
  const x0 = Math.max(0, Math.min(width - 1, Math.floor(x)));
  const y0 = Math.max(0, Math.min(height - 1, Math.floor(y)));
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = Math.max(0, Math.min(1, x - x0));
  const fy = Math.max(0, Math.min(1, y - y0));
  const top = data[y0 * width + x0]! * (1 - fx) + data[y0 * width + x1]! * fx;
  const bottom = data[y1 * width + x0]! * (1 - fx) + data[y1 * width + x1]! * fx;
  return Math.round(top * (1 - fy) + bottom * fy);
}

/** How a label is painted: its map (CSS matrix a, b, c, d) and its own box (CSS px, untransformed). */
export type Painted = { linear: Linear; width: number; height: number };

/**
 * How a label in a subframe is painted on the tab's screen: its own map followed by the frame
 * chain's (`turn`: the proposing frame's CSS px to the top viewport's, where a frame turns or
 * skews). `box` is the target's own rectangle in its frame, for a label that is not turned itself.
 * Null when nothing turns.
 */
export function paintedThroughFrames(
  painted: Painted | null,
  turn: Linear | undefined,
  box: { width: number; height: number } | null,
): Painted | null {
  if (!turn) return painted;
  // The box stays the label's own (untransformed CSS px): the crop's reader scales it by the
  // whole map's uniform scale (background/pixels.ts uprightCrop), the chain's included.
  const own = painted ?? (box ? { width: box.width, height: box.height } : { width: 0, height: 0 });
  return {
    linear: composeLinear(turn, painted?.linear ?? [1, 0, 0, 1]),
    width: own.width,
    height: own.height,
  };
}

/**
 * `npm run gen:icons`: the toolbar and store icons, drawn from geometry (no image editor, so a
 * change is a reviewable diff here) and written as PNGs to public/icons/, which the build copies.
 * Two states: `idle`, and `pending` (actions wait for the user: an amber mark, besides the badge
 * count, so the state does not rest on colour or a number alone). Sizes: 16, 32 (toolbar at 1×
 * and 2×), 48 (extensions page) and 128 (store, install prompt). Each pixel is the coverage of a
 * 6×6 grid of samples, so edges are smooth at 16 px.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';

export const ICON_SIZES = [16, 32, 48, 128] as const;
export const ICON_STATES = ['idle', 'pending'] as const;
const OUT = join(import.meta.dirname, '..', 'public', 'icons');

type Rgb = [number, number, number];
const SHIELD: Rgb = [15, 95, 89];
const CHECK: Rgb = [255, 255, 255];
const PENDING: Rgb = [180, 83, 9];

/** Half-width of the shield at height y (unit square, y down): straight sides, then a pointed base. */
function shieldHalfWidth(y: number): number {
  if (y < 0.06 || y > 0.96) return -1;
  if (y <= 0.52) return 0.38;
  const t = (y - 0.52) / 0.44;
  return 0.38 * (1 - t ** 1.6);
}

function segmentDistance(px: number, py: number, [ax, ay]: number[], [bx, by]: number[]): number {
  const dx = bx! - ax!;
  const dy = by! - ay!;
  const t = Math.max(0, Math.min(1, ((px - ax!) * dx + (py - ay!) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax! + t * dx), py - (ay! + t * dy));
}

const TICK = [
  [0.3, 0.5],
  [0.45, 0.65],
  [0.71, 0.35],
];

/** The colour and coverage at one sample point, top layer first. */
function sample(x: number, y: number, pending: boolean): [Rgb, number] | null {
  if (pending && Math.hypot(x - 0.8, y - 0.2) <= 0.2) return [Math.hypot(x - 0.8, y - 0.2) <= 0.15 ? PENDING : CHECK, 1];
  if (Math.abs(x - 0.5) > shieldHalfWidth(y)) return null;
  const tick = Math.min(segmentDistance(x, y, TICK[0]!, TICK[1]!), segmentDistance(x, y, TICK[1]!, TICK[2]!));
  return [tick <= 0.06 ? CHECK : SHIELD, 1];
}

export function drawIcon(size: number, state: (typeof ICON_STATES)[number]): PNG {
  const png = new PNG({ width: size, height: size });
  const grid = 6;
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < grid; sy++) {
        for (let sx = 0; sx < grid; sx++) {
          const hit = sample((px + (sx + 0.5) / grid) / size, (py + (sy + 0.5) / grid) / size, state === 'pending');
          if (!hit) continue;
          r += hit[0][0];
          g += hit[0][1];
          b += hit[0][2];
          a += 1;
        }
      }
      const at = (py * size + px) * 4;
      png.data[at] = a === 0 ? 0 : Math.round(r / a);
      png.data[at + 1] = a === 0 ? 0 : Math.round(g / a);
      png.data[at + 2] = a === 0 ? 0 : Math.round(b / a);
      png.data[at + 3] = Math.round((255 * a) / (grid * grid));
    }
  }
  return png;
}

export const iconPath = (state: string, size: number) => `icons/${state}-${size}.png`;

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  mkdirSync(OUT, { recursive: true });
  for (const state of ICON_STATES) {
    for (const size of ICON_SIZES) writeFileSync(join(OUT, `${state}-${size}.png`), PNG.sync.write(drawIcon(size, state)));
  }
  console.log(`wrote ${ICON_STATES.length * ICON_SIZES.length} icons to ${OUT}`);
}

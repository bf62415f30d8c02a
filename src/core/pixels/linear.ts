import type { Linear } from './upright';

/**
 * 2D linear maps (CSS matrix order a, b, c, d: x' = a·x + c·y, y' = b·x + d·y), shared by the
 * content scripts' legibility measures, the frame chain's geometry and the crop's turn upright.
 */

/** `outer` after `inner`: first inner, then outer. */
export function composeLinear([a1, b1, c1, d1]: Linear, [a2, b2, c2, d2]: Linear): Linear {
  return [a1 * a2 + c1 * b2, b1 * a2 + d1 * b2, a1 * c2 + c1 * d2, b1 * c2 + d1 * d2];
}

/** The smallest factor by which the map shrinks any direction (σ_min): squeezing one axis is enough to hide. */
export function minScale([a, b, c, d]: Linear): number {
  const s = a * a + b * b + c * c + d * d;
  const det = a * d - b * c;
  return Math.sqrt(Math.max(0, (s - Math.sqrt(Math.max(0, s * s - 4 * det * det))) / 2));
}

/** Whether a map turns, skews or mirrors (anything but a positive scale on each axis). */
export function turns([a, b, c, d]: Linear): boolean {
  return Math.abs(b) > 1e-6 || Math.abs(c) > 1e-6 || a <= 0 || d <= 0;
}

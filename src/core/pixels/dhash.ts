import { areaMeans, type GrayImage } from './gray';

/** Bits of the hash: 8 rows of 8 left-right comparisons over a 9 × 8 thumbnail. */
export const DHASH_BITS = 64;

/**
 * Difference hash (dHash) of a grayscale image as 16 hex digits: shrink to 9 × 8 by area
 * averaging, then one bit per horizontally adjacent pair, set where the left cell is brighter.
 * It survives re-encoding and tiny rendering noise, and changes when the drawn content changes.
 */
export function dHash(image: GrayImage): string {
  const cells = areaMeans(image, 9, 8);
  let hex = '';
  for (let y = 0; y < 8; y++) {
    let byte = 0;
    for (let x = 0; x < 8; x++) {
      byte = (byte << 1) | (cells[y * 9 + x]! > cells[y * 9 + x + 1]! ? 1 : 0);
    }
    hex += byte.toString(16).padStart(2, '0');
  }
  return hex;
}

const HASH = /^[0-9a-f]{16}$/;

/** Number of differing bits between two dHashes. */
export function hammingDistance(a: string, b: string): number {
  if (!HASH.test(a) || !HASH.test(b)) throw new RangeError('not a 64-bit dHash');
  let distance = 0;
  for (let i = 0; i < 16; i += 4) {
    let x = Number.parseInt(a.slice(i, i + 4), 16) ^ Number.parseInt(b.slice(i, i + 4), 16);
    for (; x !== 0; x &= x - 1) distance++;
  }
  return distance;
}

import { describe, expect, it } from 'vitest';
import { quotaToSpare } from '../../src/core/pixels';

/** A blocked click's audit crop takes only quota no evidence may need (src/background/ocr/capture.ts). */
describe('quotaToSpare', () => {
  it('spares a capture only when none was taken in the last second, so one stays free for evidence (two a second)', () => {
    expect(quotaToSpare([], 0, 5_000, 2)).toBe(true);
    expect(quotaToSpare([4_500], 0, 5_000, 2)).toBe(false);
    expect(quotaToSpare([3_900], 0, 5_000, 2)).toBe(true);
    // Just inside the window the capture module waits out (1 s and 25 ms of slack).
    expect(quotaToSpare([3_990], 0, 5_000, 2)).toBe(false);
  });

  it('never spares one while another capture is queued or under way', () => {
    expect(quotaToSpare([], 1, 5_000, 2)).toBe(false);
    expect(quotaToSpare([], 1, 5_000, 3)).toBe(false);
  });

  it('spares one whenever a second would still be free (a larger quota), and always where there is no quota', () => {
    expect(quotaToSpare([4_500], 0, 5_000, 3)).toBe(true);
    expect(quotaToSpare([4_500, 4_600], 0, 5_000, 3)).toBe(false);
    expect(quotaToSpare([4_999, 4_999, 4_999], 0, 5_000, Number.POSITIVE_INFINITY)).toBe(true);
    expect(quotaToSpare([4_999], 2, 5_000, Number.POSITIVE_INFINITY)).toBe(true);
  });
});

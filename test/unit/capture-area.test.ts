import { describe, expect, it } from 'vitest';
import { documentArea } from '../../src/core/pixels';

/** Firefox captures a document area (src/background/ocr/capture.ts): where the target is, and only what is on screen. */
describe('documentArea', () => {
  const viewport = { scrollX: 0, scrollY: 1200, width: 800, height: 600 };

  it('adds the scroll offset, in whole CSS px around the target, and keeps the target inside', () => {
    expect(documentArea({ x: 40.5, y: 100.25, width: 120, height: 30.5 }, viewport)).toEqual({
      capture: { x: 40, y: 1300, width: 121, height: 31 },
      within: { x: 0.5, y: 0.25, width: 120, height: 30.5 },
    });
    expect(documentArea({ x: 10, y: 20, width: 50, height: 10 }, { scrollX: 33.5, scrollY: 0.75, width: 800, height: 600 })).toEqual({
      capture: { x: 43, y: 20, width: 51, height: 11 },
      within: { x: 0.5, y: 0.75, width: 50, height: 10 },
    });
  });

  it('cuts what lies off screen, on every side', () => {
    const area = documentArea({ x: -20, y: 580, width: 100, height: 50 }, viewport);
    expect(area).toEqual({ capture: { x: 0, y: 1780, width: 80, height: 20 }, within: { x: 0, y: 0, width: 80, height: 20 } });
    const right = documentArea({ x: 760, y: -10, width: 100, height: 30 }, viewport);
    expect(right).toEqual({ capture: { x: 760, y: 1200, width: 40, height: 20 }, within: { x: 0, y: 0, width: 40, height: 20 } });
  });

  it('is outside when nothing of the target is shown', () => {
    expect(documentArea({ x: 10, y: 640, width: 100, height: 30 }, viewport)).toBe('outside');
    expect(documentArea({ x: 10, y: -40, width: 100, height: 40 }, viewport)).toBe('outside');
    expect(documentArea({ x: 800, y: 10, width: 100, height: 30 }, viewport)).toBe('outside');
    expect(documentArea({ x: 10, y: 10, width: 0, height: 30 }, viewport)).toBe('outside');
  });
});

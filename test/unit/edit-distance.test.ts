import { describe, expect, it } from 'vitest';
import { editDistance, isolatedEditDistance } from '../../src/core/util/edit-distance';

describe('edit distances', () => {
  it('counts Levenshtein edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('counts edits with a kept character between any two, or none possible', () => {
    expect(isolatedEditDistance('abc', 'axc')).toBe(1);
    expect(isolatedEditDistance('abcd', 'bd')).toBe(2);
    expect(isolatedEditDistance('xbcdx', 'abcda')).toBe(2);
    expect(isolatedEditDistance('a', '')).toBe(1);
    expect(isolatedEditDistance('', '')).toBe(0);
    // Two edits side by side, whichever way they are taken.
    expect(isolatedEditDistance('abc', 'xyc')).toBe(Infinity);
    expect(isolatedEditDistance('ab', '')).toBe(Infinity);
    expect(isolatedEditDistance('unsubscribe', 'subscribe')).toBe(Infinity);
    // By code point: an astral letter is one character.
    expect(isolatedEditDistance('a𝒜c', 'abc')).toBe(1);
  });

  it('is never below the Levenshtein distance', () => {
    const words = ['close', 'closed', 'clse', 'lose', 'panel', 'pane', 'cl0se', 'xclosex', ''];
    for (const a of words) for (const b of words) expect(isolatedEditDistance(a, b)).toBeGreaterThanOrEqual(editDistance(a, b));
  });
});

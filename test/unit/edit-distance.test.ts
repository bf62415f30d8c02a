import { describe, expect, it } from 'vitest';
import { editDistance, misreadCount } from '../../src/core/util/edit-distance';

describe('edit distances', () => {
  it('counts Levenshtein edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  const edge = (c: string) => c === 'l';

  it('counts letters read as others, each standing alone, and strokes at the ends; nothing else', () => {
    expect(misreadCount('axc', 'abc', edge)).toBe(1);
    expect(misreadCount('xbcdx', 'abcda', edge)).toBe(2);
    expect(misreadCount('', '', edge)).toBe(0);
    expect(misreadCount('labcl', 'abc', edge)).toBe(2);
    expect(misreadCount('llabc', 'abc', edge)).toBe(2);
    // An expected "l" at the start is matched by the reading's, not taken for a stroke.
    expect(misreadCount('lock', 'lock', edge)).toBe(0);
    expect(misreadCount('llock', 'lock', edge)).toBe(1);
    // Two changes side by side, a letter added or lost inside, or a non-stroke at an end: another word.
    expect(misreadCount('xyc', 'abc', edge)).toBe(Infinity);
    expect(misreadCount('unsubscribe', 'subscribe', edge)).toBe(Infinity);
    expect(misreadCount('block', 'lock', edge)).toBe(Infinity);
    expect(misreadCount('lock', 'block', edge)).toBe(Infinity);
    expect(misreadCount('spend', 'send', edge)).toBe(Infinity);
    expect(misreadCount('play', 'pay', edge)).toBe(Infinity);
    expect(misreadCount('a', '', () => false)).toBe(Infinity);
    // By code point: an astral letter is one character.
    expect(misreadCount('a𝒜c', 'abc', edge)).toBe(1);
    // Counting stops past a limit.
    expect(misreadCount('axcxe', 'abcde', edge, 1)).toBe(Infinity);
    expect(misreadCount('axcxe', 'abcde', edge, 2)).toBe(2);
  });

  it('is never below the Levenshtein distance', () => {
    const words = ['close', 'closed', 'clse', 'lose', 'panel', 'pane', 'cl0se', 'xclosex', 'lclosel', ''];
    for (const a of words) for (const b of words) expect(misreadCount(a, b, edge)).toBeGreaterThanOrEqual(editDistance(a, b));
  });
});

import { describe, expect, it } from 'vitest';
import { editDistance, misreadCount } from '../../src/core/util/edit-distance';

describe('edit distances', () => {
  it('counts Levenshtein edits', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  const thin = (c: string) => c === 'l';

  it('counts letters read as others, each standing alone, and a thin letter cut at either end; nothing else', () => {
    expect(misreadCount('axc', 'abc', thin)).toBe(1);
    expect(misreadCount('xbcdx', 'abcda', thin)).toBe(2);
    expect(misreadCount('', '', thin)).toBe(0);
    expect(misreadCount('pane', 'panel', thin)).toBe(1);
    expect(misreadCount('ock', 'lock', thin)).toBe(1);
    expect(misreadCount('lock', 'lock', thin)).toBe(0);
    // Two changes side by side, a letter added anywhere, a letter lost inside or a thick one at an end: another word.
    expect(misreadCount('xyc', 'abc', thin)).toBe(Infinity);
    expect(misreadCount('llock', 'lock', thin)).toBe(Infinity);
    expect(misreadCount('unsubscribe', 'subscribe', thin)).toBe(Infinity);
    expect(misreadCount('block', 'lock', thin)).toBe(Infinity);
    expect(misreadCount('lock', 'block', thin)).toBe(Infinity);
    expect(misreadCount('spend', 'send', thin)).toBe(Infinity);
    expect(misreadCount('send', 'spend', thin)).toBe(Infinity);
    expect(misreadCount('pay', 'play', thin)).toBe(Infinity);
    expect(misreadCount('pa', 'panel', thin)).toBe(Infinity);
    // By code point: an astral letter is one character.
    expect(misreadCount('a𝒜c', 'abc', thin)).toBe(1);
    // Counting stops past a limit.
    expect(misreadCount('axcxe', 'abcde', thin, 1)).toBe(Infinity);
    expect(misreadCount('axcxe', 'abcde', thin, 2)).toBe(2);
    expect(misreadCount('pane', 'panel', thin, 0)).toBe(Infinity);
  });

  it('is never below the Levenshtein distance', () => {
    const words = ['close', 'closed', 'clse', 'lose', 'panel', 'pane', 'cl0se', 'xclosex', 'lclosel', ''];
    for (const a of words) for (const b of words) expect(misreadCount(a, b, thin)).toBeGreaterThanOrEqual(editDistance(a, b));
  });
});

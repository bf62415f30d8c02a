import { describe, expect, it } from 'vitest';
import {
  findInvisibles,
  hasBidiControls,
  hasInvisibleCharacters,
  invisibleKind,
  normalizeLabel,
  stripInvisibles,
} from '../../src/core/text';

const every = function* () {
  for (let cp = 0; cp <= 0x10ffff; cp += 1) if (cp < 0xd800 || cp > 0xdfff) yield cp;
};

describe('findInvisibles', () => {
  it('reports each invisible character with its offset and kind', () => {
    const text = 'Pay\u200bPal \u202eexe.txt\u202c \u00ad\ufe0f\u{e0041}';
    expect(findInvisibles(text)).toEqual([
      { index: 3, codePoint: 0x200b, kind: 'zero-width' },
      { index: 8, codePoint: 0x202e, kind: 'bidi' },
      { index: 16, codePoint: 0x202c, kind: 'bidi' },
      { index: 18, codePoint: 0x00ad, kind: 'soft-hyphen' },
      { index: 19, codePoint: 0xfe0f, kind: 'variation-selector' },
      { index: 20, codePoint: 0xe0041, kind: 'tag' },
    ]);
  });

  it('classifies the bidi controls: embeddings, overrides, isolates and marks', () => {
    for (const cp of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      expect(invisibleKind(cp), cp.toString(16)).toBe('bidi');
      expect(hasBidiControls(`a${String.fromCodePoint(cp)}b`)).toBe(true);
    }
    expect(hasBidiControls('plain text, \u05e9\u05dc\u05d5\u05dd')).toBe(false);
  });

  it('finds nothing in ordinary text, spaces and emoji included', () => {
    expect(findInvisibles('Send \u20ac12 to M\u00fcller \u2014 ok? \u{1f44d} \u00a0\u3000')).toEqual([]);
  });

  it('is exactly Default_Ignorable_Code_Point plus the interlinear annotation controls', () => {
    const reference = /[\p{Default_Ignorable_Code_Point}\ufff9-\ufffb]/u;
    const disagreements = [...every()].filter((cp) => (invisibleKind(cp) !== undefined) !== reference.test(String.fromCodePoint(cp)));
    expect(disagreements.map((cp) => cp.toString(16))).toEqual([]);
  }, 60_000);

  it('agrees with the set normalize.ts strips from labels, tag characters included', () => {
    const disagreements = [...every()].filter((cp) => {
      const char = String.fromCodePoint(cp);
      return hasInvisibleCharacters(char) !== findInvisibles(char).length > 0;
    });
    expect(disagreements.map((cp) => cp.toString(16))).toEqual([]);
    expect(normalizeLabel('Pay\u{e0041}\u{e0042}now')).toBe('paynow');
    expect(stripInvisibles('a\u2066b\u2069c\u{e0001}')).toBe('abc');
  }, 60_000);
});

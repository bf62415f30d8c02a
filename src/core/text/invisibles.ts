/**
 * Characters that render as nothing yet change what a string is: Unicode's
 * Default_Ignorable_Code_Point set, plus the interlinear annotation controls, which can hide the
 * text between them. Spelled out rather than `\p{DI}` so the answer does not depend on the
 * engine's Unicode version; a unit test holds it equal to `\p{DI}` and to normalize.ts.
 */
export type InvisibleKind = 'bidi' | 'zero-width' | 'soft-hyphen' | 'variation-selector' | 'tag' | 'filler' | 'format';

const RANGES: ReadonlyArray<readonly [first: number, last: number, kind: InvisibleKind]> = [
  [0x00ad, 0x00ad, 'soft-hyphen'],
  [0x034f, 0x034f, 'zero-width'], // combining grapheme joiner
  [0x061c, 0x061c, 'bidi'], // arabic letter mark
  [0x115f, 0x1160, 'filler'],
  [0x17b4, 0x17b5, 'filler'],
  [0x180b, 0x180d, 'variation-selector'],
  [0x180e, 0x180e, 'zero-width'], // mongolian vowel separator
  [0x180f, 0x180f, 'variation-selector'],
  [0x200b, 0x200d, 'zero-width'],
  [0x200e, 0x200f, 'bidi'],
  [0x202a, 0x202e, 'bidi'],
  [0x2060, 0x2065, 'zero-width'], // word joiner, invisible operators
  [0x2066, 0x2069, 'bidi'],
  [0x206a, 0x206f, 'format'], // deprecated shaping and digit controls
  [0x3164, 0x3164, 'filler'],
  [0xfe00, 0xfe0f, 'variation-selector'],
  [0xfeff, 0xfeff, 'zero-width'],
  [0xffa0, 0xffa0, 'filler'],
  [0xfff0, 0xfffb, 'format'], // reserved, then the interlinear annotation controls
  [0x1bca0, 0x1bca3, 'format'],
  [0x1d173, 0x1d17a, 'format'],
  [0xe0000, 0xe007f, 'tag'],
  [0xe0080, 0xe00ff, 'format'],
  [0xe0100, 0xe01ef, 'variation-selector'],
  [0xe01f0, 0xe0fff, 'format'],
];

const hex = (cp: number) => `\\u{${cp.toString(16)}}`;
const CLASS = RANGES.map(([first, last]) => (first === last ? hex(first) : `${hex(first)}-${hex(last)}`)).join('');
const INVISIBLE = new RegExp(`[${CLASS}]`, 'gu');
const BIDI = new RegExp(
  `[${RANGES.filter((r) => r[2] === 'bidi')
    .map(([f, l]) => `${hex(f)}-${hex(l)}`)
    .join('')}]`,
  'u',
);

export interface Invisible {
  /** UTF-16 offset in the text. */
  index: number;
  codePoint: number;
  kind: InvisibleKind;
}

export function invisibleKind(codePoint: number): InvisibleKind | undefined {
  return RANGES.find(([first, last]) => codePoint >= first && codePoint <= last)?.[2];
}

/** Every invisible or bidi control character in the text, in order. */
export function findInvisibles(text: string): Invisible[] {
  return [...text.matchAll(INVISIBLE)].map((match) => {
    const codePoint = match[0].codePointAt(0)!;
    return { index: match.index, codePoint, kind: invisibleKind(codePoint)! };
  });
}

/** Bidi embedding, override, isolate and mark characters: they reorder what is displayed (Trojan Source). */
export function hasBidiControls(text: string): boolean {
  return BIDI.test(text);
}

/** The text without any invisible or bidi control character. */
export function stripInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}

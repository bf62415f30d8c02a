import { unbordered, withoutBorderWords } from './text-agreement';

/** A reading shows words from this many letters or digits on. */
const MIN_WORD_LETTERS = 2;

/**
 * Whether an OCR reading of a picture shows words: at least two letters or digits once what OCR
 * cannot read, the border strokes ("|", "[") and border words ("l", "I" at either end) are left
 * out. OCR reads a lone shape as a letter now and then (a magnifier as "Q", a ring as "O"), and
 * one letter is no word; "OK", "No" or "2FA" are, and so are letters spaced apart ("D e l").
 */
export function readsWords(text: string): boolean {
  const { text: inner } = withoutBorderWords(unbordered(text));
  return [...inner.matchAll(/[\p{L}\p{N}]/gu)].length >= MIN_WORD_LETTERS;
}

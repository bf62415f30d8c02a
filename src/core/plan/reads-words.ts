import { editDistance } from '../util/edit-distance';
import { exactTokens, letters, unbordered, withoutBorderWords } from './text-agreement';

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

/**
 * Whether a reading that its name does not say is still near a stretch of it: at most half its
 * letters changed (lookalikes folded). A picture's letters come in whatever font it was drawn in,
 * and OCR reads a stylised logo's "ACME" as "Acue": near its name "ACME home", that is no
 * evidence either way (unsure: the policy decides), where "Delete account" on "Settings" is.
 */
export function nearName(read: string, name: string): boolean {
  // Amounts and currency symbols are compared exactly: one it does not say is no near reading.
  const amounts = new Set(exactTokens(name));
  if (!exactTokens(read).every((token) => amounts.has(token))) return false;
  const seen = [...letters(unbordered(read))];
  const named = [...letters(name)];
  if (seen.length === 0) return true;
  const width = Math.min(seen.length, named.length);
  let best = Number.POSITIVE_INFINITY;
  for (let start = 0; start + width <= named.length; start++) {
    best = Math.min(best, editDistance(seen.join(''), named.slice(start, start + width).join('')));
  }
  return best <= seen.length / 2;
}

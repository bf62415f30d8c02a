import { misreadCount } from '../util/edit-distance';
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

/** The words of a text as letters (lookalikes folded), and its amounts and currency symbols. */
function wordsOf(text: string): { words: string[]; amounts: string[] } {
  const words = text
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .map((word) => letters(word))
    .filter((word) => word !== '');
  return { words, amounts: exactTokens(text) };
}

/**
 * Whether every word a picture shows is a word of `name`, in order, each read whole: a letter OCR
 * misread here and there (`share` of the word's letters at most, none beside another), but never a
 * letter added or lost inside, nor a word inside a longer one ("Pay" is not said by "Play now" nor
 * by "Payment history", "Delete" not by "Undelete"); amounts and currency symbols exactly.
 */
function wordsWithin(read: string, name: string, share: number): boolean {
  const seen = wordsOf(withoutBorderWords(unbordered(read)).text);
  const named = wordsOf(name);
  const amounts = new Set(named.amounts);
  if (!seen.amounts.every((token) => amounts.has(token))) return false;
  let at = 0;
  for (const word of seen.words) {
    const allowed = Math.floor([...word].length * share + 1e-9);
    while (at < named.words.length && misreadCount(word, named.words[at]!, THIN, allowed) > allowed) at++;
    if (at === named.words.length) return false;
    at++;
  }
  return true;
}
const THIN = (c: string) => c === 'l' || c === 'i' || c === 'j' || c === 't';

/** Whether the icon's name says every word its picture shows (one letter in five misread). */
export const saidBy = (read: string, name: string): boolean => wordsWithin(read, name, 0.2);

/**
 * Whether a reading its name does not say is near it all the same: the same words, each with up
 * to a third of its letters misread (none beside another). A picture's letters come in whatever
 * font it was drawn in, and OCR reads a stylised logo's "ACME" as "Acue": that is no evidence
 * either way (unsure: the policy decides), where "Delete account" on "Settings", "Unsubscribe" on
 * "Subscribe" or "Pay $70" on "Pay $10" are.
 */
export const nearName = (read: string, name: string): boolean => wordsWithin(read, name, 1 / 3);

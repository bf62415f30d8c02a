/**
 * Whether a text holds anything a reader could read: a letter or a digit in any script. One
 * definition for the core's text agreement and the content script's "is there text here" tests
 * (imported by path there, so a frame's bundle gets this line and not the confusables table).
 */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}

import { COMMIT_LEXICON } from './commit-lexicon';

/**
 * The commitment lexicon flattened for matching (see commit-lexicon.ts). Plain data and loops
 * with no imports beyond the lexicon: the MAIN-world interceptor builds its own matcher from these
 * lists with captured built-ins.
 */
const all = (pick: (entry: (typeof COMMIT_LEXICON)[string]) => string | undefined): string[] => {
  const out: string[] = [];
  for (const language of Object.keys(COMMIT_LEXICON)) {
    const items = pick(COMMIT_LEXICON[language]!);
    if (items) for (const item of items.split('|')) out.push(item);
  }
  return out;
};

/** Whole words (English among them). */
export const COMMIT_WORDS: readonly string[] = all((e) => e.words);
/** Starts of words. */
export const COMMIT_STEMS: readonly string[] = all((e) => e.stems);
/** Consecutive whole words, single-spaced. */
export const COMMIT_PHRASES: readonly string[] = all((e) => e.phrases);
/** Anywhere in the label (scripts without spaces between words). */
export const COMMIT_INSIDE: readonly string[] = all((e) => e.inside);

/** Letters, combining marks (Devanagari vowel signs) and digits make words; anything else separates them. */
export const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/u;

/** Whether a label, already folded (lower case, NFKC, invisibles removed), names a commitment. */
export function foldedNamesCommitment(
  folded: string,
  lists: { words: ReadonlySet<string>; stems: readonly string[]; phrases: readonly string[]; inside: readonly string[] },
): boolean {
  const words = folded.split(NOT_WORD).filter((w) => w !== '');
  for (const word of words) {
    if (lists.words.has(word)) return true;
    for (const stem of lists.stems) if (word.startsWith(stem)) return true;
  }
  const spaced = ` ${words.join(' ')} `;
  for (const phrase of lists.phrases) if (spaced.includes(` ${phrase} `)) return true;
  for (const part of lists.inside) if (folded.includes(part)) return true;
  return false;
}

import { COMMIT_LEXICON } from './commit-lexicon';

/**
 * The commitment lexicon flattened for matching (see commit-lexicon.ts). Plain data and loops
 * with no imports beyond the lexicon; commit-match.ts matches labels against them (in the core and,
 * with captured built-ins, in the MAIN world).
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

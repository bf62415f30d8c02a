import { INVISIBLE } from '../text/normalize';
import { closeConfusables, decodeConfusables, foldedSkeletonWith, type TextOps } from '../text/skeleton-ops';
import { COMMIT_INSIDE, COMMIT_PHRASES, COMMIT_STEMS, COMMIT_WORDS } from './commit-words';

/**
 * The one commitment classifier (issue 11 §1, §7). The core's privilege (privilege.ts) and the
 * MAIN-world interceptor (content/main-world/interceptor/privilege.ts) run this same code over the
 * same data: the label folded (NFKC, invisibles dropped, lower case), and its UTS #39 skeleton
 * (so "Раy" with a Cyrillic "Р" and "а" still pays), matched against the lexicon and the lexicon's
 * skeletons. The core passes the engine's own string methods; the main world passes methods it
 * captured before any page script ran (primordials.ts), so a page that patches
 * `String.prototype.normalize` or `Map.prototype.get` changes neither answer. No iterator protocol,
 * no method looked up on a value at run time: everything goes through `ops`.
 *
 * Imports nothing but data and skeleton-ops.ts, so the main world may bundle it
 * (test/unit/conventions.test.ts).
 */
/** Letters, combining marks (Devanagari vowel signs) and digits make words; anything else separates them. */
export const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
/** The label as the lexicon is matched: NFKC, invisibles dropped, lower case. */
export const foldLabel = (ops: TextOps, label: string): string => ops.lower(ops.replace(ops.normalize(label, 'NFKC'), INVISIBLE, ''));

export type LexiconLists = { words: Set<string>; stems: readonly string[]; phrases: readonly string[]; inside: readonly string[] };

/** The lexicon as listed, or each item passed through `key` (the skeletons). */
export function lexiconLists(ops: TextOps, key: (item: string) => string = (item) => item): LexiconLists {
  const each = (items: readonly string[]) => {
    const out: string[] = [];
    for (let i = 0; i < items.length; i += 1) out[out.length] = key(items[i]!);
    return out;
  };
  return { words: ops.newSet(each(COMMIT_WORDS)), stems: each(COMMIT_STEMS), phrases: each(COMMIT_PHRASES), inside: each(COMMIT_INSIDE) };
}

/** Whether a folded label names a commitment: whole words, starts of words, phrases, parts of unspaced scripts. */
export function matchesLexicon(ops: TextOps, folded: string, lists: LexiconLists): boolean {
  const words = ops.split(folded, NOT_WORD);
  let spaced = ' ';
  for (let at = 0; at < words.length; at += 1) {
    const word = words[at]!;
    if (word === '') continue;
    if (ops.setHas(lists.words, word)) return true;
    for (let s = 0; s < lists.stems.length; s += 1) if (ops.startsWith(word, lists.stems[s]!)) return true;
    spaced += `${word} `;
  }
  for (let p = 0; p < lists.phrases.length; p += 1) if (ops.includes(spaced, ` ${lists.phrases[p]!} `)) return true;
  for (let i = 0; i < lists.inside.length; i += 1) if (ops.includes(folded, lists.inside[i]!)) return true;
  return false;
}

/**
 * A classifier over `ops`: the label and its skeleton against the lexicon and its skeletons. The
 * confusables table and the lexicon's skeletons are built on first use (`warm` builds them
 * earlier); a lookalike spelling commits the user just the same.
 */
export function commitmentClassifier(
  ops: TextOps,
  closedTable: () => Map<number, string> = () => closeConfusables(ops, decodeConfusables(ops)),
): { namesCommitment(label: string): boolean; warm(): void } {
  let plain: LexiconLists | undefined;
  let closed: Map<number, string> | undefined;
  let skeletons: LexiconLists | undefined;
  const warm = () => {
    plain ??= lexiconLists(ops);
    closed ??= closedTable();
    const table = closed;
    skeletons ??= lexiconLists(ops, (item) => foldLabel(ops, foldedSkeletonWith(ops, table, item)));
  };
  return {
    warm,
    namesCommitment(label: string): boolean {
      warm();
      if (matchesLexicon(ops, foldLabel(ops, label), plain!)) return true;
      return matchesLexicon(ops, foldLabel(ops, foldedSkeletonWith(ops, closed!, label)), skeletons!);
    },
  };
}

import { INVISIBLE } from '../text/normalize';
import { closeConfusables, decodeConfusables, foldedSkeletonWith, type TextOps } from '../text/skeleton-ops';
import { ASCII_PROTOTYPES, PLAIN_MATCHER, SKELETON_MATCHER } from './commit-index.generated';

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
 * Imports nothing but data (the lexicon's index and its skeletons' are generated at build time
 * by commit-index.ts, scripts/gen-commit-index.ts) and skeleton-ops.ts, so the main world may
 * bundle it (test/unit/conventions.test.ts).
 */
/** Letters, combining marks (Devanagari vowel signs) and digits make words; anything else separates them. */
export const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
/** What NOT_WORD is over ASCII, whose letters and digits are these. */
const NOT_WORD_ASCII = /[^A-Za-z0-9]+/g;
/**
 * Anything but ASCII. Labels of nothing else (most of them) skip NFKC and the Unicode property
 * classes, whose results over ASCII are known: NFKC leaves ASCII as it is and INVISIBLE holds none
 * of it. SpiderMonkey compiles each pattern in every frame anew, and NFKC's first call loads its
 * data: part of a Firefox page's first click() of its own (bench/reports/load-floor.md).
 */
export const NOT_ASCII = /[\u0080-\u{10FFFF}]/u;
/** The label as the lexicon is matched: NFKC, invisibles dropped, lower case. */
export const foldLabel = (ops: TextOps, label: string): string =>
  ops.search(label, NOT_ASCII) ? ops.lower(ops.replace(ops.normalize(label, 'NFKC'), INVISIBLE, '')) : ops.lower(label);

export type Lists = { words: readonly string[]; stems: readonly string[]; phrases: readonly string[]; inside: readonly string[] };

export type LexiconLists = Lists & {
  /**
   * Words and stems looked up word by word in null-prototype records, phrases filed under their
   * first word: as alternations they were the three largest regular expressions, and V8 compiles a
   * pattern it runs to machine code — 74 kB of the heap of every page whose own first click()
   * built the MAIN world's classifier (issue 13 §8, measured with a CDP heap snapshot:
   * `npm run bench:heap`). Words and stems holding a space (none today) are searched for anywhere
   * in the spaced label.
   */
  index: {
    /** Whole words. */
    words: Record<string, true>;
    /** Starts of words, under their first STEM_KEY code units. */
    stems: Record<string, readonly string[]>;
    /** Phrases, as ' phrase ', under their first word: looked for only where that word is. */
    phrases: Record<string, readonly string[]>;
    /** ' item ' (words holding a space) and ' item' (stems holding one): anywhere in the spaced label. */
    spaced: readonly string[];
    /** ' phrase ': taken out of the spaced label before it is matched (commit-lexicon.ts NOT_COMMITTING), where only `lead` words come before it. */
    exempt: readonly string[];
    lead: Record<string, true>;
  };
  /** Parts of unspaced scripts as one alternation, searched once over the folded label. Null for an empty list. */
  patterns: { inside: RegExp | null };
};

/** How many code units of a stem file it (the shortest stem has three letters). */
export const STEM_KEY = 3;

/**
 * A record without a prototype, made by literal syntax and read and written as plain properties:
 * no method a page could have replaced is called (`Object.create` would be looked up when the MAIN
 * world builds the classifier, at the page's first click()), and no inherited property answers.
 */
export const emptyRecord = <T>(): Record<string, T> => ({ __proto__: null }) as unknown as Record<string, T>;

/**
 * The index as plain data: what commit-index.ts computes from the lists, and what the generator writes
 * (commit-index.generated.ts) so that the MAIN world does not compute it at a page's first click():
 * that took 5–6 ms of the bench page's load in Chromium (cold code, NFKC's first call, the stems
 * filed one by one through captured built-ins; bench/reports/load-floor.md).
 */
export type Filed = readonly [key: string, items: readonly string[]];
export type MatcherData = {
  readonly words: readonly string[];
  readonly stems: readonly Filed[];
  readonly phrases: readonly Filed[];
  readonly spaced: readonly string[];
  readonly exempt: readonly string[];
  readonly lead: readonly string[];
  /** Parts of unspaced scripts as one alternation's source; null for none. */
  readonly inside: string | null;
};

/** Null-prototype records from the data: plain loops and property writes, nothing a page could patch. */
export function matcherFrom(ops: TextOps, data: MatcherData): Matcher {
  const flags = (items: readonly string[]) => {
    const record = emptyRecord<true>();
    for (let i = 0; i < items.length; i += 1) record[items[i]!] = true;
    return record;
  };
  const filed = (lists: readonly Filed[]) => {
    const record = emptyRecord<readonly string[]>();
    for (let i = 0; i < lists.length; i += 1) record[lists[i]![0]] = lists[i]![1];
    return record;
  };
  return {
    index: {
      words: flags(data.words),
      stems: filed(data.stems),
      phrases: filed(data.phrases),
      spaced: data.spaced,
      exempt: data.exempt,
      lead: flags(data.lead),
    },
    patterns: { inside: data.inside === null ? null : ops.regExp(data.inside, 'u') },
  };
}

/**
 * Whether a word of the spaced label is a listed word or starts with a listed stem, or the label
 * holds a phrase (`phrasesOnly`: only the last).
 */
function matchesByWord(ops: TextOps, spaced: string, index: LexiconLists['index'], phrasesOnly = false): boolean {
  // Word by word between the spaces (the spaced label starts and ends with one).
  for (let start = 1; start < spaced.length; ) {
    const end = ops.indexOf(spaced, ' ', start);
    if (end < 0) break;
    if (end > start) {
      const word = ops.slice(spaced, start, end);
      if (!phrasesOnly && index.words[word] === true) return true;
      const filed = phrasesOnly || end - start < STEM_KEY ? undefined : index.stems[ops.slice(word, 0, STEM_KEY)];
      if (filed !== undefined) for (let i = 0; i < filed.length; i += 1) if (ops.startsWith(word, filed[i]!)) return true;
      const phrases = index.phrases[word];
      if (phrases !== undefined) for (let i = 0; i < phrases.length; i += 1) if (ops.includes(spaced, phrases[i]!)) return true;
    }
    start = end + 1;
  }
  for (let i = 0; i < index.spaced.length; i += 1) if (ops.includes(spaced, index.spaced[i]!)) return true;
  return false;
}

/** What matching needs of the lists: the classifier keeps only this, not the lists themselves. */
export type Matcher = Pick<LexiconLists, 'index' | 'patterns'>;

/** Whether a folded label names a commitment: whole words, starts of words, phrases, parts of unspaced scripts. */
export function matchesLexicon(ops: TextOps, folded: string, lists: Matcher): boolean {
  const patterns = lists.patterns;
  // Words are what NOT_WORD separates; each run of separators becomes one space.
  let spaced = ` ${ops.replace(folded, ops.search(folded, NOT_ASCII) ? NOT_WORD : NOT_WORD_ASCII, ' ')} `;
  // A commitment phrase is matched before any exempt phrase is taken out: "Cancel order number 4471"
  // cancels an order, though "order number" alone names one (a review, Dec 6).
  if (matchesByWord(ops, spaced, lists.index, true)) return true;
  // An exempt phrase names a thing only where nothing but EXEMPT_LEAD's words comes before it.
  const { exempt, lead } = lists.index;
  for (let i = 0; i < exempt.length; i += 1) {
    for (let at = ops.indexOf(spaced, exempt[i]!, 0); at >= 0; at = ops.indexOf(spaced, exempt[i]!, at + 1)) {
      if (!onlyLead(ops, ops.slice(spaced, 0, at + 1), lead)) continue;
      spaced = `${ops.slice(spaced, 0, at)} ${ops.slice(spaced, at + exempt[i]!.length, spaced.length)}`;
    }
  }
  if (matchesByWord(ops, spaced, lists.index)) return true;
  return patterns.inside !== null && ops.search(folded, patterns.inside);
}

/** Whether every word of a spaced prefix (" view your ") is a lead word. */
function onlyLead(ops: TextOps, prefix: string, lead: Record<string, true>): boolean {
  for (let start = 1; start < prefix.length; ) {
    const end = ops.indexOf(prefix, ' ', start);
    if (end < 0) break;
    if (end > start && lead[ops.slice(prefix, start, end)] !== true) return false;
    start = end + 1;
  }
  return true;
}

/**
 * The ASCII characters whose prototype is other ASCII, as (pattern, prototype) pairs. Applied one
 * after another they act as one simultaneous mapping: no prototype holds a character mapped here.
 * Built when the module loads (before any page script, in the MAIN world), from generated data.
 */
const ASCII_RULES: { pattern: RegExp; by: string }[] = ASCII_PROTOTYPES.map((pair) => ({
  pattern: new RegExp(pair[0]!.replace(/[|\\^$.*+?()[\]{}]/gu, '\\$&'), 'gu'),
  by: pair.slice(1),
}));
/** Anything outside ASCII, and '%' (whose prototype leaves ASCII). */
const NOT_ASCII_FAST = /[^\x20-\x24\x26-\x7e\t\n\r]/u;

function applyAscii(ops: TextOps, text: string): string {
  let out = text;
  for (let r = 0; r < ASCII_RULES.length; r += 1) out = ops.replace(out, ASCII_RULES[r]!.pattern, ASCII_RULES[r]!.by);
  return out;
}

/**
 * The folded skeleton of a printable ASCII label without '%': NFD and the default-ignorables leave
 * it as it is, so the skeleton is the ASCII map applied, lowercased, applied again — what
 * foldedSkeletonWith computes, without the confusables table. Null for any other label.
 */
export function asciiFoldedSkeleton(ops: TextOps, label: string): string | null {
  if (ops.search(label, NOT_ASCII_FAST)) return null;
  return applyAscii(ops, ops.lower(applyAscii(ops, label)));
}

/**
 * A classifier over `ops`: the label and its skeleton against the lexicon and its skeletons. An
 * ASCII label (most of them) needs no confusables table; the table is built at the first other
 * label. A lookalike spelling commits the user just the same.
 */
export function commitmentClassifier(
  ops: TextOps,
  closedTable: () => Map<number, string> = () => closeConfusables(ops, decodeConfusables(ops)),
): { namesCommitment(label: string): boolean } {
  let plain: Matcher | undefined;
  let skeletons: Matcher | undefined;
  let closed: Map<number, string> | undefined;
  return {
    namesCommitment(label: string): boolean {
      plain ??= matcherFrom(ops, PLAIN_MATCHER());
      skeletons ??= matcherFrom(ops, SKELETON_MATCHER());
      if (matchesLexicon(ops, foldLabel(ops, label), plain!)) return true;
      let skeleton = asciiFoldedSkeleton(ops, label);
      if (skeleton === null) {
        closed ??= closedTable();
        skeleton = foldedSkeletonWith(ops, closed, label);
      }
      return matchesLexicon(ops, foldLabel(ops, skeleton), skeletons!);
    },
  };
}

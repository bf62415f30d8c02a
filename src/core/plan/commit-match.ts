import { INVISIBLE } from '../text/normalize';
import { closeConfusables, decodeConfusables, foldedSkeletonWith, type TextOps } from '../text/skeleton-ops';
import { EXEMPT_LEAD, NOT_COMMITTING } from './commit-lexicon';
import { ASCII_PROTOTYPES, SKELETON_INSIDE, SKELETON_PHRASES, SKELETON_STEMS, SKELETON_WORDS } from './commit-skeletons.generated';
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
 * Imports nothing but data (the lexicon's skeletons are generated at build time,
 * scripts/gen-commit-skeletons.ts) and skeleton-ops.ts, so the main world may bundle it
 * (test/unit/conventions.test.ts).
 */
/** Letters, combining marks (Devanagari vowel signs) and digits make words; anything else separates them. */
export const NOT_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
/** The label as the lexicon is matched: NFKC, invisibles dropped, lower case. */
export const foldLabel = (ops: TextOps, label: string): string => ops.lower(ops.replace(ops.normalize(label, 'NFKC'), INVISIBLE, ''));

type Lists = { words: readonly string[]; stems: readonly string[]; phrases: readonly string[]; inside: readonly string[] };

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
    stems: Record<string, string[]>;
    /** Phrases, as ' phrase ', under their first word: looked for only where that word is. */
    phrases: Record<string, string[]>;
    /** ' item ' (words holding a space) and ' item' (stems holding one): anywhere in the spaced label. */
    spaced: string[];
    /** ' phrase ': taken out of the spaced label before it is matched (commit-lexicon.ts NOT_COMMITTING), where only `lead` words come before it. */
    exempt: string[];
    lead: Record<string, true>;
  };
  /** Parts of unspaced scripts as one alternation, searched once over the folded label. Null for an empty list. */
  patterns: { inside: RegExp | null };
};

/** How many code units of a stem file it (the shortest stem has three letters). */
const STEM_KEY = 3;

/**
 * The characters escaped in an item: the syntax characters of a `u` pattern. Not '-', which is
 * special only inside a class and whose escape `\-` a `u` pattern refuses outside one.
 */
const META = '\\^$.*+?()[]{}|/';
/** Any character of META: items without one (all of today's lexicon) need no escaping. */
const HAS_META = /[\\^$.*+?()[\]{}|/]/u;

/** `items` as an alternation, each escaped; null when there are none. */
function alternation(ops: TextOps, items: readonly string[]): string | null {
  let source = '';
  for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    if (item === '') continue;
    // One search per item instead of two calls per character: in the MAIN world each call goes
    // through captured built-ins, and building the patterns at a page's first click() took ~2 ms.
    let escaped = item;
    if (ops.search(item, HAS_META)) {
      escaped = '';
      for (let at = 0; at < item.length; at += 1) {
        const unit = ops.slice(item, at, at + 1);
        escaped += ops.includes(META, unit) ? `\\${unit}` : unit;
      }
    }
    source += source === '' ? escaped : `|${escaped}`;
  }
  return source === '' ? null : `(?:${source})`;
}

/**
 * A record without a prototype, made by literal syntax and read and written as plain properties:
 * no method a page could have replaced is called (`Object.create` would be looked up when the MAIN
 * world builds the classifier, at the page's first click()), and no inherited property answers.
 */
const emptyRecord = <T>(): Record<string, T> => ({ __proto__: null }) as unknown as Record<string, T>;

function file(ops: TextOps, record: Record<string, string[]>, key: string, item: string): void {
  const filed = record[key];
  if (filed === undefined) record[key] = [item];
  else ops.append(filed, item);
}

/** Adds the lists' index and patterns; `exempt`: NOT_COMMITTING's phrases as this list's labels are folded. */
function indexed(ops: TextOps, lists: Lists, exempt: (phrase: string) => string): LexiconLists {
  const words = emptyRecord<true>();
  const stems = emptyRecord<string[]>();
  const spaced: string[] = [];
  for (let i = 0; i < lists.words.length; i += 1) {
    const item = lists.words[i]!;
    if (item === '') continue;
    if (ops.includes(item, ' ')) ops.append(spaced, ` ${item} `);
    else words[item] = true;
  }
  for (let i = 0; i < lists.stems.length; i += 1) {
    const item = lists.stems[i]!;
    if (item === '') continue;
    if (ops.includes(item, ' ') || item.length < STEM_KEY) ops.append(spaced, ` ${item}`);
    else file(ops, stems, ops.slice(item, 0, STEM_KEY), item);
  }
  const phrases = emptyRecord<string[]>();
  for (let i = 0; i < lists.phrases.length; i += 1) {
    const item = lists.phrases[i]!;
    if (item === '') continue;
    const space = ops.indexOf(item, ' ');
    if (space <= 0) ops.append(spaced, ` ${item} `);
    else file(ops, phrases, ops.slice(item, 0, space), ` ${item} `);
  }
  const inside = alternation(ops, lists.inside);
  const exempted: string[] = [];
  const phrasesExempt = ops.split(NOT_COMMITTING, BAR);
  for (let i = 0; i < phrasesExempt.length; i += 1) ops.append(exempted, ` ${ops.replace(exempt(phrasesExempt[i]!), NOT_WORD, ' ')} `);
  const lead = emptyRecord<true>();
  const leadWords = ops.split(EXEMPT_LEAD, BAR);
  for (let i = 0; i < leadWords.length; i += 1) lead[exempt(leadWords[i]!)] = true;
  return {
    ...lists,
    index: { words, stems, phrases, spaced, exempt: exempted, lead },
    patterns: { inside: inside === null ? null : ops.regExp(inside, 'u') },
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

/** The lexicon as listed, or each item passed through `key` (the skeletons). */
export function lexiconLists(ops: TextOps, key: (item: string) => string = (item) => item): LexiconLists {
  const each = (items: readonly string[]) => {
    const out: string[] = [];
    for (let i = 0; i < items.length; i += 1) ops.append(out, key(items[i]!));
    return out;
  };
  return indexed(
    ops,
    { words: each(COMMIT_WORDS), stems: each(COMMIT_STEMS), phrases: each(COMMIT_PHRASES), inside: each(COMMIT_INSIDE) },
    key,
  );
}

/** What matching needs of the lists: the classifier keeps only this, not the lists themselves. */
type Matcher = Pick<LexiconLists, 'index' | 'patterns'>;
const matcherOf = (lists: LexiconLists): Matcher => ({ index: lists.index, patterns: lists.patterns });

/** Whether a folded label names a commitment: whole words, starts of words, phrases, parts of unspaced scripts. */
export function matchesLexicon(ops: TextOps, folded: string, lists: Matcher): boolean {
  const patterns = lists.patterns;
  // Words are what NOT_WORD separates; each run of separators becomes one space.
  let spaced = ` ${ops.replace(folded, NOT_WORD, ' ')} `;
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

const BAR = /\|/gu;

/** The lexicon's skeletons as generated at build time (scripts/gen-commit-skeletons.ts). */
export function skeletonLists(ops: TextOps): LexiconLists {
  return indexed(
    ops,
    {
      words: ops.split(SKELETON_WORDS, BAR),
      stems: ops.split(SKELETON_STEMS, BAR),
      phrases: ops.split(SKELETON_PHRASES, BAR),
      inside: ops.split(SKELETON_INSIDE, BAR),
    },
    // NOT_COMMITTING is ASCII: its folded skeletons need no confusables table.
    (phrase) => foldLabel(ops, asciiFoldedSkeleton(ops, phrase) ?? phrase),
  );
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
      plain ??= matcherOf(lexiconLists(ops));
      skeletons ??= matcherOf(skeletonLists(ops));
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

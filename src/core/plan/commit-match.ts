import { INVISIBLE } from '../text/normalize';
import { closeConfusables, decodeConfusables, foldedSkeletonWith, type TextOps } from '../text/skeleton-ops';
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
   * The lists as one alternation each, searched once per label (the engine's regular-expression
   * compiler does the work of a trie): over ` word word ` for words, stems and phrases, over the
   * folded label for parts of unspaced scripts. Null for an empty list.
   */
  patterns: { words: RegExp | null; stems: RegExp | null; phrases: RegExp | null; inside: RegExp | null };
};

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

/** Adds the lists' patterns. */
function indexed(ops: TextOps, lists: Lists): LexiconLists {
  const words = alternation(ops, lists.words);
  const stems = alternation(ops, lists.stems);
  const phrases = alternation(ops, lists.phrases);
  const inside = alternation(ops, lists.inside);
  return {
    ...lists,
    patterns: {
      words: words === null ? null : ops.regExp(` ${words}(?= )`, 'u'),
      stems: stems === null ? null : ops.regExp(` ${stems}`, 'u'),
      phrases: phrases === null ? null : ops.regExp(` ${phrases}(?= )`, 'u'),
      inside: inside === null ? null : ops.regExp(inside, 'u'),
    },
  };
}

/** The lexicon as listed, or each item passed through `key` (the skeletons). */
export function lexiconLists(ops: TextOps, key: (item: string) => string = (item) => item): LexiconLists {
  const each = (items: readonly string[]) => {
    const out: string[] = [];
    for (let i = 0; i < items.length; i += 1) out[out.length] = key(items[i]!);
    return out;
  };
  return indexed(ops, {
    words: each(COMMIT_WORDS),
    stems: each(COMMIT_STEMS),
    phrases: each(COMMIT_PHRASES),
    inside: each(COMMIT_INSIDE),
  });
}

/** Whether a folded label names a commitment: whole words, starts of words, phrases, parts of unspaced scripts. */
export function matchesLexicon(ops: TextOps, folded: string, lists: LexiconLists): boolean {
  const patterns = lists.patterns;
  // Words are what NOT_WORD separates; each run of separators becomes one space.
  const spaced = ` ${ops.replace(folded, NOT_WORD, ' ')} `;
  if (patterns.words && ops.search(spaced, patterns.words)) return true;
  if (patterns.stems && ops.search(spaced, patterns.stems)) return true;
  if (patterns.phrases && ops.search(spaced, patterns.phrases)) return true;
  return patterns.inside !== null && ops.search(folded, patterns.inside);
}

const BAR = /\|/gu;

/** The lexicon's skeletons as generated at build time (scripts/gen-commit-skeletons.ts). */
export function skeletonLists(ops: TextOps): LexiconLists {
  return indexed(ops, {
    words: ops.split(SKELETON_WORDS, BAR),
    stems: ops.split(SKELETON_STEMS, BAR),
    phrases: ops.split(SKELETON_PHRASES, BAR),
    inside: ops.split(SKELETON_INSIDE, BAR),
  });
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
  let plain: LexiconLists | undefined;
  let skeletons: LexiconLists | undefined;
  let closed: Map<number, string> | undefined;
  return {
    namesCommitment(label: string): boolean {
      plain ??= lexiconLists(ops);
      skeletons ??= skeletonLists(ops);
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

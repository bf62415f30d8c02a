import { foldedSkeleton } from '../text/confusables';
import { NATIVE_OPS, type TextOps } from '../text/skeleton-ops';
import { EXEMPT_LEAD, NOT_COMMITTING } from './commit-lexicon';
import {
  asciiFoldedSkeleton,
  emptyRecord,
  type Filed,
  foldLabel,
  type LexiconLists,
  type Lists,
  type MatcherData,
  matcherFrom,
  NOT_WORD,
  STEM_KEY,
} from './commit-match';
import { COMMIT_INSIDE, COMMIT_PHRASES, COMMIT_STEMS, COMMIT_WORDS } from './commit-words';

/**
 * The commitment lexicon indexed for matching (commit-match.ts), computed from the lists. Run at
 * build time (scripts/gen-commit-index.ts writes commit-index.generated.ts, which is what the
 * classifier reads, in the core and the MAIN world alike) and by the tests that keep the two in step.
 */

const BAR = /\|/gu;

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
    // One search per item instead of two calls per character.
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

/** Files `item` under `key` in `filed` (keys in first-seen order). */
function file(ops: TextOps, filed: Filed[], at: Record<string, string[]>, key: string, item: string): void {
  const list = at[key];
  if (list !== undefined) {
    if (!list.includes(item)) ops.append(list, item);
  } else {
    const fresh = [item];
    at[key] = fresh;
    ops.append(filed, [key, fresh]);
  }
}

/** The lists' index as data; `exempt`: NOT_COMMITTING's phrases as this list's labels are folded. */
export function matcherData(ops: TextOps, lists: Lists, exempt: (phrase: string) => string): MatcherData {
  const words: string[] = [];
  const stems: Filed[] = [];
  const stemsAt = emptyRecord<string[]>();
  const spaced: string[] = [];
  for (let i = 0; i < lists.words.length; i += 1) {
    const item = lists.words[i]!;
    if (item === '') continue;
    if (ops.includes(item, ' ')) ops.append(spaced, ` ${item} `);
    else if (!words.includes(item)) ops.append(words, item);
  }
  for (let i = 0; i < lists.stems.length; i += 1) {
    const item = lists.stems[i]!;
    if (item === '') continue;
    if (ops.includes(item, ' ') || item.length < STEM_KEY) ops.append(spaced, ` ${item}`);
    else file(ops, stems, stemsAt, ops.slice(item, 0, STEM_KEY), item);
  }
  const phrases: Filed[] = [];
  const phrasesAt = emptyRecord<string[]>();
  for (let i = 0; i < lists.phrases.length; i += 1) {
    const item = lists.phrases[i]!;
    if (item === '') continue;
    const space = ops.indexOf(item, ' ');
    if (space <= 0) ops.append(spaced, ` ${item} `);
    else file(ops, phrases, phrasesAt, ops.slice(item, 0, space), ` ${item} `);
  }
  const exempted: string[] = [];
  const phrasesExempt = ops.split(NOT_COMMITTING, BAR);
  for (let i = 0; i < phrasesExempt.length; i += 1) ops.append(exempted, ` ${ops.replace(exempt(phrasesExempt[i]!), NOT_WORD, ' ')} `);
  const lead: string[] = [];
  const leadWords = ops.split(EXEMPT_LEAD, BAR);
  for (let i = 0; i < leadWords.length; i += 1) ops.append(lead, exempt(leadWords[i]!));
  return { words, stems, phrases, spaced, exempt: exempted, lead, inside: alternation(ops, lists.inside) };
}

/** The lists with their index, built now. */
function indexed(ops: TextOps, lists: Lists, exempt: (phrase: string) => string): LexiconLists {
  return { ...lists, ...matcherFrom(ops, matcherData(ops, lists, exempt)) };
}

/** The lexicon's lists as listed, or each item passed through `key` (the skeletons). */
export function plainLists(key: (item: string) => string = (item) => item): Lists {
  const each = (items: readonly string[]) => items.map(key);
  return { words: each(COMMIT_WORDS), stems: each(COMMIT_STEMS), phrases: each(COMMIT_PHRASES), inside: each(COMMIT_INSIDE) };
}

/** The lexicon's lists and their index, built now: each item passed through `key`, and NOT_COMMITTING's phrases too. */
export function lexiconLists(ops: TextOps, key: (item: string) => string = (item) => item): LexiconLists {
  return indexed(ops, plainLists(key), key);
}

/** A lexicon item's folded UTS #39 skeleton, as a label's is matched (commit-match.ts). */
const skeletonKey = (item: string) => foldLabel(NATIVE_OPS, foldedSkeleton(item));
/** NOT_COMMITTING is ASCII: its folded skeletons need no confusables table. */
const skeletonExempt = (phrase: string) => foldLabel(NATIVE_OPS, asciiFoldedSkeleton(NATIVE_OPS, phrase) ?? phrase);

/** The lexicon's skeletons and their index, built now. */
export function skeletonLists(ops: TextOps): LexiconLists {
  return indexed(ops, plainLists(skeletonKey), skeletonExempt);
}

/** What the generator writes: the index of the lexicon, and of its skeletons. */
export function lexiconData(): { plain: MatcherData; skeletons: MatcherData } {
  return {
    plain: matcherData(NATIVE_OPS, plainLists(), (phrase) => phrase),
    skeletons: matcherData(NATIVE_OPS, plainLists(skeletonKey), skeletonExempt),
  };
}

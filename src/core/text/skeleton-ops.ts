import { confusablesTable } from './data/confusables.generated';

/**
 * UTS #39 skeletons over string operations passed in (`ops`): the core passes the engine's own
 * methods (NATIVE_OPS); the MAIN world passes methods it captured before any page script ran, so a
 * page that patches `String.prototype.normalize` or `Map.prototype.get` cannot change a skeleton.
 * No iterator protocol and no method looked up on a value at run time. Imports nothing but data,
 * so the main world may bundle it (test/unit/conventions.test.ts); confusables.ts is built on it.
 */
export type TextOps = {
  normalize(s: string, form: 'NFD' | 'NFKC'): string;
  lower(s: string): string;
  /** String.prototype.replace with a global RegExp and a literal. */
  replace(s: string, pattern: RegExp, by: string): string;
  split(s: string, pattern: RegExp): string[];
  regExp(source: string, flags: string): RegExp;
  /** Whether `pattern` matches somewhere in `s`. */
  search(s: string, pattern: RegExp): boolean;
  startsWith(s: string, part: string): boolean;
  includes(s: string, part: string): boolean;
  /** From `from` on (0 if left out). */
  indexOf(s: string, part: string, from?: number): number;
  slice(s: string, start: number, end?: number): string;
  codePointAt(s: string, at: number): number | undefined;
  fromCodePoint(codePoint: number): string;
  parseInt(s: string, radix: number): number;
  mapGet(map: Map<number, string>, key: number): string | undefined;
  mapSet(map: Map<number, string>, key: number, value: string): void;
  newMap(): Map<number, string>;
  /**
   * Adds `item` at the end of `list` by defining it: `list[list.length] = item` and `push` call a
   * setter a page put on an index of Array.prototype or Object.prototype (it swallowed lexicon
   * items, so the MAIN world took "Commander" for a harmless label: a review, Dec 5).
   */
  append<T>(list: T[], item: T): void;
};

export const NATIVE_OPS: TextOps = Object.freeze({
  normalize: (s: string, form: 'NFD' | 'NFKC') => s.normalize(form),
  lower: (s: string) => s.toLowerCase(),
  replace: (s: string, pattern: RegExp, by: string) => s.replace(pattern, by),
  split: (s: string, pattern: RegExp) => s.split(pattern),
  search: (s: string, pattern: RegExp) => s.search(pattern) >= 0,
  regExp: (source: string, flags: string) => new RegExp(source, flags),
  startsWith: (s: string, part: string) => s.startsWith(part),
  includes: (s: string, part: string) => s.includes(part),
  indexOf: (s: string, part: string, from?: number) => s.indexOf(part, from),
  slice: (s: string, start: number, end?: number) => s.slice(start, end),
  codePointAt: (s: string, at: number) => s.codePointAt(at),
  fromCodePoint: (codePoint: number) => String.fromCodePoint(codePoint),
  parseInt: (s: string, radix: number) => Number.parseInt(s, radix),
  mapGet: (map: Map<number, string>, key: number) => map.get(key),
  mapSet: (map: Map<number, string>, key: number, value: string) => void map.set(key, value),
  newMap: () => new Map<number, string>(),
  append: <T>(list: T[], item: T) =>
    void Object.defineProperty(list, list.length, { value: item, writable: true, enumerable: true, configurable: true }),
});

/** UTS #39 section 4 removes these before mapping. */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const COMMA = /,/gu;
const DOT = /\./gu;

/** The UTS #39 prototypes (confusables.txt), decoded (format: scripts/gen-confusables.ts). */
export function decodeConfusables(ops: TextOps): { table: Map<number, string>; sources: number[] } {
  const table = ops.newMap();
  const sources: number[] = [];
  const records = ops.split(confusablesTable(), COMMA);
  let source = 0;
  for (let r = 0; r < records.length; r += 1) {
    const record = records[r]!;
    const colon = ops.indexOf(record, ':');
    const head = ops.slice(record, 0, colon);
    const star = ops.indexOf(head, '*');
    const delta = ops.parseInt(star < 0 ? head : ops.slice(head, 0, star), 36);
    const length = star < 0 ? 1 : ops.parseInt(ops.slice(head, star + 1), 36);
    const parts = ops.split(ops.slice(record, colon + 1), DOT);
    source += delta;
    for (let i = 0; i < length; i += 1) {
      let prototype = '';
      if (length === 1) for (let p = 0; p < parts.length; p += 1) prototype += ops.fromCodePoint(ops.parseInt(parts[p]!, 36));
      else prototype = ops.fromCodePoint(ops.parseInt(parts[0]!, 36) + i);
      ops.mapSet(table, source + i, prototype);
      ops.append(sources, source + i);
    }
    source += length - 1;
  }
  return { table, sources };
}

/** One pass: NFD, default-ignorables dropped, each code point replaced by its prototype, NFD. */
export function mapOnce(ops: TextOps, table: Map<number, string>, text: string): string {
  const decomposed = ops.replace(ops.normalize(text, 'NFD'), DEFAULT_IGNORABLE, '');
  let out = '';
  for (let at = 0; at < decomposed.length; ) {
    const code = ops.codePointAt(decomposed, at)!;
    const width = code > 0xffff ? 2 : 1;
    out += ops.mapGet(table, code) ?? ops.slice(decomposed, at, at + width);
    at += width;
  }
  return ops.normalize(out, 'NFD');
}

/**
 * The prototypes closed under the mapping, once (thirteen listed prototypes are not in NFD, so a
 * single pass would not be idempotent): skeleton(skeleton(x)) = skeleton(x).
 */
export function closeConfusables(ops: TextOps, listed: { table: Map<number, string>; sources: number[] }): Map<number, string> {
  const closed = ops.newMap();
  for (let s = 0; s < listed.sources.length; s += 1) ops.mapSet(closed, listed.sources[s]!, ops.mapGet(listed.table, listed.sources[s]!)!);
  for (let s = 0; s < listed.sources.length; s += 1) {
    const code = listed.sources[s]!;
    let value = ops.mapGet(closed, code)!;
    for (let next = mapOnce(ops, closed, value); next !== value; next = mapOnce(ops, closed, value)) value = next;
    ops.mapSet(closed, code, value);
  }
  return closed;
}

/** The skeleton for case-insensitive comparison (see core/text/confusables.ts foldedSkeleton). */
export const foldedSkeletonWith = (ops: TextOps, closed: Map<number, string>, text: string): string =>
  mapOnce(ops, closed, ops.lower(mapOnce(ops, closed, text)));

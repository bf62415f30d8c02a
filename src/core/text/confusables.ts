import { CONFUSABLES_TABLE } from './data/confusables.generated';

/**
 * UTS #39 section 4 removes these before mapping; the data no longer lists them (it used to map
 * them to nothing). `\p{DI}` comes from the engine's own Unicode tables, which is acceptable
 * because Default_Ignorable_Code_Point is stable for assigned characters.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

let listed: Map<number, string> | undefined;
let closed: Map<number, string> | undefined;

/** The prototypes as confusables.txt lists them, decoded once on first use (format: scripts/gen-confusables.ts). */
function listedTable(): Map<number, string> {
  if (listed !== undefined) return listed;
  listed = new Map<number, string>();
  let source = 0;
  for (const record of CONFUSABLES_TABLE.split(',')) {
    const colon = record.indexOf(':');
    const [delta, run = '1'] = record.slice(0, colon).split('*');
    const prototype = record
      .slice(colon + 1)
      .split('.')
      .map((cp) => Number.parseInt(cp, 36));
    source += Number.parseInt(delta!, 36);
    const length = Number.parseInt(run, 36);
    for (let i = 0; i < length; i += 1) {
      listed.set(source + i, String.fromCodePoint(...(length === 1 ? prototype : [prototype[0]! + i])));
    }
    source += length - 1;
  }
  return listed;
}

/**
 * The prototypes skeleton() substitutes. Thirteen listed prototypes are not in NFD (U+01C4 maps to
 * D + precomposed Z-caron, and the caron maps on to a breve), so a single pass is not idempotent.
 * Closing every prototype under the mapping, once, makes skeleton(skeleton(x)) = skeleton(x) and
 * keeps the confusable relation transitive.
 */
function table(): Map<number, string> {
  if (closed !== undefined) return closed;
  const map = new Map(listedTable());
  for (const [code, prototype] of map) {
    let value = prototype;
    for (let next = mapOnce(map, value); next !== value; next = mapOnce(map, value)) value = next;
    map.set(code, value);
  }
  closed = map;
  return map;
}

function mapOnce(map: Map<number, string>, text: string): string {
  let out = '';
  for (const char of text.normalize('NFD').replace(DEFAULT_IGNORABLE, '')) out += map.get(char.codePointAt(0)!) ?? char;
  return out.normalize('NFD');
}

/** The prototype confusables.txt lists for one code point, or undefined when it is its own prototype. */
export function prototypeOf(codePoint: number): string | undefined {
  return listedTable().get(codePoint);
}

/**
 * UTS #39 skeleton: NFD, drop default-ignorables, replace each code point by its prototype, NFD
 * again (prototypes closed as noted in table()). Only for comparing; a skeleton is a jumble of
 * scripts and never shown to anyone.
 */
export function skeleton(text: string): string {
  return mapOnce(table(), text);
}

/** UTS #39: two strings are confusable when their skeletons are identical (identical strings included). */
export function confusable(a: string, b: string): boolean {
  return skeleton(a) === skeleton(b);
}

/**
 * A skeleton for case-insensitive settings (hostnames, labels compared after lowercasing): the
 * UTS #39 data is case-sensitive, mapping `0` to `O` and `I` to `l`, so once one side has been
 * lowercased the pair would no longer meet. Lowercasing the skeleton and taking it again gives
 * one canonical key per case-insensitive lookalike class.
 */
export function foldedSkeleton(text: string): string {
  return skeleton(skeleton(text).toLowerCase());
}

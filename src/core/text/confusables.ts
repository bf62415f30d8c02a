import { closeConfusables, decodeConfusables, mapOnce, NATIVE_OPS } from './skeleton-ops';

let listed: Map<number, string> | undefined;
let closed: Map<number, string> | undefined;

/** The prototypes as confusables.txt lists them, decoded once on first use (skeleton-ops.ts). */
function listedTable(): Map<number, string> {
  listed ??= decodeConfusables(NATIVE_OPS).table;
  return listed;
}

/** The prototypes skeleton() substitutes, closed under the mapping (skeleton-ops.ts closeConfusables). */
export function closedConfusables(): Map<number, string> {
  closed ??= closeConfusables(NATIVE_OPS, decodeConfusables(NATIVE_OPS));
  return closed;
}

/** The prototype confusables.txt lists for one code point, or undefined when it is its own prototype. */
export function prototypeOf(codePoint: number): string | undefined {
  return listedTable().get(codePoint);
}

/**
 * UTS #39 skeleton: NFD, drop default-ignorables, replace each code point by its prototype, NFD
 * again (prototypes closed: closedConfusables()). Only for comparing; a skeleton is a jumble of
 * scripts and never shown to anyone.
 */
export function skeleton(text: string): string {
  return mapOnce(NATIVE_OPS, closedConfusables(), text);
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

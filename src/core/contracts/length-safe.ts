import { z } from 'zod';

/**
 * zod (4.6.7) runs its length checks (`.max()`, `.min()`, `.length()`) on any value that has a
 * `length`, even one its type check already refused, and compares that length with a number: an
 * object there whose `toString` and `valueOf` are not functions makes the parse throw instead of
 * fail ({ digest: { length: { toString: "…" } } }, found by test/unit/message-path.test.ts with
 * seed 1569649222, Dec 6). A message that holds such a value, at any depth, is refused before zod
 * sees it: it cannot be one of ours.
 */
export function lengthSafe<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (exoticLength(value, 0) ? undefined : value), schema);
}

const MAX_DEPTH = 64;

/** Whether a value holds an object (not an array) whose own `length` is not a number; too deep counts as one. */
function exoticLength(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (!Array.isArray(value) && Object.hasOwn(value, 'length') && typeof Reflect.get(value, 'length') !== 'number') return true;
  for (const key of Object.keys(value)) if (exoticLength(Reflect.get(value, key), depth + 1)) return true;
  return false;
}

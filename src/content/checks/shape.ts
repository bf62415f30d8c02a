/**
 * Hand-written shape checks for what a frame receives (issue 13 §1): the frames carry no schema
 * library. Each check is at least as strict as the zod schema the background validates the same
 * message with (src/messages/), which a unit test holds them to (test/unit/frame-checks.test.ts).
 * Anything that does not fit is dropped: nothing runs on a message that failed its check.
 */
export type Check = ((value: unknown) => boolean) & { optional?: true };

/**
 * A plain object of any realm, what structured cloning and JSON.parse make: in Firefox, what the
 * page posts on its port arrives with the page's Object.prototype, not the content script's.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return true;
  return Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]';
}

/** An object with exactly the keys of `shape` (optional ones may be missing or undefined), each passing its check. */
export function strict(value: unknown, shape: Readonly<Record<string, Check>>): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  for (const key of Object.keys(value)) if (!Object.hasOwn(shape, key)) return false;
  for (const key of Object.keys(shape)) {
    const check = shape[key]!;
    const item = Object.hasOwn(value, key) ? value[key] : undefined;
    if (item === undefined ? !check.optional : !check(item)) return false;
  }
  return true;
}

export const optional = (check: (value: unknown) => boolean): Check =>
  Object.assign((value: unknown) => check(value), { optional: true as const });

export const string =
  (max: number, min = 0): Check =>
  (value) =>
    typeof value === 'string' && value.length >= min && value.length <= max;

export const anyString: Check = (value) => typeof value === 'string';
export const boolean: Check = (value) => typeof value === 'boolean';
export const finite: Check = (value) => typeof value === 'number' && Number.isFinite(value);
export const nonNegative: Check = (value) => finite(value) && (value as number) >= 0;
export const literal =
  (expected: string): Check =>
  (value) =>
    value === expected;
export const oneOf =
  (values: readonly string[]): Check =>
  (value) =>
    typeof value === 'string' && values.includes(value);
export const matches =
  (pattern: RegExp): Check =>
  (value) =>
    typeof value === 'string' && pattern.test(value);
export const unknown: Check = Object.assign(() => true, { optional: true as const });

/** An array of at most `max` items, each passing `item`. */
export const arrayOf =
  (item: Check, max = Number.POSITIVE_INFINITY): Check =>
  (value) =>
    Array.isArray(value) && value.length <= max && value.every((entry) => item(entry));

/** Picks the shape by the discriminating key, as zod's discriminatedUnion does. */
export function union<T>(value: unknown, key: string, shapes: Readonly<Record<string, Readonly<Record<string, Check>>>>): T | null {
  if (!isRecord(value)) return null;
  const tag = value[key];
  if (typeof tag !== 'string' || !Object.hasOwn(shapes, tag)) return null;
  return strict(value, shapes[tag]!) ? (value as T) : null;
}

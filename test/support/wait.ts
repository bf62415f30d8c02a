type Found<T> = Exclude<T, undefined | null | false>;
export type WaitOptions = { timeout?: number; every?: number };

/**
 * The one way a test waits for something the browser does in its own time: `probe` is asked every
 * `every` ms until it returns a value other than `undefined`, `null` or `false`, which is returned.
 * Past `timeout` it throws, naming what was awaited and the last value seen, so a timeout reads as a
 * finding instead of a later `expected null to …`.
 *
 * Waiting for something *not* to happen is not this: those tests `sleep` a fixed time and assert
 * absence, and say so where they do.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, options: WaitOptions = {}): Promise<Found<T>> {
  const seen = await poll(probe, options);
  if (seen.found) return seen.value;
  throw new Error(`waited ${options.timeout ?? DEFAULT_TIMEOUT} ms for ${what}; last seen: ${String(seen.last)}`);
}

/**
 * `waitFor` for a test where running out of time is itself an answer (e.g. "no verdict yet, so the
 * user is being asked"): `undefined` past `timeout` instead of a throw.
 */
export async function waitOrTimeout<T>(probe: () => T | Promise<T>, options: WaitOptions = {}): Promise<Found<T> | undefined> {
  const seen = await poll(probe, options);
  return seen.found ? seen.value : undefined;
}

const DEFAULT_TIMEOUT = 10_000;

async function poll<T>(
  probe: () => T | Promise<T>,
  { timeout = DEFAULT_TIMEOUT, every = 100 }: WaitOptions,
): Promise<{ found: true; value: Found<T> } | { found: false; last: T }> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const last = await probe();
    if (last !== undefined && last !== null && last !== false) return { found: true, value: last as Found<T> };
    if (Date.now() >= deadline) return { found: false, last };
    await sleep(every);
  }
}

/** A fixed pause, for tests that show something does *not* happen within it. */
export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

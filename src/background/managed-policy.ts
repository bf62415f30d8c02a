import browser from 'webextension-polyfill';
import { type CachedManaged, type Managed, readManagedCopy, writeManagedCopy } from './managed-cache';

/**
 * The administrator's keys for the policy store. The browser's answer (storage.managed) is the
 * truth. Until it has come once in this background's life, the sealed copy of the last answer
 * (managed-cache.ts) may stand in for it, whichever of the two is ready first: after a browser
 * start Chromium answers only ~5 s later, and the first decisions need not wait for that. Without
 * a copy that verifies, they wait, as before. When the answer comes it replaces the copy (sealed
 * again if it differs) and `replaced` tells the policy store to drop what it decided with.
 */
export type ManagedKeys = {
  managed: Managed;
  /** 'copy': the last answer, sealed, standing in until `replaced` settles with the browser's own. */
  from: 'browser' | 'copy';
  replaced: Promise<unknown> | null;
};

/** The browser's answer for the managed area as it is now; null once storage.onChanged says it changed. */
let answer: Promise<Managed> | null = null;
/** Whether the browser has answered once since this background started: the copy is for before that only. */
let answered = false;
/** The copy, read once per background (it can only be older than any answer since). */
let copy: Promise<CachedManaged | null> | null = null;

export async function managedKeys(): Promise<ManagedKeys> {
  const real = browserAnswer();
  if (answered) return { managed: await real, from: 'browser', replaced: null };
  copy ??= readManagedCopy();
  const fromBrowser = real.then((managed): ManagedKeys => ({ managed, from: 'browser', replaced: null }));
  const fromCopy = copy.then((sealed): ManagedKeys | Promise<ManagedKeys> =>
    sealed === null ? fromBrowser : { managed: sealed.managed, from: 'copy', replaced: real },
  );
  return Promise.race([fromBrowser, fromCopy]);
}

/**
 * storage.onChanged reported a change of the managed area: the browser is asked again at once (an
 * answer still on its way may predate the change, so it is not kept). Chromium reports one right
 * after a start, when its policy service first loads the administrator's policy.
 */
export function forgetManagedAnswer(): void {
  answer = null;
  void browserAnswer();
}

function browserAnswer(): Promise<Managed> {
  if (answer !== null) return answer;
  const reading = readManaged().then(async (managed) => {
    // An answer overtaken by a change (storage.onChanged) is neither kept nor sealed.
    if (answer === reading) {
      answered = true;
      void keepCopy(managed);
    }
    return managed;
  });
  answer = reading;
  return reading;
}

let keeping: Promise<void> = Promise.resolve();

/**
 * Seals the browser's answer as the copy the next background starts with, unless it already is.
 * One at a time, in the order the answers came, so the copy kept is the last answer.
 */
function keepCopy(managed: Managed): Promise<void> {
  keeping = keeping.then(async () => {
    const json = JSON.stringify(managed);
    if ((await (copy ?? readManagedCopy()))?.json === json) return;
    try {
      await writeManagedCopy(managed);
      copy = Promise.resolve({ managed, json });
    } catch (error) {
      console.warn('Warrant: the managed-policy copy was not kept.', error);
    }
  });
  return keeping;
}

/**
 * Chromium answers {} when no administrator set anything. Firefox rejects when no policy or native
 * manifest provides managed storage for Warrant: that is "nothing managed", not a failure, and is
 * what decisions use once it is known, so it is sealed as the copy like any answer ({}).
 */
async function readManaged(): Promise<Managed> {
  try {
    const managed: unknown = await browser.storage.managed.get();
    return managed !== null && typeof managed === 'object' ? (managed as Managed) : {};
  } catch {
    return {};
  }
}

import type { AllowMessage } from '../messages/page-bridge';

/** The page API answers at once; a frame without it has no guard to pass, so waiting ends anyway. */
const ANSWER_MS = 500;

const waiting = new Map<string, () => void>();
let counter = 0;

/**
 * Tells the MAIN-world guards what Warrant itself is about to do (click this element, go to this
 * URL), and waits until they have taken it: the isolated world's click and navigation are seen
 * there as untrusted, like a page script's.
 */
export function announce(post: ((message: AllowMessage) => void) | null, allowance: { selector?: string; url?: string }): Promise<void> {
  if (post === null) return Promise.resolve();
  counter += 1;
  const id = `allow-${counter}`;
  return new Promise((resolve) => {
    const done = () => {
      waiting.delete(id);
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, ANSWER_MS);
    waiting.set(id, done);
    post({ kind: 'allow', id, ...allowance });
  });
}

export function onAllowed(id: string): void {
  waiting.get(id)?.();
}

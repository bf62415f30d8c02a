/**
 * The extension runtime as a frame uses it, without webextension-polyfill (29 kB in every frame):
 * Firefox's `browser` and Chromium's MV3 `chrome` both return promises from sendMessage, and both
 * keep a reply channel open for a listener that returns true and answers through `respond`.
 */
type Sender = { id?: string; tab?: unknown };
type Listener = (message: unknown, sender: Sender, respond: (answer: unknown) => void) => boolean | undefined;
type Runtime = { id: string; sendMessage(message: unknown): Promise<unknown>; onMessage: { addListener(listener: Listener): void } };

// By build target: Chromium before 148 has no `browser` here, and `globalThis.browser` is then the
// page's element with id="browser" (a review, Dec 7).
const runtime = (
  __TARGET__ === 'firefox'
    ? (globalThis as { browser?: { runtime: Runtime } }).browser
    : (globalThis as { chrome?: { runtime: Runtime } }).chrome
)!.runtime;

export function sendToBackground(message: unknown): Promise<unknown> {
  try {
    return Promise.resolve(runtime.sendMessage(message));
  } catch (error) {
    // A context whose extension was reloaded or removed throws at once.
    return Promise.reject(error);
  }
}

/**
 * Answers what this extension's background (never a tab) sends: `handle` returns the answer's
 * promise, or undefined for a message it does not take. A rejected answer is no answer (undefined).
 */
export function onBackgroundMessage(handle: (message: unknown) => Promise<unknown> | undefined): void {
  runtime.onMessage.addListener((message, sender, respond) => {
    if (sender.id !== runtime.id || sender.tab !== undefined) return undefined;
    const answer = handle(message);
    if (answer === undefined) return undefined;
    answer.then(respond, () => respond(undefined));
    return true;
  });
}

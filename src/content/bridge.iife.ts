/**
 * Isolated world of every frame, at document_start, before the MAIN-world page API (manifest
 * order). Kept tiny, because every frame of every page waits for it: it takes the page API's
 * private port during the page API's synchronous handshake, asks for this site's interception mode,
 * and keeps the port for the bridge (bridge.ts), which it imports only when it is needed: at the
 * page API's first message, or at the background's first frame chain request.
 */
import { FRAME_NONCE_PREFIX } from '../messages/frame-nonce';
import { HANDSHAKE_EVENT, SITE_MODE_GLOBAL, SITE_MODE_QUERY, SITE_MODE_READY, SITE_MODES } from '../messages/handshake';
import { PORT_KEEPER, type PortKeeper, QUEUE_LIMIT } from './port-keeper';
import { navigationSource, SUBMITS_NOTHING_PROBE, submissionNavigation, submitsNothingAbove } from './submission-navigation';

const keeper: PortKeeper = { port: null, queue: [], deliver: null };
(globalThis as Record<string, unknown>)[PORT_KEEPER] = keeper;
// First of all the window's capturing scroll listeners: a page's own cannot stop it (watch.ts).
window.addEventListener('scroll', (event) => keeper.scrolled?.(event), { capture: true, passive: true });
// And of its submit listeners: a submission Warrant's action starts uncertified is stopped
// (only-submitting.ts), here or in a same-origin frame above (submission-navigation.ts).
window.addEventListener(
  'submit',
  (event) => {
    if (keeper.submitted) keeper.submitted(event);
    else if (event.isTrusted && submitsNothingAbove((event as SubmitEvent).submitter ?? (event.target as Element))) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
  },
  true,
);
// The first of the Navigation API's listeners: a submission's navigation of this frame, from a form
// in whatever tree or document, while an action here or above allows none (only-submitting.ts).
(window as { navigation?: EventTarget }).navigation?.addEventListener('navigate', (event) => {
  if (keeper.navigating) keeper.navigating(event);
  else if (submissionNavigation(event) && event.cancelable && submitsNothingAbove(navigationSource(event))) event.preventDefault();
});
// A frame below asks whether an action here, or above, allows no submission now.
window.addEventListener(
  SUBMITS_NOTHING_PROBE,
  (event) => {
    event.stopImmediatePropagation();
    const source = (event as MouseEvent).relatedTarget as Element | null;
    // A throw answers "forbidden": the frame below then stops its submission (a review, Dec 7).
    try {
      if (keeper.forbids?.(source) || submitsNothingAbove(source)) event.preventDefault();
    } catch {
      event.preventDefault();
    }
  },
  true,
);

type Listener = (message: unknown, sender: { id?: string; tab?: unknown }, respond: (answer: unknown) => void) => boolean | undefined;
type Runtime = {
  id: string;
  getURL(path: string): string;
  sendMessage(message: unknown): Promise<unknown>;
  onMessage: { addListener(listener: Listener): void };
};
/**
 * The extension API by build target (src/target.d.ts): Chromium before 148 has no `browser` in a
 * content script, and there `globalThis.browser` can be the page's element with id="browser" (a
 * review, Dec 7). Touched at document_start: deferring it a task in Firefox, where a content
 * script's API is built at its first use, moved the page's first script 4 ms sooner (not told
 * apart from the spread) and left a window in which a frame's parent could not answer for it.
 */
const runtime = (
  __TARGET__ === 'firefox'
    ? (globalThis as { browser?: { runtime: Runtime } }).browser
    : (globalThis as { chrome?: { runtime: Runtime } }).chrome
)?.runtime;

const MODES: readonly string[] = SITE_MODES;
const scope = globalThis as Record<string, unknown>;
/** The background's answer for this frame, once it came; it overrides the registered script's mode. */
let answered: string | null = null;

/** The mode this world holds for the site: the background's answer, else its document_start script's. */
function siteMode(): string | null {
  if (answered !== null) return answered;
  const registered = scope[SITE_MODE_GLOBAL];
  return typeof registered === 'string' && MODES.includes(registered) ? registered : null;
}

/** The site's mode, from the policy, for the MAIN-world interceptor; without an answer its default stays. */
function deliverInterceptionMode(port: MessagePort): void {
  runtime
    ?.sendMessage({ kind: 'interception:mode' })
    .then((mode) => {
      // Only one of the modes, which are strings, passes.
      if (!MODES.includes(mode as string)) return;
      answered = mode as string;
      port.postMessage({ kind: 'interception-mode', mode });
    })
    .catch(() => undefined);
}

/** Answers the page API's synchronous questions on the secret types its handshake named (handshake.ts). */
function answerSiteMode(type: string): void {
  for (const mode of MODES) {
    window.addEventListener(
      `${type}${mode}`,
      (event) => {
        event.stopImmediatePropagation();
        if (siteMode() === mode) event.preventDefault();
      },
      true,
    );
  }
  // The registered script may run after the handshake (its order among document_start scripts is
  // the browser's): it calls this, still before any page script.
  scope[SITE_MODE_READY] = () => window.dispatchEvent(new Event(`${type}ready`));
}

function onHandshake(event: Event): void {
  // Only the first handshake counts: it happens synchronously before any page script runs.
  window.removeEventListener(HANDSHAKE_EVENT, onHandshake, true);
  const port = event instanceof MessageEvent ? event.ports[0] : undefined;
  if (!port || keeper.port) return;
  event.stopImmediatePropagation();
  event.preventDefault();
  keeper.port = port;
  const type: unknown = (event as MessageEvent).data;
  if (typeof type === 'string' && type.startsWith(SITE_MODE_QUERY) && type.length <= 64) answerSiteMode(type);
  port.onmessage = (message) => {
    if (keeper.deliver) keeper.deliver(message.data);
    else {
      if (keeper.queue.length < QUEUE_LIMIT) keeper.queue.push(message.data);
      keeper.wake?.();
    }
  };
  deliverInterceptionMode(port);
}
window.addEventListener(HANDSHAKE_EVENT, onHandshake, true);

/**
 * The bridge's module, as built: the build writes its path over the placeholder below
 * (vite.config.ts, keeperLoadsBridge) and fails if it is missing, so a build never ships a keeper
 * that loads nothing. Written as `chrome.runtime.getURL("…")` with the path in place, the shape
 * web-ext lint accepts for a dynamic import (it refuses one of a computed value); Firefox's content
 * scripts have `chrome` too. A failed import is tried again at the next need, not kept.
 */
declare const chrome: { runtime: { getURL(path: string): string } };
type BridgeModule = typeof import('./bridge');
let bridge: Promise<BridgeModule> | null = null;
const loadBridge = (): Promise<BridgeModule> => {
  bridge ??= (import(/* @vite-ignore */ chrome.runtime.getURL('__WARRANT_BRIDGE_MODULE__')) as Promise<BridgeModule>).catch(
    (error: unknown) => {
      bridge = null;
      throw error;
    },
  );
  return bridge;
};
keeper.wake = () =>
  void loadBridge().then(
    (module) => module.start(),
    () => undefined,
  );

/**
 * Frame chain requests (messages/frame-chain.ts), registered here so that a parent whose bridge has
 * not loaded can still vouch for its frame element. Only this extension's background may ask.
 */
runtime?.onMessage.addListener((message, sender, respond) => {
  const kind = (message as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !kind.startsWith('frame:')) return undefined;
  if (sender.id !== runtime.id || sender.tab !== undefined) return undefined;
  loadBridge()
    .then((module) => module.answerFrameRequest(message))
    .then(respond, () => respond(undefined));
  return true;
});

/**
 * Frame chain (src/content/frame-element.ts): records which window posts a nonce this frame was
 * told to expect. Registered here, at document_start and capturing, so it runs before any page
 * listener could stop the event; the source is the browser's, a page cannot forge it. Only the
 * first post of an expected nonce counts (a page that saw it cannot post it again from elsewhere).
 */
const frameNonces = new Map<string, MessageEventSource | null>();
keeper.frameNonces = frameNonces;
window.addEventListener(
  'message',
  (event) => {
    if (frameNonces.size === 0) return;
    const data: unknown = event.data;
    if (typeof data !== 'string' || !data.startsWith(FRAME_NONCE_PREFIX)) return;
    const nonce = data.slice(FRAME_NONCE_PREFIX.length);
    if (frameNonces.get(nonce) === null) frameNonces.set(nonce, event.source);
  },
  true,
);

/**
 * Loads the bridge proper (bridge-main.ts: resolver, verifiers, executor) only when it is needed:
 * at the page API's first message, or once the page has loaded, whichever comes first. Until then
 * the port keeper (bridge.iife.ts) holds what the page sends, so page loads do not pay for it.
 */
import { portKeeper } from './port-keeper';

let started = false;

function start(): void {
  if (started) return;
  started = true;
  void import('./bridge-main').then((bridge) => bridge.takePort());
}

const keeper = portKeeper();
if (keeper) keeper.wake = start;
if (keeper?.queue.length || document.readyState === 'complete') start();
else window.addEventListener('load', () => setTimeout(start, 0), { once: true });

/**
 * Frame chain requests (messages/frame-chain.ts) are answered here, not by the bridge proper, so
 * that a parent whose bridge has not loaded yet can still vouch for its frame element: the handler
 * (frame-element.ts, part of bridge-main's file) loads on the first request. Only this extension's background may ask.
 */
type Listener = (message: unknown, sender: { id?: string; tab?: unknown }, respond: (answer: unknown) => void) => boolean | undefined;
type Runtime = { id: string; onMessage: { addListener(listener: Listener): void } };
const runtime = ((globalThis as { browser?: { runtime: Runtime } }).browser ?? (globalThis as { chrome?: { runtime: Runtime } }).chrome)
  ?.runtime;
runtime?.onMessage.addListener((message, sender, respond) => {
  const kind = (message as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !kind.startsWith('frame:')) return undefined;
  if (sender.id !== runtime.id || sender.tab !== undefined) return undefined;
  import('./bridge-main').then((module) => module.answerFrameRequest(message)).then(respond, () => respond(undefined));
  return true;
});

/**
 * Loads the bridge proper (bridge-main.ts: the page's port and relays; it loads the verifiers and
 * executor, evidence.ts, on the frame's first need for them) only when it is needed: at the page
 * API's first message. Until then the port keeper (bridge.iife.ts) holds what the page sends, so a
 * page that never talks to Warrant loads neither (it loaded after the `load` event until Dec 5:
 * 0.05 MiB of every page's heap, issue 13 §8). Nothing else needs it first: the background sends a
 * frame commands only about a proposal or page tool that frame's page sent, and a frame chain
 * request is answered below.
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
if (keeper?.queue.length) start();

/**
 * Frame chain requests (messages/frame-chain.ts) are answered here, not by the bridge proper, so
 * that a parent whose bridge has not loaded yet can still vouch for its frame element: the handler
 * (frame-element.ts, part of the evidence module, evidence.ts) loads on the first request. Only this extension's background may ask.
 */
type Listener = (message: unknown, sender: { id?: string; tab?: unknown }, respond: (answer: unknown) => void) => boolean | undefined;
type Runtime = { id: string; onMessage: { addListener(listener: Listener): void } };
const runtime = ((globalThis as { browser?: { runtime: Runtime } }).browser ?? (globalThis as { chrome?: { runtime: Runtime } }).chrome)
  ?.runtime;
runtime?.onMessage.addListener((message, sender, respond) => {
  const kind = (message as { kind?: unknown } | null)?.kind;
  if (typeof kind !== 'string' || !kind.startsWith('frame:')) return undefined;
  if (sender.id !== runtime.id || sender.tab !== undefined) return undefined;
  import('./evidence').then((module) => module.answerFrameRequest(message)).then(respond, () => respond(undefined));
  return true;
});

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

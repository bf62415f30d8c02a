import { post } from '../channel';
import { addEventListener, apply, bag, CustomEventCtor, dispatchEvent, now, randomHex, wasPrevented } from '../primordials';

/**
 * Which assistant is acting, for the audit only (it never changes a decision, and a page can fake
 * it). page-agent announces its pointer with window CustomEvents some 300 ms before each click.
 */
const PAGE_AGENT_EVENTS = [
  'PageAgent::MovePointerTo',
  'PageAgent::ClickPointer',
  'PageAgent::EnablePassThrough',
  'PageAgent::DisablePassThrough',
];

let detected: string | null = null;
/** When page-agent last announced a click (its pointer), and the event type the isolated world answers. */
let pointerAt = Number.NEGATIVE_INFINITY;
let checkType: string | null = null;
/** A click() this long after the announcement is the agent's (page-agent waits some 300 ms). */
const AGENT_CLICK_MS = 2_000;

export function watchForAgents(): void {
  const seen = () => {
    detected = 'page-agent';
    if (checkType === null) {
      checkType = `warrant-check-${randomHex(16)}`;
      post({ kind: 'agent-check', type: checkType });
    }
  };
  for (let at = 0; at < PAGE_AGENT_EVENTS.length; at += 1) apply(addEventListener, window, [PAGE_AGENT_EVENTS[at], seen, true]);
  apply(addEventListener, window, ['PageAgent::ClickPointer', () => (pointerAt = now()), true]);
}

/**
 * Whether this click() is an assistant's: one announced by a detected agent just before. The page's
 * own clicks (menus, hidden file inputs) are not, and run as they always did.
 */
export function agentClicking(): boolean {
  if (detected === null || now() - pointerAt > AGENT_CLICK_MS) return false;
  pointerAt = Number.NEGATIVE_INFINITY;
  return true;
}

/**
 * Asks the isolated world, synchronously, whether clicking `target` is a certified plain
 * interaction (src/content/agent-check.ts). Any other answer, or none, is no.
 */
export function agentClickCertified(target: Element): boolean {
  if (checkType === null) return false;
  // A null-prototype bag: the event's dictionary is read with [[Get]] (an inherited `detail` would count).
  const probe = new CustomEventCtor(checkType, bag({ bubbles: true, composed: true, cancelable: true }));
  apply(dispatchEvent, target, [probe]);
  return wasPrevented(probe);
}

export function agentLabel(): string {
  return `intercepted:${detected ?? 'unknown'}`;
}

export function agentDetected(): boolean {
  return detected !== null;
}

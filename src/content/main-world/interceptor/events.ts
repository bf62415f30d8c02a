import { patch } from '../patches';
import { apply, dom, getOwnPropertyDescriptor } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { actionableOf, closestActivatable, isElement, isPrivileged } from './privilege';

const ENTER_EVENTS = ['keydown', 'keypress', 'keyup'];

/**
 * The element an untrusted event would activate, or null when the event is not an activation:
 * any `click` (a dispatched MouseEvent click runs the element's activation behaviour, and any
 * click runs the page's click handlers), and Enter on an activatable element.
 */
function activationTarget(target: unknown, event: unknown): Element | null {
  let type: string;
  try {
    type = dom.eventType(event) as string;
  } catch {
    return null; // Not an event: the original throws exactly as it would have.
  }
  if (dom.eventTrusted(event) || !isElement(target)) return null;
  if (type === 'click') return actionableOf(target);
  if (type !== ENTER_EVENTS[0] && type !== ENTER_EVENTS[1] && type !== ENTER_EVENTS[2]) return null;
  try {
    return dom.keyOf(event) === 'Enter' ? closestActivatable(target) : null;
  } catch {
    return null; // Not a KeyboardEvent.
  }
}

/** EventTarget.prototype.dispatchEvent, for synthetic clicks and Enter keys. */
export function patchDispatchEvent(): void {
  const descriptor = getOwnPropertyDescriptor(EventTarget.prototype, 'dispatchEvent');
  const original = descriptor?.value as ((this: EventTarget, event: Event) => boolean) | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const dispatchEvent = function dispatchEvent(this: EventTarget, event: Event): boolean {
    const target = activationTarget(this, event);
    if (target === null) return apply(original, this, [event]);
    const action = { tool: 'click', target, via: 'dispatchEvent', privileged: isPrivileged(target) } as const;
    return intercept(action, () => apply(original, this, [event]));
  };
  patch(EventTarget.prototype, 'dispatchEvent', { ...descriptor, value: dispatchEvent }, INTERCEPTOR_GROUP);
}

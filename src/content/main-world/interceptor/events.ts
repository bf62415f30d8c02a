import { patch } from '../patches';
import { apply, assign, createObject, dom, freeze, getOwnPropertyDescriptor, StringCtor } from '../primordials';
import { fieldValue, takeScriptedValue } from './fields';
import { type Intercepted, intercept, mustHold } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { actionableOf, closestActivatable, fieldPrivileged, isElement, isPrivileged } from './privilege';

const ENTER_EVENTS = ['keydown', 'keypress', 'keyup'];
/** What an assistant sends around its click, and what some pages act on instead of `click`. */
const PRESS_EVENTS = ['pointerdown', 'pointerup', 'mousedown', 'mouseup', 'dblclick', 'auxclick'];

/** Every event type the wrapper decides on; anything else is passed on before any other check. */
const DECIDED: Readonly<Record<string, true>> = freeze(
  assign(createObject(null) as Record<string, true>, {
    click: true,
    keydown: true,
    keypress: true,
    keyup: true,
    input: true,
    change: true,
    beforeinput: true,
    pointerdown: true,
    pointerup: true,
    mousedown: true,
    mouseup: true,
    dblclick: true,
    auxclick: true,
  }),
);

function isPress(type: string): boolean {
  for (let at = 0; at < PRESS_EVENTS.length; at += 1) if (PRESS_EVENTS[at] === type) return true;
  return false;
}

function typeOf(event: unknown): string | null {
  try {
    return dom.eventType(event) as string;
  } catch {
    return null; // Not an event: the original throws exactly as it would have.
  }
}

/**
 * The element an untrusted event would activate, or null when the event is not an activation:
 * any `click` (a dispatched MouseEvent click runs the element's activation behaviour, and any
 * click runs the page's click handlers), and Enter on an activatable element.
 */
function activationTarget(target: Element, type: string, event: unknown): Element | null {
  if (type === 'click') return actionableOf(target);
  if (type !== ENTER_EVENTS[0] && type !== ENTER_EVENTS[1] && type !== ENTER_EVENTS[2]) return null;
  try {
    return dom.keyOf(event) === 'Enter' ? closestActivatable(target) : null;
  } catch {
    return null; // Not a KeyboardEvent.
  }
}

/**
 * Typing as an assistant does it: a value written by script, then an untrusted `input` or
 * `change` on that field. Held, the field gets its earlier value back.
 */
function typingAction(target: Element, type: string): (Intercepted & { undo?: () => void }) | null {
  if (type === 'input' || type === 'change') {
    const written = takeScriptedValue(target);
    if (written === undefined) return null;
    const value = fieldValue(target);
    const privileged = fieldPrivileged(target);
    const undo = () => written.restore(written.before);
    if (dom.localName(target) === 'select') return { tool: 'select', target, option: value, via: 'value', privileged, undo };
    return { tool: 'type', target, text: value, via: 'value', privileged, undo };
  }
  if (type === 'beforeinput' && dom.isContentEditable(target)) {
    const text = StringCtor(dom.textContent(target) ?? '');
    return { tool: 'type', target, text, via: 'beforeinput', privileged: fieldPrivileged(target) };
  }
  return null;
}

/** EventTarget.prototype.dispatchEvent, for synthetic clicks, Enter keys and typing. */
export function patchDispatchEvent(): void {
  const descriptor = getOwnPropertyDescriptor(EventTarget.prototype, 'dispatchEvent');
  const original = descriptor?.value as ((this: EventTarget, event: Event) => boolean) | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const dispatchEvent = function dispatchEvent(this: EventTarget, event: Event): boolean {
    const type = typeOf(event);
    if (type === null || DECIDED[type] !== true || dom.eventTrusted(event) || !isElement(this)) return apply(original, this, [event]);
    if (isPress(type)) {
      // Held like the click it leads to; otherwise passed without a report (the click reports).
      const pressed = closestActivatable(this);
      const action = pressed && ({ tool: 'click', target: pressed, via: 'dispatchEvent', privileged: isPrivileged(pressed) } as const);
      if (action && mustHold(action)) return intercept(action, () => false);
      return apply(original, this, [event]);
    }
    const activated = activationTarget(this, type, event);
    if (activated !== null) {
      const action = { tool: 'click', target: activated, via: 'dispatchEvent', privileged: isPrivileged(activated) } as const;
      return intercept(action, () => apply(original, this, [event]));
    }
    const typing = typingAction(this, type);
    if (typing === null) return apply(original, this, [event]);
    // The field must not keep a value that was never allowed.
    if (mustHold(typing)) typing.undo?.();
    return intercept(typing, () => apply(original, this, [event]));
  };
  patch(EventTarget.prototype, 'dispatchEvent', { ...descriptor, value: dispatchEvent }, INTERCEPTOR_GROUP);
}

import { patch, replaced, wrap } from '../patches';
import { apply, assign, createObject, dom, freeze, ownDescriptor, StringCtor } from '../primordials';
import { fieldValue, takeScriptedValue } from './fields';
import { type Intercepted, intercept, mustHold } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { actionableOf, closestActivatable, fieldPrivileged, isElement, isPrivileged } from './privilege';

/**
 * Every event type the wrapper decides on, and how; anything else is passed on before any other
 * check. A press is what an assistant sends around its click, and what some pages act on instead.
 */
type Kind = 'click' | 'enter' | 'press' | 'typing';
const KINDS: Readonly<Record<string, Kind>> = freeze(
  assign(createObject(null) as Record<string, Kind>, {
    click: 'click',
    keydown: 'enter',
    keypress: 'enter',
    keyup: 'enter',
    pointerdown: 'press',
    pointerup: 'press',
    mousedown: 'press',
    mouseup: 'press',
    dblclick: 'press',
    auxclick: 'press',
    input: 'typing',
    change: 'typing',
    beforeinput: 'typing',
  }),
);

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
 * click runs the page's click handlers), and Enter (keydown, keypress, keyup) on an activatable element.
 */
function activationTarget(target: Element, kind: 'click' | 'enter', event: unknown): Element | null {
  if (kind === 'click') return actionableOf(target);
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
  const descriptor = ownDescriptor(EventTarget.prototype, 'dispatchEvent');
  const native = descriptor?.value as ((this: EventTarget, event: Event) => boolean) | undefined;
  if (!descriptor || typeof native !== 'function') return;
  const dispatchEvent = wrap(native, (original, self, args) => apply(gatedDispatch, self, [original, args]));
  patch(EventTarget.prototype, 'dispatchEvent', replaced(descriptor, 'value', dispatchEvent), INTERCEPTOR_GROUP);
}

/** The decision for one dispatchEvent call; `args` are the caller's, passed on untouched. */
function gatedDispatch(this: EventTarget, original: (...args: unknown[]) => unknown, args: unknown[]): unknown {
  const event = args[0];
  const type = typeOf(event);
  const kind = type === null ? undefined : KINDS[type];
  if (kind === undefined || dom.eventTrusted(event) || !isElement(this)) return apply(original, this, args);
  if (kind === 'press') {
    // Held like the click it leads to; otherwise passed without a report (the click reports).
    const pressed = closestActivatable(this);
    const action = pressed && ({ tool: 'click', target: pressed, via: 'dispatchEvent', privileged: isPrivileged(pressed) } as const);
    if (action && mustHold(action)) return intercept(action, () => false);
    return apply(original, this, args);
  }
  if (kind !== 'typing') {
    const activated = activationTarget(this, kind, event);
    if (activated === null) return apply(original, this, args);
    const action = { tool: 'click', target: activated, via: 'dispatchEvent', privileged: isPrivileged(activated) } as const;
    return intercept(action, () => apply(original, this, args));
  }
  const typing = typingAction(this, type!);
  if (typing === null) return apply(original, this, args);
  // The field must not keep a value that was never allowed.
  if (mustHold(typing)) typing.undo?.();
  return intercept(typing, () => apply(original, this, args));
}

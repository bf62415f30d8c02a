import { patch, replaced, wrap } from '../patches';
import { apply, dom, ownDescriptor, StringCtor, WeakMapCtor, weakMapDelete, weakMapGet, weakMapSet } from '../primordials';
import { INTERCEPTOR_GROUP } from './mode';

/**
 * A value a page script wrote into a field, and what the field held before. An assistant types by
 * writing `value` through the prototype setter and then dispatching `input`/`change` (page-agent,
 * and frameworks' own test utilities, do exactly that); the event is where the interceptor decides.
 */
export type ScriptedValue = { before: string; restore: (value: string) => void };

/**
 * Field → the value it held before the page's script wrote it, until the event: only the string,
 * since a page may write many fields it never dispatches an event for (a form filled in at load);
 * the undo is built when the event comes (a closure per write was 190 of them on the heap bench's page).
 */
const written = new WeakMapCtor<Element, string>();

type ValueProto = typeof HTMLInputElement.prototype | typeof HTMLTextAreaElement.prototype | typeof HTMLSelectElement.prototype;

/** The scripted write awaiting its event on this field, if any; taking it clears it. */
export function takeScriptedValue(field: Element): ScriptedValue | undefined {
  const before = apply(weakMapGet, written, [field]) as string | undefined;
  if (before === undefined) return undefined;
  apply(weakMapDelete, written, [field]);
  return { before, restore: (value) => restoreValue(field, value) };
}

type ValueAccess = { get: () => unknown; set: (value: unknown) => void };

/** `value` of the prototype, captured before any patch: reading and restoring go through these. */
function valueAccess(proto: ValueProto): ValueAccess | null {
  const descriptor = ownDescriptor(proto, 'value');
  return descriptor?.get && descriptor.set ? { get: descriptor.get, set: descriptor.set } : null;
}

/** The three field kinds, each with its prototype and its captured `value` accessors. */
const FIELDS = [
  { name: 'input', proto: HTMLInputElement.prototype as ValueProto, access: valueAccess(HTMLInputElement.prototype) },
  { name: 'textarea', proto: HTMLTextAreaElement.prototype as ValueProto, access: valueAccess(HTMLTextAreaElement.prototype) },
  { name: 'select', proto: HTMLSelectElement.prototype as ValueProto, access: valueAccess(HTMLSelectElement.prototype) },
] as const;

function patchSetter(proto: ValueProto, key: 'value' | 'selectedIndex', value: ValueAccess): void {
  const descriptor = ownDescriptor(proto, key);
  const set = descriptor?.set;
  if (!descriptor || set === undefined) return;
  const setter = wrap(set, (original, self, args) => {
    let before: string | null = null;
    try {
      before = StringCtor(apply(value.get, self, []));
    } catch {
      // Not a field of this kind: the original setter throws exactly as it would have.
    }
    apply(original, self, args);
    if (before === null) return undefined;
    // The first value of a burst is the one to restore: keep it across repeated writes.
    const earlier = apply(weakMapGet, written, [self]) as string | undefined;
    if (earlier === undefined) apply(weakMapSet, written, [self, before]);
    return undefined;
  });
  patch(proto, key, replaced(descriptor, 'set', setter), INTERCEPTOR_GROUP);
}

/** Value setters of input, textarea and select (and a select's selectedIndex). */
export function patchValueSetters(): void {
  for (let at = 0; at < FIELDS.length; at += 1) {
    const { name, proto, access } = FIELDS[at]!;
    if (access === null) continue;
    patchSetter(proto, 'value', access);
    if (name === 'select') patchSetter(proto, 'selectedIndex', access);
  }
}

/** The captured `value` accessors of the field's kind, by its local name; null for another element. */
function accessOf(field: Element): ValueAccess | null {
  for (let at = 0; at < FIELDS.length; at += 1) {
    const { name, access } = FIELDS[at]!;
    if (access !== null && dom.localName(field) === name) return access;
  }
  return null;
}

/**
 * Writes `before` back through the captured `value` setter of the field's kind. Restoring by value
 * is exact for every kind (a select written through selectedIndex included); a field the setter
 * wrote was of the kind whose getter read it, and its local name says which.
 */
function restoreValue(field: Element, before: string): void {
  const access = accessOf(field);
  if (access !== null) apply(access.set, field, [before]);
}

/** A field's current value, read through the captured getter ('' when it cannot be read). */
export function fieldValue(field: Element): string {
  try {
    const access = accessOf(field);
    if (access !== null) return StringCtor(apply(access.get, field, []));
  } catch {
    // Fall through.
  }
  return '';
}

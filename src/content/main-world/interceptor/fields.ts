import { patch, replaced, wrap } from '../patches';
import { apply, dom, ownDescriptor, StringCtor, WeakMapCtor, weakMapDelete, weakMapGet, weakMapSet } from '../primordials';
import { INTERCEPTOR_GROUP } from './mode';

/**
 * A value a page script wrote into a field, and what the field held before. An assistant types by
 * writing `value` through the prototype setter and then dispatching `input`/`change` (page-agent,
 * and frameworks' own test utilities, do exactly that); the event is where the interceptor decides.
 */
export type ScriptedValue = { before: string; restore: (value: string) => void };

const written = new WeakMapCtor<Element, ScriptedValue>();

type ValueProto = typeof HTMLInputElement.prototype | typeof HTMLTextAreaElement.prototype | typeof HTMLSelectElement.prototype;

/** The scripted write awaiting its event on this field, if any; taking it clears it. */
export function takeScriptedValue(field: Element): ScriptedValue | undefined {
  const entry = apply(weakMapGet, written, [field]) as ScriptedValue | undefined;
  if (entry !== undefined) apply(weakMapDelete, written, [field]);
  return entry;
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
  // Restoring by value is exact for every field kind (selectedIndex included).
  const restoreValue = (field: Element, before: string) => apply(value.set, field, [before]);
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
    const earlier = apply(weakMapGet, written, [self]) as ScriptedValue | undefined;
    const entry: ScriptedValue = { before: earlier?.before ?? before, restore: (v) => restoreValue(self as Element, v) };
    apply(weakMapSet, written, [self, entry]);
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

/** A field's current value, read through the captured getter ('' when it cannot be read). */
export function fieldValue(field: Element): string {
  try {
    for (let at = 0; at < FIELDS.length; at += 1) {
      const { name, access } = FIELDS[at]!;
      if (access !== null && dom.localName(field) === name) return StringCtor(apply(access.get, field, []));
    }
  } catch {
    // Fall through.
  }
  return '';
}

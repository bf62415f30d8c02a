import { addEventListener, apply, bag, defineProperty, getPrototypeOf, own, ownDescriptor } from './primordials';

/**
 * Where WebMCP contexts appear, found without hooking `Object.defineProperty` (issue 13 §4):
 * native Chromium has `document.modelContext` (and `window.ModelContext`) before any page script;
 * a polyfill (@mcp-b/global) installs a `ModelContext` global and a `modelContext` getter on
 * `Document.prototype`, and the deprecated `navigator.modelContext`, later. Where there is none at
 * document_start, `document` and `navigator` get an own `modelContext` accessor that reads through
 * to whatever the page installs below it, and hands every context it sees to `gate` before the
 * page gets it: a registration made through `document.modelContext` therefore always meets the
 * gate first. A library that redefines the property on the instance itself (the polyfill does so
 * on `navigator`) replaces that accessor; the sweep (the `ModelContext` global and both
 * properties) runs then from each remaining accessor, at DOMContentLoaded and load, and whenever
 * an assistant calls the page API.
 */
type Gate = (context: object) => void;

const KEY = 'modelContext';

/** The value `holder.modelContext` has below `holder`'s own properties: what the page would get without us. */
function readThrough(holder: object): unknown {
  for (let proto = getPrototypeOf(holder); proto !== null; proto = getPrototypeOf(proto)) {
    const descriptor = ownDescriptor(proto, KEY);
    if (descriptor === undefined) continue;
    return descriptor.get !== undefined ? apply(descriptor.get, holder, []) : descriptor.value;
  }
  return undefined;
}

/** Our own accessors' getters: a sweep reads through them rather than calling them. */
const ours: unknown[] = [];

/** Reads a context as the page would; a getter of the page's may throw, which is not ours to surface. */
function contextOf(holder: object): object | null {
  try {
    const descriptor = ownDescriptor(holder, KEY);
    let value: unknown;
    if (descriptor === undefined || descriptor.get === ours[0] || descriptor.get === ours[1]) value = readThrough(holder);
    else value = descriptor.get !== undefined ? apply(descriptor.get, holder, []) : descriptor.value;
    return value !== null && (typeof value === 'object' || typeof value === 'function') ? value : null;
  } catch {
    return null;
  }
}

let gateFound: Gate = () => undefined;

/**
 * Every place a context may be found now: the global constructor's prototype, then
 * `document.modelContext`, else `navigator.modelContext` (read only then: the polyfill's getter
 * there warns that it is deprecated).
 */
export function sweepContexts(): void {
  try {
    const ctor = own(window, 'ModelContext');
    const proto = typeof ctor === 'function' ? own(ctor, 'prototype') : undefined;
    if (proto !== null && typeof proto === 'object') gateFound(proto);
  } catch {
    // An exotic global; the properties below still count.
  }
  const context = contextOf(document) ?? contextOf(navigator);
  if (context !== null) gateFound(context);
}

/** What [[Set]] would have done without our accessor: a setter below gets it, a read-only property ignores it. */
function writeThrough(holder: object, value: unknown): void {
  for (let proto = getPrototypeOf(holder); proto !== null; proto = getPrototypeOf(proto)) {
    const descriptor = ownDescriptor(proto, KEY);
    if (descriptor === undefined) continue;
    if (descriptor.get !== undefined || descriptor.set !== undefined) {
      if (descriptor.set !== undefined) apply(descriptor.set, holder, [value]);
      return;
    }
    if (descriptor.writable !== true) return;
    break;
  }
  defineProperty(holder, KEY, bag({ value, writable: true, enumerable: true, configurable: true }));
}

function watch(holder: object): void {
  if (contextOf(holder) !== null || ownDescriptor(holder, KEY) !== undefined) return;
  const accessor = bag({
    get: function modelContext() {
      sweepContexts();
      return readThrough(holder);
    },
    set: function modelContext(value: unknown) {
      writeThrough(holder, value);
      sweepContexts();
    },
    enumerable: false,
    configurable: true,
  });
  ours[ours.length] = accessor.get;
  defineProperty(holder, KEY, accessor);
}

export function watchContexts(gate: Gate): void {
  gateFound = gate;
  sweepContexts();
  watch(document);
  watch(navigator);
  apply(addEventListener, document, ['DOMContentLoaded', sweepContexts, true]);
  apply(addEventListener, window, ['load', sweepContexts, true]);
}

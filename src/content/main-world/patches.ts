import {
  append,
  apply,
  bag,
  defineProperty,
  deleteProperty,
  freeze,
  ownDescriptor,
  ProxyCtor,
  WeakMapCtor,
  weakMapGet,
  weakMapSet,
} from './primordials';

/**
 * Every property the MAIN-world code replaces is recorded with its original descriptor, so all
 * patches can be undone (Dark Reader's main-world overrides keep the same discipline). Patches
 * belong to a group, so that one feature (the interceptor, for mode "off") can be undone alone.
 * Descriptors are null-prototype copies: the engine reads them with [[Get]], and a page that set
 * `Object.prototype.get` would otherwise turn a data descriptor into an invalid one (issue 13 §4).
 */
type Applied = {
  target: object;
  key: PropertyKey;
  original: PropertyDescriptor | undefined;
  ours: PropertyDescriptor;
  group: string;
  restored: boolean;
};
const applied: Applied[] = [];

export function patch(target: object, key: PropertyKey, descriptor: PropertyDescriptor, group = 'core'): void {
  const ours = bag(descriptor);
  append(applied, bag({ target, key, original: ownDescriptor(target, key), ours, group, restored: false }));
  defineProperty(target, key, ours);
}

/** `descriptor` (an own one, null-prototype) with one field replaced, as a null-prototype copy. */
export function replaced(descriptor: PropertyDescriptor, field: 'value' | 'set', to: unknown): PropertyDescriptor {
  const copy = bag(descriptor);
  copy[field] = to as never;
  return copy;
}

type Trap = (target: (...args: unknown[]) => unknown, self: unknown, args: unknown[]) => unknown;

/** wrapper → the native function it stands for, for `Function.prototype.toString`. */
const disguised = new WeakMapCtor<object, object>();

/**
 * A wrapper that is the native function to every reflective look: a `Proxy` with only an `apply`
 * trap (uBlock Origin's scriptlets do the same), so `name`, `length`, own keys and prototype are
 * the original's; its source, which a Proxy shows as an anonymous native function in both
 * browsers, is the original's through the `toString` disguise below. The handler has a null
 * prototype and is frozen: the engine looks every trap up on it, so a page that set
 * `Object.prototype.get` would otherwise become the wrapper's `get` trap.
 */
export function wrap<F extends object>(original: F, trap: Trap): F {
  const proxy = new ProxyCtor(original, freeze(bag({ apply: trap })) as ProxyHandler<F>);
  apply(weakMapSet, disguised, [proxy, original]);
  return proxy;
}

/** Makes `Function.prototype.toString` report each wrapper's original (and itself as the native one). */
export function disguiseWrappers(): void {
  const descriptor = ownDescriptor(Function.prototype, 'toString');
  const original = descriptor?.value as ((...args: unknown[]) => unknown) | undefined;
  if (descriptor === undefined || typeof original !== 'function') return;
  const disguisedToString = wrap(original, (target, self, args) => {
    const native = apply(weakMapGet, disguised, [self]) as object | undefined;
    return apply(target, native === undefined ? self : native, args);
  });
  patch(Function.prototype, 'toString', replaced(descriptor, 'value', disguisedToString));
}

export function restoreAll(): void {
  restore(() => true);
}

/**
 * Undoes one group. A property the page has since replaced again is left alone: the page's wrapper
 * still calls ours, which then passes through, and removing it would break the page.
 */
export function restoreGroup(group: string): void {
  restore((entry) => entry.group === group);
}

/** Runs late (the mode arrives after page scripts), so it avoids prototype methods a page could have replaced. */
function restore(selected: (entry: Applied) => boolean): void {
  for (let index = applied.length - 1; index >= 0; index -= 1) {
    const entry = applied[index]!;
    if (entry.restored || !selected(entry)) continue;
    entry.restored = true;
    const now = ownDescriptor(entry.target, entry.key);
    if (now && (now.value !== entry.ours.value || now.get !== entry.ours.get || now.set !== entry.ours.set)) continue;
    if (entry.original) defineProperty(entry.target, entry.key, entry.original);
    else apply(deleteProperty, undefined, [entry.target, entry.key]);
  }
}

import { apply, defineProperty, getOwnPropertyDescriptor } from './primordials';

/**
 * Every property the MAIN-world code replaces is recorded with its original descriptor, so all
 * patches can be undone (Dark Reader's main-world overrides keep the same discipline). Patches
 * belong to a group, so that one feature (the interceptor, for mode "off") can be undone alone.
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
  applied.push({ target, key, original: getOwnPropertyDescriptor(target, key), ours: descriptor, group, restored: false });
  defineProperty(target, key, descriptor);
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
    const now = getOwnPropertyDescriptor(entry.target, entry.key);
    if (now && (now.value !== entry.ours.value || now.get !== entry.ours.get || now.set !== entry.ours.set)) continue;
    if (entry.original) defineProperty(entry.target, entry.key, entry.original);
    else apply(Reflect.deleteProperty, Reflect, [entry.target, entry.key]);
  }
}

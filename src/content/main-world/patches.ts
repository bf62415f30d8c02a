import { apply, defineProperty, getOwnPropertyDescriptor } from './primordials';

/**
 * Every property the MAIN-world code replaces is recorded with its original descriptor, so all
 * patches can be undone (Dark Reader's main-world overrides keep the same discipline).
 */
const applied: { target: object; key: PropertyKey; original: PropertyDescriptor | undefined }[] = [];

export function patch(target: object, key: PropertyKey, descriptor: PropertyDescriptor): void {
  applied.push({ target, key, original: getOwnPropertyDescriptor(target, key) });
  defineProperty(target, key, descriptor);
}

export function restoreAll(): void {
  for (const { target, key, original } of applied.splice(0).reverse()) {
    if (original) defineProperty(target, key, original);
    else apply(Reflect.deleteProperty, Reflect, [target, key]);
  }
}

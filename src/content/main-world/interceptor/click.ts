import { patch } from '../patches';
import { apply, getOwnPropertyDescriptor } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { actionableOf, isElement, isPrivileged } from './privilege';

/**
 * HTMLElement.prototype.click: the call page-agent (and most in-page assistants) acts through.
 * Warrant's own clicks come from the isolated world's prototypes and never pass through here.
 */
export function patchClick(): void {
  const descriptor = getOwnPropertyDescriptor(HTMLElement.prototype, 'click');
  const original = descriptor?.value as ((this: HTMLElement) => void) | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const click = function click(this: HTMLElement): void {
    // Not an element: the original throws exactly as it would have.
    if (!isElement(this)) {
      apply(original, this, []);
      return;
    }
    const target = actionableOf(this);
    intercept({ tool: 'click', target, via: 'click', privileged: isPrivileged(target) }, () => apply(original, this, []));
  };
  patch(HTMLElement.prototype, 'click', { ...descriptor, value: click }, INTERCEPTOR_GROUP);
}

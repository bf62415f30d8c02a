import { patch } from '../patches';
import { apply, getOwnPropertyDescriptor } from '../primordials';
import { agentClickCertified, agentClicking } from './agent';
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
    // An assistant's click is certified before it runs, benign-looking ones too (issue 11 §7): what
    // the isolated world cannot certify at once is held and proposed like a privileged one.
    const privileged = isPrivileged(target) || (agentClicking() && !agentClickCertified(target));
    intercept({ tool: 'click', target, via: 'click', privileged }, () => apply(original, this, []));
  };
  patch(HTMLElement.prototype, 'click', { ...descriptor, value: click }, INTERCEPTOR_GROUP);
}

import { patch, replaced, wrap } from '../patches';
import { apply, ownDescriptor } from '../primordials';
import { agentClickCertified, agentClicking } from './agent';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { actionableOf, isElement, isPrivileged } from './privilege';

/**
 * HTMLElement.prototype.click: the call page-agent (and most in-page assistants) acts through.
 * Warrant's own clicks come from the isolated world's prototypes and never pass through here.
 */
export function patchClick(): void {
  const descriptor = ownDescriptor(HTMLElement.prototype, 'click');
  const original = descriptor?.value as ((this: HTMLElement) => void) | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const click = wrap(original, (target, self, args) => {
    // Not an element: the original throws exactly as it would have.
    if (!isElement(self)) return apply(target, self, args);
    const actionable = actionableOf(self);
    // An assistant's click is certified before it runs, benign-looking ones too (issue 11 §7): what
    // the isolated world cannot certify at once is held and proposed like a privileged one.
    const privileged = isPrivileged(actionable) || (agentClicking() && !agentClickCertified(actionable));
    intercept({ tool: 'click', target: actionable, via: 'click', privileged }, () => apply(target, self, args));
    return undefined;
  });
  patch(HTMLElement.prototype, 'click', replaced(descriptor, 'value', click), INTERCEPTOR_GROUP);
}

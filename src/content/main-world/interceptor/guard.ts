import { addEventListener, apply, dom } from '../primordials';
import { allowedElement } from './allowances';
import { hold, passingThrough } from './hold';
import { interceptionMode } from './mode';
import { actionableOf, isElement, isPrivileged } from './privilege';

/**
 * The backstop behind the wrappers. A script can still produce an untrusted click without them:
 * with pristine functions from a frame Warrant's main-world script never ran in (Chromium runs no
 * MAIN-world script in a same-origin iframe sandboxed without allow-scripts), or with ones cached
 * some other way. Every untrusted click the wrappers did not let through reaches this capturing
 * listener first (it is registered at document_start, before any page listener), and under
 * enforce a click on a privileged target is cancelled there — its default action and every page
 * handler — and held like any other.
 */
export function guardUntrustedClicks(): void {
  const onClick = (event: Event) => {
    if (dom.eventTrusted(event) || passingThrough() || interceptionMode() !== 'enforce') return;
    const path = dom.composedPath(event);
    const first = path.length > 0 ? path[0] : dom.eventTarget(event);
    if (!isElement(first)) return;
    const target = actionableOf(first);
    if (allowedElement(target) || allowedElement(first) || !isPrivileged(target)) return;
    dom.preventDefault(event);
    dom.stopImmediatePropagation(event);
    hold({ tool: 'click', target, via: 'untrusted-click', privileged: true });
  };
  apply(addEventListener, window, ['click', onClick, true]);
}

import { computeAccessibleName, getRole } from 'dom-accessibility-api';
import type { AxNameValue } from '../../core/plan';
import { shownLabel } from './rendered-text';
import { parentElement } from './visibility';

export const AX_VERIFIER = 'ax@1';

/**
 * What assistive technology — and any agent reading the accessibility tree — is told about the
 * element: role and accessible name (accname spec, via dom-accessibility-api), and whether it is
 * hidden from that tree. The gate compares it with what the element visibly shows.
 */
export function observeAx(element: Element): AxNameValue {
  let name = '';
  try {
    // Generated content is part of the name, as browsers compute it.
    name = computeAccessibleName(element, { computedStyleSupportsPseudoElements: true });
  } catch {
    name = '';
  }
  return {
    role: explicitOrImplicitRole(element),
    name: name.replace(/\s+/gu, ' ').trim(),
    hidden: ariaHidden(element),
    visibleLabel: shownLabel(element),
  };
}

function explicitOrImplicitRole(element: Element): string | null {
  try {
    return getRole(element);
  } catch {
    return null;
  }
}

function ariaHidden(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    if (node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

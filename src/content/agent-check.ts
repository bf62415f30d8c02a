import { axProblem } from '../core/plan/ax-integrity';
import { firstImpersonation } from '../core/plan/destinations';
import type { AxNameValue, HitTestValue, UiElementValue, VisibleTextValue } from '../core/plan/observations';
import { clickPrivilege } from '../core/plan/privilege';
import { certifyElement } from './verifiers/dom';

/**
 * Assistants that click directly (page-agent and its kind; issue 11 §7). Once one is detected,
 * each click it announces is certified before it runs, benign-looking ones too: the page's
 * `click()` must return at once, so the MAIN-world interceptor asks here synchronously, by
 * dispatching an event of a type only the two worlds know (a random name sent over the private
 * port) on the clicked element. This listener, in the isolated world, certifies the element as a
 * proposal's target is certified (shown, legible, on top, its label without doubts, its accessible
 * name agreeing, no lookalike link, and an interaction by the core's own privilege rules) and
 * answers yes by cancelling the event. No answer (the bridge not yet loaded, a subframe whose
 * chain only the background can certify, anything unsure) is no: the click is held and proposed,
 * and the gate decides with full evidence.
 *
 * The check needs the core's privilege rules (commitment words and their skeletons, sites by
 * registrable domain), so this module and the tables it brings load only in a page where an
 * assistant was detected (agent-listener.ts), never with the bridge.
 */

/** Whether clicking `element` is, by the DOM evidence alone, a plain interaction with a shown target. */
export function certifiedInteraction(element: Element): boolean {
  if (window !== window.top) return false;
  let certificates: ReturnType<typeof certifyElement>['certificates'];
  try {
    certificates = certifyElement(element, 'click').certificates;
  } catch {
    return false;
  }
  const of = <T>(type: string) => certificates.find((c) => c.type === type)?.value as T | undefined;
  const value = of<UiElementValue>('ui_element');
  const hit = of<HitTestValue>('hit_test');
  const text = of<VisibleTextValue>('visible_text');
  const ax = of<AxNameValue>('ax_name');
  if (!value || !hit || !text || !ax) return false;
  if (!value.connected || !value.visible || value.disabled || value.inert) return false;
  if (hit.onTarget !== hit.points) return false;
  if (text.doubts.length > 0 || text.hiddenText) return false;
  if (axProblem(ax, null) !== null) return false;
  if (value.href !== null && firstImpersonation(value.href, location.origin) !== null) return false;
  // A submission, even a GET one the privilege rules take for an interaction, is proposed: there the
  // request that leaves is watched (a form a page listener turns into a POST after the check is
  // stopped by the background's POST rule, which a click run here would not have: a review, Dec 6).
  if (value.isSubmit) return false;
  return clickPrivilege(value, { visibleText: text.text, accessibleName: ax.name, frameOrigin: location.origin }) === 'interact';
}

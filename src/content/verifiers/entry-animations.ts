import { queryTarget } from '../query';
import { paintsWhile } from './settle';
import { parentElement } from './visibility';

/**
 * Entrances that are still playing. A toast sliding in over 0.25 s, proposed as the page loads, was
 * certified mid-flight — outside the viewport, or at opacity 0 — and its honest button blocked as
 * hidden (an attacker helper's utility round, Dec 4: 3 of 4 runs in Chromium, 2 of 3 in Firefox).
 * A short finite animation or transition on the target or an ancestor is waited for, as a view
 * transition is (ENTRY_WAIT_MS at most), and the page is then read as it stands. Waiting decides
 * nothing: an endless or long one is not waited for, and whatever the page then shows is what is
 * certified, and checked again before the action.
 */

/** How long a certification waits for the target's entrance to end. */
export const ENTRY_WAIT_MS = 1_000;

/** Whether a finite animation ending within `within` ms runs on the element or an ancestor. */
function entering(element: Element, within: number): boolean {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    for (const animation of node.getAnimations?.() ?? []) {
      if (animation.playState !== 'running') continue;
      const timing = animation.effect?.getComputedTiming();
      const end = Number(timing?.endTime ?? Infinity);
      const now = Number(timing?.localTime ?? 0);
      if (Number.isFinite(end) && end - now <= within * Math.abs(animation.playbackRate || 1)) return true;
    }
  }
  return false;
}

/** Waits while the one element `selector` names (or an ancestor) is still making its entrance. */
export async function entranceEnded(selector: string): Promise<void> {
  const query = queryTarget(selector);
  if (!query.ok || query.elements.length !== 1) return;
  const element = query.elements[0]!;
  await paintsWhile((left) => entering(element, left), ENTRY_WAIT_MS);
}

import { paintsWhile } from './settle';
import { describeElement } from './visibility';

/**
 * View transitions. While one runs, the browser paints its pseudo-element tree (::view-transition
 * and the pictures in it: the page's old state, its new one) over the page, or over the element
 * that scoped it, and that tree takes the page's clicks: what the user sees there is a picture,
 * not the controls the DOM holds. A page that holds the old picture (an endless animation on
 * ::view-transition-old, the new one made transparent, the overlay made click-through) showed
 * "Keep open" while its DOM said "Close panel"; Firefox's look-up found the button and the click
 * was performed (an attacker helper, Dec 4; test/fixtures/view-transition.html). Firefox's own
 * screenshots of such a page show the DOM's state, not the picture, so the pixels cannot settle
 * it either: a target under a running transition is covered, as Chromium's look-up already
 * answers (the document element is on top). One scoped to an element counts wherever the label is.
 *
 * An ordinary transition lasts a fraction of a second: the certification waits for it to end
 * (TRANSITION_WAIT_MS at most) before it reads the page (the document's, or one scoped to an
 * element of its light tree; one scoped inside a shadow tree is not waited for, and covers). Nothing here ends or skips the page's
 * transition: Warrant does not change what the page shows.
 */

/** How long a certification waits for a running transition to end (the default one: 0.25 s). */
export const TRANSITION_WAIT_MS = 1_000;

type WithTransition = Document & { activeViewTransition?: unknown };

type Tree = Document | ShadowRoot;

/**
 * An element whose view transition is running, the first found (null for none): the document
 * element for the page's own.
 * Transitions scoped to an element (Chromium's Element.startViewTransition), and any the attribute
 * does not report, show as animations of their pseudo-elements, asked of each tree: Chromium's
 * document.getAnimations() leaves shadow trees out (a closed tree's scoped transition listed
 * nothing there). A transition waits only for animations on its document's timeline, which lists.
 */
function transitionRoot(trees: readonly Tree[]): Element | null {
  if ((document as WithTransition).activeViewTransition) return document.documentElement;
  for (const tree of trees) {
    for (const animation of tree.getAnimations?.() ?? []) {
      const effect = animation.effect as KeyframeEffect | null;
      if (effect?.target && effect.pseudoElement?.startsWith('::view-transition')) return effect.target;
    }
  }
  return null;
}

/** Whether a view transition is painting over the document (or an element of its light tree) now. */
export function transitionRunning(): boolean {
  return transitionRoot([document]) !== null;
}

/** Waits, for TRANSITION_WAIT_MS at most, while a view transition runs. */
export function transitionsEnded(): Promise<void> {
  return paintsWhile(transitionRunning, TRANSITION_WAIT_MS);
}

/**
 * What covers the label while a view transition runs, in `trees` (the document and its shadow
 * trees): the page's own, or one scoped to an element — whose pictures are not known to stay in
 * that element's box (they may be moved or transformed anywhere), so it counts wherever the
 * label is. Null for none.
 */
export function transitionOver(trees: readonly Tree[]): string | null {
  const root = transitionRoot(trees);
  if (!root) return null;
  return root === document.documentElement
    ? "the page's view transition, which paints a picture of the page over it"
    : `the view transition of ${describeElement(root)}, which paints pictures over the page`;
}

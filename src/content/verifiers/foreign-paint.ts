import { flatChildren, someInFlatSubtree } from './flat-tree';
import { reaches } from './reach-sides';

/**
 * Paint the look-ups cannot make take hits, found by where boxes are (an attacker's pages, the
 * seventh round):
 * - Elements of other namespaces (MathML, an XML namespace of the page's own) are CSS boxes too: a
 *   click-through `<math>` or `<x:cover>` painted "Keep open" over a label while the scan kept
 *   only HTML and SVG elements. One that takes no hits over the label's area is a doubt.
 * - Content overflowing a <foreignObject> is painted where it overflows but hit-tested (Chromium)
 *   only inside the foreignObject's box: a closed shadow tree's cover spilling out of a 1 px one
 *   was never listed at the label's points. Anything of its subtree over the label's area outside
 *   its box is a doubt.
 * The pixels settle both.
 */
const MAX_DESCENDANTS = 2_000;

const within = (rect: DOMRect, box: DOMRect) =>
  rect.left >= box.left && rect.top >= box.top && rect.right <= box.right && rect.bottom <= box.bottom;

/** Whether an element of another namespace that takes no hits (per `noHits`) is over the area. */
export function foreignOver(element: Element, area: DOMRect, noHits: (style: CSSStyleDeclaration) => boolean): boolean {
  return reaches(element.getBoundingClientRect(), 0, area) && noHits(getComputedStyle(element));
}

/** Whether a <foreignObject>'s content reaches the area outside its own box (or is too large to tell). */
export function spillsOver(foreignObject: Element, area: DOMRect): boolean {
  const box = foreignObject.getBoundingClientRect();
  return someInFlatSubtree(Array.from(flatChildren(foreignObject)), MAX_DESCENDANTS, (element) => {
    const rect = element.getBoundingClientRect();
    return reaches(rect, 0, area) && !within(rect, box);
  });
}

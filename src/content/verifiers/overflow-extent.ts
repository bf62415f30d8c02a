import { shadowRootOf } from './flat-tree';

/**
 * Where an element's content paints when it overflows its box: text overflowing a 1 × 1 px box
 * paints wherever the text runs, and the box (getBoundingClientRect) says nothing of it. Found on
 * an attacker's pages (test/fixtures/reach-layers.html#overflow, #overflow-shadow): a 1 px layer
 * that takes no clicks, its nowrap text of █ overflowing over a button's label, was not looked
 * through, and a text-shadow on such text was measured from the 1 px box.
 *
 * Only an axis whose overflow is `visible` paints beyond the box (any other value clips to it).
 * The content's rectangle (a range over the element's contents, and over its shadow root's: text
 * placed there is the host's content too) bounds where its text and descendants' boxes paint,
 * whichever way it overflows (scrollWidth counts only overflow past the end side: a negative
 * text-indent runs the other way). Asked only of the few elements that need it (layers that take
 * no clicks, candidates for paint beyond), not of every element.
 */
export function overflowExtent(element: Element, box: DOMRect, style: () => CSSStyleDeclaration): DOMRect {
  const { overflowX, overflowY } = style();
  const acrossX = overflowX === 'visible';
  const acrossY = overflowY === 'visible';
  if (!acrossX && !acrossY) return box;
  let left = box.left;
  let top = box.top;
  let right = box.right;
  let bottom = box.bottom;
  const range = document.createRange();
  const contents: Node[] = [element];
  const shadow = shadowRootOf(element);
  if (shadow) contents.push(shadow);
  for (const node of contents) {
    range.selectNodeContents(node);
    const content = range.getBoundingClientRect();
    if (content.width === 0 && content.height === 0) continue;
    if (acrossX) {
      left = Math.min(left, content.left);
      right = Math.max(right, content.right);
    }
    if (acrossY) {
      top = Math.min(top, content.top);
      bottom = Math.max(bottom, content.bottom);
    }
  }
  return new DOMRect(left, top, right - left, bottom - top);
}

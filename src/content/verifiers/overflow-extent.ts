/**
 * Where an element's content paints when it overflows its box: text overflowing a 1 × 1 px box
 * paints wherever the text runs, and the box (getBoundingClientRect) says nothing of it. Found on
 * an attacker's pages (test/fixtures/reach-layers.html#overflow, #overflow-shadow): a 1 px layer
 * that takes no clicks, its nowrap text of █ overflowing over a button's label, was not looked
 * through, and a text-shadow on such text was measured from the 1 px box.
 *
 * Only an axis whose overflow is `visible` paints beyond the box (any other value clips to it).
 * The content's rectangle (a range over the element's contents) is an upper bound of where its
 * text and descendants' boxes paint; descendants are also asked on their own.
 */
export function overflowExtent(element: Element, box: DOMRect, style: () => CSSStyleDeclaration): DOMRect {
  const wide = element.scrollWidth > element.clientWidth + 1;
  const tall = element.scrollHeight > element.clientHeight + 1;
  if (!wide && !tall) return box;
  const { overflowX, overflowY } = style();
  if (!(wide && overflowX === 'visible') && !(tall && overflowY === 'visible')) return box;
  const range = document.createRange();
  range.selectNodeContents(element);
  const content = range.getBoundingClientRect();
  if (content.width === 0 && content.height === 0) return box;
  const left = Math.min(box.left, content.left);
  const top = Math.min(box.top, content.top);
  return new DOMRect(left, top, Math.max(box.right, content.right) - left, Math.max(box.bottom, content.bottom) - top);
}

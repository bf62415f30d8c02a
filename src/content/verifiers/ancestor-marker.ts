import { markerSides } from './marker-size';
import { animatedMarkerExtent } from './pseudo-extent';
import { onScreen, reaches, zoomed } from './reach-sides';

/**
 * Whether the marker of a list item that holds the target may be drawn over the target's label.
 * The marker is the item's own paint, so no look-up lists it over the button. A button pulled
 * under its own item's marker — "█████" from a ::marker rule or from a Web Animation keyed to
 * `pseudoElement: '::marker'`, a long counter, an inside marker it is drawn back over — showed a
 * black bar where "Close panel" was, and was performed in both browsers (marker-ancestor.html).
 *
 * The marker is measured as any item's (its computed ::marker, which rules and animations give,
 * or its list-style: a standard bullet or short number, small on screen, is no marker here), and
 * wherever its reach meets the label it is a doubt for the pixels. Where on its first line the
 * browser draws it is not bounded more closely: a first line's start moves with text-align, with
 * floats from inside or outside the item (pseudo-elements too), with bidi and with tabs in the
 * marker (a review found each against a bound at the item's content edge), so an honest button
 * inside an item with a large or custom marker is read by the pixels.
 */
export function ancestorMarkerOver(item: Element, area: DOMRect): boolean {
  const style = getComputedStyle(item);
  if (!style.display.includes('list-item')) return false;
  const plain = markerSides(item, style);
  const sides = animatedMarkerExtent(item, style) ?? (plain && onScreen(plain, zoomed(item, style)));
  return sides !== null && reaches(item.getBoundingClientRect(), sides, area);
}

import { flatChildren } from './flat-tree';
import { markerSides } from './marker-size';
import { animatedMarkerExtent, ownPaint } from './pseudo-extent';
import { onScreen, px, reaches, upright, zoomed } from './reach-sides';

/**
 * Whether the marker of a list item that holds the target may be drawn over the target's label.
 * The marker is the item's own paint, so no look-up lists it over the button, and a marker drawn
 * like anything else beside the item (paint-beyond's reach past the item's box) would stand over
 * every button in a list. Yet a button pulled under its own item's marker — "█████" from a ::marker
 * rule or from a Web Animation keyed to `pseudoElement: '::marker'`, a long counter, an inside
 * marker the button is drawn back over — showed a black bar where "Close panel" was, and was
 * performed in both browsers (test/fixtures/marker-ancestor.html).
 *
 * So the marker's reach is the one counted for any item (its computed ::marker, which rules and
 * animations give; a plain one by its list-style), and where that reaches the label, the label is
 * clear only if it lies wholly after the first line's start (an outside marker ends there) or after
 * the marker's whole width (an inside one starts there). That bound holds only where the start is
 * the item's content edge: upright, in horizontal lines, a marker painting nothing beyond its glyphs,
 * with no negative spacing or direction of its own, and no float before the target (a float
 * moves the first line's start, and Chromium's outside marker with it). Elsewhere the marker may
 * be anywhere it reaches: a doubt for the pixels.
 */
export function ancestorMarkerOver(item: Element, target: Element, area: DOMRect): boolean {
  const style = getComputedStyle(item);
  const m = zoomed(item, style);
  const plain = markerSides(item, style);
  const sides = animatedMarkerExtent(item, style) ?? (plain && onScreen(plain, m));
  const box = item.getBoundingClientRect();
  if (!sides || !reaches(box, sides, area)) return false;
  const marker = getComputedStyle(item, '::marker');
  const spaced = px(marker.letterSpacing) < 0 || px(marker.wordSpacing) < 0;
  if (!m || !upright(m) || style.writingMode !== 'horizontal-tb' || marker.direction !== style.direction || spaced) return true;
  if (ownPaint(item, marker) || floatsBefore(item, target)) return true;
  const rtl = style.direction === 'rtl';
  const inset = px(rtl ? style.borderRightWidth : style.borderLeftWidth) + px(rtl ? style.paddingRight : style.paddingLeft);
  // An outside marker ends where the first line starts; an inside one runs on from there as far as
  // it reaches (its glyphs and a gap of about an em: an honest button right after it is a doubt).
  const inside = style.listStylePosition === 'inside' ? Math.max(sides.left, sides.right) : 0;
  const start = (inset + Math.max(0, px(style.textIndent))) * m.a + inside;
  return rtl ? area.right > box.right - start : area.left < box.left + start;
}

/** Whether a float lies in `item` before `target` in flat-tree order (64 elements looked at, then assumed). */
function floatsBefore(item: Element, target: Element): boolean {
  const stack = [item];
  for (let seen = 0; stack.length > 0; ) {
    const node = stack.pop()!;
    if (node === target) return false;
    if (node !== item && (++seen > 64 || getComputedStyle(node).float !== 'none')) return true;
    for (const child of [...flatChildren(node)].reverse()) if (child instanceof Element) stack.push(child);
  }
  return false;
}

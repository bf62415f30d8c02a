import { markerSides } from './marker-size';
import { metricOf } from './node-reads';
import type { Sides } from './paint';
import { beyondBox, type PaintRules } from './paint-beyond';
import { added, firstLineSides, onScreen, px, reaches, zoomed } from './reach-sides';

/**
 * How far the pseudo-elements on a block's first line (its ::marker, ::first-letter, ::first-line)
 * and the selection's ::selection reach, each read from the pseudo-element's own computed style:
 * where it sits (beside or on the first line), grown by what it paints beyond its glyphs (a
 * text-shadow, a stroke, a far decoration, emphasis marks, an outline or box-shadow), each through
 * the element's transform and zoom. A text-shadow given by a ::first-letter, ::marker or
 * ::first-line rule cast a grey block over a label 300 px away while only the element's own style
 * was read (reach-pseudo.html#firstlettershadow, #markershadow, #firstlineshadow).
 */

/** What the pseudo-element paints past its own glyphs or box, on screen; undefined for nothing. */
const ownPaint = (node: Element, pseudo: CSSStyleDeclaration) =>
  beyondBox(pseudo, () => node.getBoundingClientRect(), node, pseudo)?.extent;

const plus = (a: Sides, b: Sides | undefined) => (b ? added(a, b) : a);

/** How far a list item's marker that a ::marker rule may restyle reaches; null for none. */
export function markerExtent(node: Element): Sides | null {
  const sides = markerSides(node, getComputedStyle(node), true);
  return sides && plus(onScreen(sides, zoomed(node)), ownPaint(node, getComputedStyle(node, '::marker')));
}

/** What sizes a marker's glyphs; a plain marker takes each from its item. */
const MARKER_FONT = [
  'font-family',
  'font-size',
  'font-style',
  'font-weight',
  'font-stretch',
  'font-size-adjust',
  'font-variation-settings',
  'font-feature-settings',
  'letter-spacing',
  'word-spacing',
];

/** Firefox draws a standard bullet in a font of its own (its ::marker's computed font-family). */
const isBulletFont = (name: string, marker: CSSStyleDeclaration) => name === 'font-family' && marker.fontFamily === '-moz-bullet-font';

/**
 * How far the marker of a list item an animation may restyle reaches (`pseudoElement: '::marker'`
 * gave it "█████" at 40 px, or a 500 px bullet, over a label: performed in both browsers before);
 * null while it draws as the item's plain marker (content, font and spacing the item's, no paint of
 * its own), which the item's own style already counts.
 */
export function animatedMarkerExtent(node: Element, style: CSSStyleDeclaration): Sides | null {
  const marker = getComputedStyle(node, '::marker');
  const plain =
    marker.content === 'normal' &&
    MARKER_FONT.every((name) => marker.getPropertyValue(name) === style.getPropertyValue(name) || isBulletFont(name, marker)) &&
    !ownPaint(node, marker);
  return plain ? null : markerExtent(node);
}

/**
 * How far a ::first-letter reaches: a box of its own (floated, padded, bordered, raised), a letter
 * larger than the block's text, a letter sunk over several lines (`initial-letter: 7` drew a 140 px
 * █ below a 20 px block, reach-pseudo.html#initialletter; Chromium only), or a letter painting past
 * its glyph. Null for a plain letter, drawn as the block's other text.
 */
export function firstLetterExtent(node: Element): Sides | null {
  const letter = getComputedStyle(node, '::first-letter');
  const style = getComputedStyle(node);
  const spacing = (sides: readonly string[]) =>
    sides.reduce(
      (sum, side) =>
        sum +
        px(letter.getPropertyValue(`padding-${side}`)) +
        Math.abs(px(letter.getPropertyValue(`margin-${side}`))) +
        px(letter.getPropertyValue(`border-${side}-width`)),
      0,
    );
  const raised = letter.verticalAlign.endsWith('px') ? Math.abs(px(letter.verticalAlign)) : 0;
  const across = spacing(['right', 'left']);
  const high = spacing(['top', 'bottom']) + raised;
  // `initial-letter: N` sizes the letter to N lines of the block (`normal` reads 0; Firefox has none).
  const lines = px(letter.getPropertyValue('initial-letter'));
  const font = Math.max(px(letter.fontSize), lines * (px(style.lineHeight) || px(style.fontSize) * 2) * 1.5);
  const paint = ownPaint(node, letter);
  if (across + high + lines === 0 && letter.cssFloat === 'none' && font <= px(style.fontSize) && !paint) return null;
  return plus(onScreen(firstLineSides(node, style, across + high + font * 2, high + font * 2), zoomed(node)), paint);
}

/** How far what a ::first-line rule paints past the first line's glyphs reaches; null for nothing. */
export function firstLineExtent(node: Element): Sides | null {
  const line = getComputedStyle(node, '::first-line');
  const style = getComputedStyle(node);
  const paint = ownPaint(node, line);
  const font = px(line.fontSize);
  if (!paint && font <= px(style.fontSize)) return null;
  // The line runs across the block, past it only as far as its content overflows.
  const html = node as HTMLElement;
  const over = Math.max(0, metricOf(html, 'scrollWidth') - metricOf(html, 'clientWidth'));
  return plus(onScreen(firstLineSides(node, style, over + font * 2, font * 2), zoomed(node)), paint);
}

/**
 * What the selection's ::selection style paints past the selected text, which may be far from the
 * label: a text-shadow on a selected span 300 px away covered it (reach-pseudo.html#selectionshadow,
 * Chromium). Asked only when the document has a selection, of the selected elements a paint rule
 * may reach (PaintRules: a ::selection rule's, inherited by descendants); from the selected text's bounds.
 */
export function selectionReaches(elements: readonly Element[], rules: PaintRules, area: DOMRect): Element | null {
  const selection = document.getSelection();
  for (let i = 0; selection && !selection.isCollapsed && i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    const box = range.getBoundingClientRect();
    for (const node of elements) {
      if (!rules.mayHaveScanned(node) || !range.intersectsNode(node)) continue;
      const paint = ownPaint(node, getComputedStyle(node, '::selection'));
      if (paint && reaches(box, paint, area)) return node;
    }
  }
  return null;
}

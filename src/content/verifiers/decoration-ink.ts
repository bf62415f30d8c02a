import { parseColour } from './colour';
import { px } from './css-length';
import { pageFont } from './font-ink';
import { isNone } from './paint';
import { describeElement, parentElement } from './visibility';

/**
 * Text decorations drawn through a label's own glyphs. An underline, overline or line-through
 * runs across the text it decorates, the element's own and its descendants' (decorations
 * propagate down the box tree), so one thick enough paints the glyphs out: an 18 px line-through
 * in the button's background colour left an empty button, a white one over a transparent button
 * showed the "Keep open" drawn behind it, and the same from the button's ::first-line or from an
 * inline element inside it — all performed in both browsers with nothing asked (an attacker
 * helper, Dec 4). Paint beyond the line box is paint-beyond.ts's; this is the line over the text.
 *
 * A decoration is thin while its thickness is under THICK_EM of the smaller of its font size and
 * the label's: `auto` (the browser's own) always is, as is `from-font` in a font not the page's
 * own (a page's face may make it anything); a length or percentage is measured, anything else is
 * unbounded. Wavy and double lines take about three times their thickness.
 */
const THICK_EM = 0.15;

/** Why `style`'s own decoration may paint out the text it runs through; null while thin or none. */
export function thickDecoration(style: CSSStyleDeclaration, labelSize = Infinity): string | null {
  const line = style.textDecorationLine;
  if (!line || isNone(line)) return null;
  const colour = parseColour(style.textDecorationColor);
  if (colour !== null && colour[3] === 0) return null;
  const size = Number.parseFloat(style.fontSize) || 16;
  const value = style.textDecorationThickness;
  // The browser's own thickness (auto, or from one of its fonts) is thin in every style.
  if (!value || value === 'auto' || (value === 'from-font' && !pageFont(style))) return null;
  // A page face's own thickness is unknown; a length or a percentage of the font size is read by
  // the one parser of computed lengths (anything else unbounded).
  const thickness = value === 'from-font' ? Infinity : px(value, size);
  const drawn = /wavy|double/u.test(style.textDecorationStyle) ? thickness * 3 : thickness;
  return drawn >= THICK_EM * Math.min(size, labelSize) ? `a ${line} ${value} thick` : null;
}

/**
 * Decorations reach a text from its element and the ancestors they propagate through: not past an
 * atomic inline (an inline-block button keeps its ancestors' lines out) or an element out of flow.
 */
function stopsPropagation(style: CSSStyleDeclaration): boolean {
  return style.display.startsWith('inline-') || style.position === 'absolute' || style.position === 'fixed' || style.cssFloat !== 'none';
}

/**
 * A decoration the element or an ancestor draws through the element's text, thick for the text's
 * size (`size`, px) or the decorating element's; null for none. Read from the element up, to where
 * propagation stops (per task: each label asks its own chain).
 */
export function decoratedBy(element: Element, size: number): string | null {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    const own = thickDecoration(style, size);
    if (own) return `${own} on ${describeElement(node)}`;
    if (stopsPropagation(style)) return null;
  }
  return null;
}

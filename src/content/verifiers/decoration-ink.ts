import { parseColour } from './colour';
import { pageFont } from './font-ink';
import { isNone } from './paint';
import { perTaskChain } from './task-memo';
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
 * A decoration is thin while its thickness is under THICK_EM of its font size: `auto` (the
 * browser's, about a fifteenth of an em), or a length; `from-font` is the font's own, which a
 * page's face may make anything. Wavy and double lines take about three times their thickness.
 */
const THICK_EM = 0.15;

/** Why `style`'s own decoration may paint out the text it runs through; null while thin or none. */
export function thickDecoration(style: CSSStyleDeclaration): string | null {
  const line = style.textDecorationLine;
  if (!line || isNone(line)) return null;
  const colour = parseColour(style.textDecorationColor);
  if (colour !== null && colour[3] === 0) return null;
  const size = Number.parseFloat(style.fontSize) || 16;
  const value = style.textDecorationThickness;
  let thickness: number;
  if (!value || value === 'auto') thickness = size / 15;
  else if (value === 'from-font') thickness = pageFont(style) ? Infinity : size / 15;
  else if (value.endsWith('%')) thickness = ((Number.parseFloat(value) || 0) / 100) * size;
  else thickness = value.endsWith('px') ? Number.parseFloat(value) || 0 : Infinity;
  const drawn = /wavy|double/u.test(style.textDecorationStyle) ? thickness * 3 : thickness;
  return drawn >= THICK_EM * size ? `a ${line} ${value || 'auto'} thick` : null;
}

/** A thick decoration the element or an ancestor draws through the element's text; null for none. */
export function decoratedBy(element: Element): string | null {
  return perTaskChain<string | null>('thick-decoration', element, parentElement, null, (above, node) => {
    if (above) return above;
    const own = thickDecoration(getComputedStyle(node));
    return own ? `${own} on ${describeElement(node)}` : null;
  });
}

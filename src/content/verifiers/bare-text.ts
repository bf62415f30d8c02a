import { px } from './css-length';
import { flatChildren } from './flat-tree';
import { childNodesOf, nodeTypeOf } from './node-reads';
import { describeElement, parentElement } from './visibility';

/**
 * Text of the target's ancestors laid out over its label. Text with no element of its own is
 * listed by no look-up at the label's points (Chromium answers the button there), so a line's own
 * text pulled back over an inline control — a negative word-spacing on the paragraph, the control's
 * own spacing restored — painted "█████████" over "Close panel" and the click was performed (an
 * attacker helper, Dec 4; a negative margin, which moves the control's box, was already caught).
 * Whatever pulls it there, text of an ancestor whose boxes overlap the label is a doubt the pixels
 * settle. Only the ancestors' own text nodes: an element's text is its element's, which a look-up
 * or the scan for layers taking no clicks finds.
 */

/** Text nodes asked over all the ancestors (a page with more gets a doubt, not a pass). */
const MAX_NODES = 256;
/** No ink: the spaces a line breaks or collapses at (other "spaces", such as U+1680, draw). */
const INKLESS = /^[ \t\n\r\f\u00a0\u3000]*$/u;

export function bareTextOver(target: Element, area: DOMRect): string | null {
  const range = document.createRange();
  let asked = 0;
  // Every ancestor: wrapping the control in more inline elements changes nothing on screen.
  for (let node = parentElement(target); node; node = parentElement(node)) {
    let style: CSSStyleDeclaration | null = null;
    for (const text of flatChildren(node)) {
      const value = text.nodeValue ?? '';
      if (nodeTypeOf(text) !== Node.TEXT_NODE || INKLESS.test(value)) continue;
      if (asked++ >= MAX_NODES) return 'too much text around the label to check where it is drawn';
      style ??= getComputedStyle(node);
      const spread = inkSpread(value, style);
      range.selectNodeContents(text);
      for (const rect of range.getClientRects()) {
        if (rect.right + spread > area.left && rect.left - spread < area.right && rect.bottom > area.top && rect.top < area.bottom)
          return `text of ${describeElement(node)} is laid out over the label`;
      }
    }
  }
  return null;
}

/**
 * How far a text's glyphs may paint outside the boxes a range reports: with a negative word- or
 * letter-spacing its box is the sum of its advances, while each glyph is drawn where its own
 * advance puts it (Chromium 156: the "█████████" after a -112 px word space painted 112 px to the
 * left of a 4 px wide box). The spacing a text is laid out with is its parent's.
 */
export function inkSpread(value: string, style: CSSStyleDeclaration): number {
  if (INKLESS.test(value)) return 0;
  const word = negative(style.wordSpacing);
  const letter = negative(style.letterSpacing);
  if (word === 0 && letter === 0) return 0;
  const spaces = value.match(/\s/gu)?.length ?? 0;
  return word * spaces + letter * [...value].length;
}

/** How far a spacing pulls glyphs back: 0 for `normal` or a length ≥ 0; one not read exactly (Firefox's calc() with a percentage) is unbounded. */
function negative(value: string): number {
  const length = px(value);
  return Number.isFinite(length) ? Math.max(0, -length) : Infinity;
}

/** The element's own text nodes' text (not its descendants'), its spaces kept: they carry the word spacing. */
export const ownText = (element: Element) =>
  Array.from(childNodesOf(element), (n) => (nodeTypeOf(n) === Node.TEXT_NODE ? (n.nodeValue ?? '') : '')).join('');

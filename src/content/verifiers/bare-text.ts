import { flatChildren } from './flat-tree';
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

/** Ancestors asked: text flowing around an inline control is its line's, a few levels up at most. */
const MAX_LEVELS = 6;
/** Text nodes asked per ancestor (a huge paragraph is not read whole). */
const MAX_NODES = 64;

export function bareTextOver(target: Element, area: DOMRect): string | null {
  const range = document.createRange();
  for (let level = 0, node = parentElement(target); node && level < MAX_LEVELS; level++, node = parentElement(node)) {
    let asked = 0;
    let style: CSSStyleDeclaration | null = null;
    for (const text of flatChildren(node)) {
      const value = text.nodeValue ?? '';
      if (text.nodeType !== Node.TEXT_NODE || !/\S/u.test(value)) continue;
      if (asked++ >= MAX_NODES) break;
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
function inkSpread(value: string, style: CSSStyleDeclaration): number {
  const word = Math.max(0, -(Number.parseFloat(style.wordSpacing) || 0));
  const letter = Math.max(0, -(Number.parseFloat(style.letterSpacing) || 0));
  if (word === 0 && letter === 0) return 0;
  const spaces = value.match(/\s/gu)?.length ?? 0;
  return word * spaces + letter * [...value].length;
}

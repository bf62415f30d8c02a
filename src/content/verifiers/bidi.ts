import { flatChildren, NOT_CONTENT } from './flat-tree';
import { nodeTypeOf, parentElementOf } from './node-reads';
import { paintedAs } from './transform';
import { opacityProduct } from './visibility';

/**
 * The label in the order it is painted. The DOM holds text in logical order, and the layout
 * applies the Unicode bidi algorithm to it: for the letters of a left-to-right script (and digits
 * among them) the two orders agree, letter by letter, unless something reorders what is shown.
 * Embedding and override controls (RLO "pu llorcS" paints "Scroll up"), `<bdo>` and CSS
 * `unicode-bidi: bidi-override` / `isolate-override`, and layout: letters as inline blocks in a
 * right-to-left box, floats, `flex-direction: row-reverse`, `order`, a grid, absolute positions, a
 * negative `letter-spacing` (an attacker's pages, Dec 6: "yaP" painted "Pay" in both browsers,
 * certified as "yaP"). So the glyphs' own boxes are read: where two consecutive letters of such a
 * run are painted out of reading order, the label is read from the boxes (line by line from the
 * top, each line from the left) and the pixels decide (a doubt): the boxes say what a reader sees
 * without a second implementation of the bidi algorithm or of layout.
 */
export type LabelOrder = {
  /** The painted order differs from the DOM's (letters out of reading order, or an override in force). */
  reordered: boolean;
  /** The text read from the glyphs' boxes; null when nothing was placed or the label is too long to read so. */
  painted: string | null;
};

type Glyph = { ch: string; x: number; left: number; right: number; top: number; bottom: number };

/** Characters (not white space) placed one by one, at most: a longer label (rendered-text.ts reads as many) is left to the pixels. */
const MAX_CHARACTERS = 1_000;

/** LRE, RLE, LRO, RLO (U+202A–U+202E): they reorder or re-embed what follows them. */
const BIDI_REORDER = /[\u202A-\u202E]/u;

/** The label as painted (`text`, the DOM's reading when nothing reorders it), and why the pixels must decide. */
export function readInOrder(element: Element, text: string): { text: string; doubt: string | null } {
  const controls = BIDI_REORDER.test(element.textContent ?? '');
  const order = labelOrder(element);
  if (!controls && !order.reordered) return { text, doubt: null };
  return {
    text: inPaintedOrder(order.painted, text),
    doubt: controls
      ? 'bidi embedding or override controls reorder the label as painted'
      : "the label's letters are painted in another order than the page's text holds them",
  };
}

export function labelOrder(element: Element): LabelOrder {
  const found = glyphsOf(element);
  const { complete, override } = found;
  const style = getComputedStyle(element);
  const ltr = style.direction !== 'rtl';
  // A label turned or skewed (transform.ts paintedAs) is read in its own frame: each glyph's centre
  // taken back through the map, lines a font size apart. A mirrored one reads backwards: the pixels decide.
  const turned = paintedAs(element)?.linear ?? null;
  if (turned && turned[0] * turned[3] - turned[1] * turned[2] <= 0) return { reordered: true, painted: null };
  const glyphs = turned ? inOwnFrame(found.glyphs, turned, Number.parseFloat(style.fontSize) || 16) : found.glyphs;
  // An override reorders letters of a right-to-left script unseen by the check of left-to-right
  // runs; over those alone it changes nothing the boxes would not show (`<bdo dir=ltr>Show</bdo>`).
  const reordered = !complete || outOfOrder(glyphs, ltr) || (override && glyphs.some((glyph) => RIGHT_TO_LEFT.test(glyph.ch)));
  return { reordered, painted: reordered && complete ? readPainted(glyphs) : null };
}

/**
 * The shown text in the order its glyphs are painted, when that is a reordering of the same
 * characters (else the text as the DOM reads it: something shown was not placed, or the reverse).
 */
export function inPaintedOrder(painted: string | null, text: string): string {
  if (painted === null) return text;
  const characters = (s: string) => Array.from(s.replace(CONTROLS_AND_SPACES, '')).sort().join('');
  return characters(painted) === characters(text) ? painted : text;
}

/** The label's characters in DOM order with the boxes they are painted in (none: left out), and whether an override is set in it. */
function glyphsOf(element: Element): { glyphs: Glyph[]; complete: boolean; override: boolean } {
  const glyphs: Glyph[] = [];
  const range = document.createRange();
  const stack: Node[] = [element];
  let count = 0;
  let override = overriddenAround(element);
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (nodeTypeOf(node) === Node.TEXT_NODE) {
      const data = (node as Text).data;
      // Text the reading leaves out (hidden, under 2 px, transparent) places nothing a reader sees:
      // a hidden right-to-left letter between two Latin ones would end the run they are judged in.
      if (!shows(parentElementOf(node as Text))) continue;
      for (let i = 0; i < data.length; ) {
        const ch = String.fromCodePoint(data.codePointAt(i)!);
        if (!/\s/u.test(ch) && ++count > MAX_CHARACTERS) return { glyphs, complete: false, override };
        range.setStart(node, i);
        range.setEnd(node, i + ch.length);
        i += ch.length;
        if (CONTROLS.test(ch)) continue;
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        glyphs.push({ ch, x: rect.left + rect.width / 2, left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      }
      continue;
    }
    if (nodeTypeOf(node) !== Node.ELEMENT_NODE || NOT_CONTENT.has((node as Element).localName)) continue;
    if (node !== element && overrides(node as Element)) override = true;
    const children = Array.from(flatChildren(node));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return { glyphs, complete: true, override };
}

/** The glyphs as placed in the label's own frame: centres through the inverse of its map, boxes a font size tall. */
function inOwnFrame(glyphs: readonly Glyph[], [a, b, c, d]: readonly [number, number, number, number], size: number): Glyph[] {
  const det = a * d - b * c;
  return glyphs.map((glyph) => {
    const x = glyph.x;
    const y = (glyph.top + glyph.bottom) / 2;
    const u = (d * x - c * y) / det;
    const v = (-b * x + a * y) / det;
    // A line is the element's font size, or the glyph's own box where larger (a child's larger font).
    const half = Math.max(size, (glyph.bottom - glyph.top) / Math.sqrt(det)) / 2;
    return { ch: glyph.ch, x: u, left: u - half / 2, right: u + half / 2, top: v - half, bottom: v + half };
  });
}

/** Whether text in the element is painted for a reader: visible, at least 2 px, not transparent. */
function shows(element: Element | null): boolean {
  if (element === null) return false;
  const style = getComputedStyle(element);
  if (style.visibility !== 'visible' || (Number.parseFloat(style.fontSize) || 0) < 2) return false;
  // Faded out as the label's reader leaves it out (rendered-text.ts): hidden right-to-left letters
  // between Latin ones ended every run the order is checked over (a red team, Dec 6: "yaP" painted "Pay").
  if (opacityProduct(element) < 0.1) return false;
  const fill = style.getPropertyValue('-webkit-text-fill-color') || style.color;
  return !/^(?:transparent|rgba\([^)]*,\s*0(?:\.0\d*)?\))$/u.test(fill.trim());
}

/** `unicode-bidi: bidi-override` or `isolate-override` (`<bdo>`'s): the text is painted in its direction, letter by letter. */
const overrides = (element: Element) => getComputedStyle(element).unicodeBidi.includes('override');

/** An override on the element, or on the inline boxes around it and the block they flow in (it reaches inline content). */
function overriddenAround(element: Element): boolean {
  for (let node: Element | null = element; node; node = parentElementOf(node)) {
    if (overrides(node)) return true;
    // A block container or an inline block holds its own paragraph: what is around it does not reach in.
    const display = getComputedStyle(node).display;
    if (display !== 'inline' && display !== 'contents') return false;
  }
  return false;
}

/** Letters of the right-to-left scripts (their runs read leftwards). */
const RIGHT_TO_LEFT =
  /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}\p{Script=Yezidi}\p{Script=Mende_Kikakui}]/u;
const LETTER = /\p{L}/u;
const DIGIT = /\p{Nd}/u;

/**
 * Whether two consecutive letters of a left-to-right run (digits among them; not across a
 * right-to-left letter, nor digits that follow one or open a right-to-left box, which the bidi
 * algorithm places leftwards: "1 2" there paints "2 1") are painted out of reading order: the
 * later one on a line above, or on the same line to the left.
 */
function outOfOrder(glyphs: readonly Glyph[], ltr: boolean): boolean {
  let previous: Glyph | null = null;
  let strong: 'L' | 'R' | null = null;
  for (const glyph of glyphs) {
    if (RIGHT_TO_LEFT.test(glyph.ch)) {
      strong = 'R';
      previous = null;
      continue;
    }
    const letter = LETTER.test(glyph.ch);
    if (!letter && !DIGIT.test(glyph.ch)) continue;
    if (letter) strong = 'L';
    else if (strong === 'R' || (strong === null && !ltr)) {
      previous = null;
      continue;
    }
    if (previous && paintedBefore(glyph, previous)) return true;
    previous = glyph;
  }
  return false;
}

/**
 * Whether a glyph is painted before the previous one of its run: on a line above, or on the same
 * line to its left. A later line starts at least LINE_STEP of a line below: a staircase of letters
 * each a little lower reads as one slanted line ("P", "a", "y" stepped up from the left read "Pay"
 * while the DOM held "yaP": a review, Dec 6), so it is judged as one.
 */
function paintedBefore(glyph: Glyph, previous: Glyph): boolean {
  const step = (glyph.top + glyph.bottom) / 2 - (previous.top + previous.bottom) / 2;
  const line = Math.max(glyph.bottom - glyph.top, previous.bottom - previous.top);
  if (step < -line / 2) return true;
  if (step >= LINE_STEP * line) return false;
  return glyph.x < previous.x - 0.5;
}
const LINE_STEP = 0.8;

/** The glyphs read as painted: line by line from the top, each from the left, a space where they stand apart. */
function readPainted(glyphs: readonly Glyph[]): string | null {
  if (glyphs.length === 0) return null;
  // Lines: glyphs whose vertical centre falls inside a line's extent belong to it.
  const sorted = [...glyphs].sort((a, b) => a.top - b.top);
  const lines: Glyph[][] = [];
  for (const glyph of sorted) {
    const centre = (glyph.top + glyph.bottom) / 2;
    const line = lines.find((l) => centre >= l[0]!.top && centre <= l[0]!.bottom);
    if (line) line.push(glyph);
    else lines.push([glyph]);
  }
  return lines
    .map((line) => {
      line.sort((a, b) => a.x - b.x);
      let text = '';
      for (let i = 0; i < line.length; i++) {
        const glyph = line[i]!;
        const before = line[i - 1];
        // Letters set apart by layout (a flex gap, a margin) with no space character between them.
        if (before && !/\s/u.test(before.ch + glyph.ch) && glyph.left - before.right > SPACE_HEIGHTS * (glyph.bottom - glyph.top))
          text += ' ';
        text += glyph.ch;
      }
      return text;
    })
    .join(' ')
    .replace(/[^\S\uFEFF]+/gu, ' ')
    .trim();
}

/** A gap of this much of a glyph's height (its line box, about 1.2 em) reads as a space: text-runs.ts's 0.25 em. */
const SPACE_HEIGHTS = 0.2;

/** Bidi formatting characters (LRE…RLO, PDF, LRI…PDI, LRM, RLM, ALM): they paint nothing. */
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const CONTROLS_AND_SPACES = /[\s\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

import { flatChildren, NOT_CONTENT } from './flat-tree';

/**
 * The label in the order it is painted, read from the glyphs' own boxes: line by line from the
 * top, each line from the left. Embedding and override controls (RLO "pu llorcS" paints "Scroll
 * up") make the DOM's order differ from what is shown; the layout already applied the Unicode
 * bidi algorithm, so the boxes say what a reader sees without a second implementation of it.
 * Null when there is nothing to place or more than MAX_CHARACTERS characters.
 */
export function paintedOrder(element: Element): string | null {
  const glyphs: { ch: string; x: number; top: number; bottom: number }[] = [];
  const range = document.createRange();
  const stack: Node[] = [element];
  let count = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE) {
      const data = (node as Text).data;
      for (let i = 0; i < data.length; ) {
        const ch = String.fromCodePoint(data.codePointAt(i)!);
        if (++count > MAX_CHARACTERS) return null;
        range.setStart(node, i);
        range.setEnd(node, i + ch.length);
        i += ch.length;
        if (CONTROLS.test(ch)) continue;
        const rect = range.getBoundingClientRect();
        if (rect.width === 0 && rect.height === 0) continue;
        glyphs.push({ ch, x: rect.left + rect.width / 2, top: rect.top, bottom: rect.bottom });
      }
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE || NOT_CONTENT.has((node as Element).localName)) continue;
    const children = Array.from(flatChildren(node));
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  if (glyphs.length === 0) return null;
  // Lines: glyphs whose vertical centre falls inside a line's extent belong to it.
  glyphs.sort((a, b) => a.top - b.top);
  const lines: (typeof glyphs)[] = [];
  for (const glyph of glyphs) {
    const centre = (glyph.top + glyph.bottom) / 2;
    const line = lines.find((l) => centre >= l[0]!.top && centre <= l[0]!.bottom);
    if (line) line.push(glyph);
    else lines.push([glyph]);
  }
  return lines
    .map((line) =>
      line
        .sort((a, b) => a.x - b.x)
        .map((g) => g.ch)
        .join(''),
    )
    .join(' ')
    .replace(/[^\S\uFEFF]+/gu, ' ')
    .trim();
}

/** Bidi formatting characters (LRE…RLO, PDF, LRI…PDI, LRM, RLM, ALM): they paint nothing. */
const CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
const CONTROLS_AND_SPACES = /[\s\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;

/**
 * The shown text in the order its glyphs are painted, when that is a reordering of the same
 * characters (else the text as the DOM reads it: something shown was not placed, or the reverse).
 */
export function inPaintedOrder(element: Element, text: string): string {
  const painted = paintedOrder(element);
  if (painted === null) return text;
  const characters = (s: string) => Array.from(s.replace(CONTROLS_AND_SPACES, '')).sort().join('');
  return characters(painted) === characters(text) ? painted : text;
}
const MAX_CHARACTERS = 400;

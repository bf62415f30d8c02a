import { childNodesOf, nodeTypeOf } from './node-reads';
import { doubt, memoised } from './paint';

/**
 * How large a label's glyphs are drawn relative to what its font size says. A web font can draw
 * them at any size: `@font-face { size-adjust: 6% }` (with ascent/descent overrides that keep the
 * line box tall) drew "Close panel" at 1 px on an attacker's page while the CSS font size, the
 * line's client rects and every check on them said 16 px (both browsers). The browser's own text
 * measurement, with the element's font, says how tall the ink is; compared with the same text in
 * the default sans-serif, its ratio scales the glyph size legibility.ts judges (never up).
 * `font-size-adjust` is applied by the page's layout, not by a canvas font, so it is worked out
 * from the font's measured x-height; a form of it that cannot be, is a doubt.
 */

let context: CanvasRenderingContext2D | null | undefined;
/** A canvas to measure text with (shared: each use sets its font). */
export const canvas2d = () => {
  if (context === undefined) context = document.createElement('canvas').getContext('2d');
  return context;
};
const cache = new Map<string, number>();
const MAX_CACHE = 256;

function ink(ctx: CanvasRenderingContext2D, text: string): number {
  const m = ctx.measureText(text);
  return Math.max(0, m.actualBoundingBoxAscent + m.actualBoundingBoxDescent);
}

/** The element's own text, as the label's glyphs to measure. */
function ownText(element: Element): string {
  let text = '';
  for (const child of childNodesOf(element)) if (nodeTypeOf(child) === Node.TEXT_NODE) text += child.textContent ?? '';
  return text.trim().slice(0, 64);
}

const unquoted = (family: string) =>
  family
    .trim()
    .replace(/^["']|["']$/gu, '')
    .toLowerCase();

/**
 * The families the page's own font faces (`@font-face`, `new FontFace`) define, once per task;
 * null when they cannot be read (then every font is measured). Only such a face can be made to
 * draw smaller than its size: the browser's own fonts cannot be given a size-adjust.
 */
function pageFamilies(): Set<string> | null {
  return memoised('page-font-families', () => {
    try {
      const families = new Set<string>();
      document.fonts.forEach((face) => {
        families.add(unquoted(face.family));
      });
      return families;
    } catch {
      return null;
    }
  });
}

/** Whether the style's font may be one of the page's own faces (which a size-adjust can redraw at any size). */
export function pageFont(style: CSSStyleDeclaration): boolean {
  const faces = pageFamilies();
  return faces === null || style.fontFamily.split(',').some((f) => faces.has(unquoted(f)));
}

/** The factor (0–1) by which the element's font draws its text smaller than its font size says. */
export function inkScale(element: Element, style: CSSStyleDeclaration): number {
  const adjusted = style.getPropertyValue('font-size-adjust');
  const faces = pageFamilies();
  if ((!adjusted || adjusted === 'none') && faces !== null && !style.fontFamily.split(',').some((f) => faces.has(unquoted(f)))) return 1;
  const text = ownText(element);
  if (text === '') return 1;
  const font = `${style.fontStyle} ${style.fontWeight} 100px ${style.fontFamily}`;
  const adjust = style.getPropertyValue('font-size-adjust');
  const key = `${font}\u0000${adjust}\u0000${text}`;
  const known = cache.get(key);
  if (known !== undefined) return known;
  const ctx = canvas2d();
  if (!ctx) return 1;
  const reference = `${style.fontStyle} ${style.fontWeight} 100px sans-serif`;
  ctx.font = reference;
  const normal = ink(ctx, text);
  const referenceFont = ctx.font;
  ctx.font = font;
  // An unparsable font string leaves the context's font as it was: then nothing can be said here.
  let scale =
    ctx.font === referenceFont && !/^\s*sans-serif\s*$/u.test(style.fontFamily) ? 1 : normal > 0 ? Math.min(1, ink(ctx, text) / normal) : 1;
  let cacheable = true;
  if (adjust && adjust !== 'none') {
    const number = /^(?:ex-height\s+)?([\d.]+)$/u.exec(adjust.trim());
    const xHeight = ctx.measureText('x').actualBoundingBoxAscent / 100;
    if (number && xHeight > 0) scale *= Math.min(1, Number.parseFloat(number[1]!) / xHeight);
    else {
      doubt(`font-size-adjust ${adjust.slice(0, 30)} sets the size of the text`);
      cacheable = false; // not cached: the doubt is raised on every certification
    }
  }
  if (cache.size >= MAX_CACHE) cache.clear();
  if (cacheable) cache.set(key, scale);
  return scale;
}

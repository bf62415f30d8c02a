import { composeLinear, minScale } from '../../core/pixels/linear';
import type { Linear } from '../../core/pixels/upright';
import { inkScale } from './font-ink';
import { metricOf } from './node-reads';
import { perTaskChain } from './task-memo';
import { parentElement } from './visibility';

/**
 * Legibility in on-screen pixels, not in CSS numbers: how large glyphs and controls are once
 * font-size, transforms (matrix, scale, rotate properties) and zoom are applied.
 *
 * Thresholds, in CSS px (the reference pixel is 1/96 in seen at arm's length, ≈0.0213° of visual
 * angle), from visual acuity: 20/20 vision resolves letters whose height subtends 5 arcmin
 * (0.083°, Snellen), ≈3.9 px of cap height, i.e. a font-size of ≈5.5 px. Below MIN_GLYPH_PX no
 * normally sighted user reads the text at the reference distance, so it is not a shown label.
 * Between that and SMALL_GLYPH_PX (an x-height under ≈0.1°, the acuity reserve reading research
 * puts at the limit of fluent reading, Legge & Bigelow 2011) the text may be readable with effort:
 * the DOM cannot say, the pixels decide. 11–12 px text, scale(0.8) or zoom 0.9 of a 13–16 px label
 * stay above both. A control whose shorter on-screen side is under MIN_CONTROL_PX cannot show a
 * legible glyph or a recognisable icon; WCAG 2.5.8's 24 px target size has exceptions (inline
 * links, spacing, equivalents), so it is not used to block ordinary small controls.
 */
export const MIN_GLYPH_PX = 6;
export const SMALL_GLYPH_PX = 9;
export const MIN_CONTROL_PX = 6;

const IDENTITY: Linear = [1, 0, 0, 1];

/** The element's own transform properties (translate · rotate · scale · transform); null when 3D or unreadable. */
function ownLinear(style: CSSStyleDeclaration): Linear | null {
  let m = IDENTITY;
  const rotate = style.rotate;
  if (rotate && rotate !== 'none') {
    const angle = /^(-?[\d.]+)deg$/u.exec(rotate.trim());
    if (!angle) return null;
    const r = (Number.parseFloat(angle[1]!) * Math.PI) / 180;
    m = composeLinear(m, [Math.cos(r), Math.sin(r), -Math.sin(r), Math.cos(r)]);
  }
  const scale = style.scale;
  if (scale && scale !== 'none') {
    const parts = scale.trim().split(/\s+/u).map(Number.parseFloat);
    if (parts.length > 2 || parts.some((n) => !Number.isFinite(n))) return null;
    m = composeLinear(m, [parts[0]!, 0, 0, parts[1] ?? parts[0]!]);
  }
  const transform = style.transform;
  if (transform && transform !== 'none') {
    try {
      const matrix = new DOMMatrixReadOnly(transform);
      if (!matrix.is2D) return null;
      m = composeLinear(m, [matrix.a, matrix.b, matrix.c, matrix.d]);
    } catch {
      return null;
    }
  }
  return m;
}

/** The linear map from the element's own box to the viewport (its and its ancestors' transforms), or null (3D, unreadable). */
export function screenLinear(element: Element): Linear | null {
  return perTaskChain<Linear | null>('screen-linear', element, parentElement, IDENTITY, (above, node) => {
    if (above === null) return null;
    const own = ownLinear(getComputedStyle(node));
    return own === null ? null : composeLinear(above, own);
  });
}

export function cssZoom(element: Element): number {
  const zoom = (element as Element & { currentCSSZoom?: number }).currentCSSZoom;
  return typeof zoom === 'number' && Number.isFinite(zoom) && zoom > 0 ? zoom : 1;
}

/**
 * The on-screen size of the glyphs `element` paints, in CSS px: font-size × zoom × the smallest
 * scale of the transforms × how much smaller its font draws than its size says (font-ink.ts), and no more than the text's own client rects allow (a line box is
 * ≈1.2 em tall); null when there is no text box to measure and the transforms are unreadable.
 */
export function glyphPx(element: Element, style: CSSStyleDeclaration, rects: readonly DOMRect[]): number | null {
  const fontSize = Number.parseFloat(style.fontSize);
  if (!Number.isFinite(fontSize)) return null;
  const linear = screenLinear(element);
  // What the font draws may be smaller than its size says (font-ink.ts).
  const ink = inkScale(element, style);
  const fromStyle = linear === null ? null : fontSize * cssZoom(element) * minScale(linear) * ink;
  const tallest = rects.reduce((max, rect) => Math.max(max, rect.height), 0);
  const fromRects = tallest > 0 ? (tallest / 1.2) * ink : null;
  if (fromStyle === null) return fromRects;
  return fromRects === null ? fromStyle : Math.min(fromStyle, fromRects);
}

/** The element's box as drawn: its centre and the images of its two sides (CSS px), or null when only the bounding box is known. */
export function screenBox(element: Element): { centre: [number, number]; u: [number, number]; v: [number, number] } | null {
  if (!(element instanceof HTMLElement) || getComputedStyle(element).display === 'inline') return null;
  const linear = screenLinear(element);
  if (linear === null) return null;
  const zoom = cssZoom(element);
  const rect = element.getBoundingClientRect();
  const [a, b, c, d] = linear;
  const w = metricOf(element, 'offsetWidth') * zoom;
  const h = metricOf(element, 'offsetHeight') * zoom;
  // The bounding box of a parallelogram is centred on the image of the box's centre.
  return { centre: [rect.left + rect.width / 2, rect.top + rect.height / 2], u: [a * w, b * w], v: [c * h, d * h] };
}

/**
 * Points inside the element's drawn box at the given fractions of its sides: under rotate() or
 * skew() the corners of the bounding rectangle lie outside the element.
 */
export function pointsInBox(element: Element, fractions: readonly (readonly [number, number])[]): [number, number][] {
  const box = screenBox(element);
  if (box === null) {
    const rect = element.getBoundingClientRect();
    return fractions.map(([fx, fy]) => [rect.left + rect.width * fx, rect.top + rect.height * fy]);
  }
  const { centre, u, v } = box;
  return fractions.map(([fx, fy]) => [
    centre[0] + u[0] * (fx - 0.5) + v[0] * (fy - 0.5),
    centre[1] + u[1] * (fx - 0.5) + v[1] * (fy - 0.5),
  ]);
}

/** Why the control is too small to show anything legible on screen, or null. */
export function tooSmallOnScreen(element: Element): string | null {
  const rect = element.getBoundingClientRect();
  let width = rect.width;
  let height = rect.height;
  const box = screenBox(element);
  if (box !== null) {
    width = Math.min(width, Math.hypot(...box.u));
    height = Math.min(height, Math.hypot(...box.v));
  }
  if (Math.min(width, height) < MIN_CONTROL_PX) {
    return `too small to see (${width.toFixed(1)}×${height.toFixed(1)} px on screen, under ${MIN_CONTROL_PX} px)`;
  }
  // Drawn at a scale where its own text could not be read (zoom:0.1 keeps a box of a few pixels
  // around text a browser will not shrink below its minimum font size, but no legible glyph).
  const linear = screenLinear(element);
  const scale = cssZoom(element) * (linear === null ? 1 : minScale(linear));
  const fontSize = Number.parseFloat(getComputedStyle(element).fontSize) || 16;
  if (fontSize * scale < MIN_GLYPH_PX) {
    return `drawn at ${(scale * 100).toFixed(0)}% scale: its ${fontSize.toFixed(0)} px text would be ${(fontSize * scale).toFixed(1)} px on screen`;
  }
  return null;
}

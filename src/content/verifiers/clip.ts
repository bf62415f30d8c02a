import { zoomed } from './reach-sides';
import { drawnScale, gutters } from './scrollbars';
import type { Box, Scene } from './text-runs';

/** What a clipping box (overflow, the viewport) lets through of the text inside it. */

/**
 * A clip: the rectangle every clipping box up the tree leaves (their intersection), and the rounded
 * ones among them. A box with `border-radius` clips its content to its padding box with the inner
 * radii (CSS Backgrounds 3 §5.3): a label in a rounded box's corner is cut away though it lies
 * inside the rectangle (a 400 px circle, `overflow: hidden`, its label in the corner: allowed and
 * performed in both browsers, a red team's round 8).
 */
export type Clip = Box & {
  rounded?: readonly Rounded[];
  /** Why a rounded clip's curve could not be read (a radius in calc(), min()…, a clip margin, a turned box): the pixels read the corners. */
  unsure?: string;
};

/** A padding box and its corners' radii on screen (x, y), top-left, top-right, bottom-right, bottom-left. */
export type Rounded = { box: Box; radii: readonly (readonly [number, number])[] };

/**
 * Paint containment (`contain: paint`, or `content` / `strict`, which include it) clips what the
 * box holds to its padding box on both axes, as `overflow: clip` does, whatever `overflow` says.
 */
const paintContained = (style: CSSStyleDeclaration) => /\b(?:paint|content|strict)\b/u.test(style.contain);

/** Whether the box clips its content across the line (inline boxes and display: contents clip nothing). */
export function clipsAcross(style: CSSStyleDeclaration, display: string): boolean {
  return display !== 'inline' && display !== 'contents' && (style.overflowX !== 'visible' || paintContained(style));
}

/**
 * A box that clips its content (overflow other than visible, on each axis, or paint containment) narrows the clip to its
 * padding box: the border is painted outside what it clips (a button held to max-height:0 still
 * paints its border and padding, and not its text).
 */
export function clipOf(node: Element, style: CSSStyleDeclaration, display: string, clip: Clip): Clip {
  if (display === 'inline' || display === 'contents') return clip;
  const contained = paintContained(style);
  const x = contained || style.overflowX !== 'visible';
  const y = contained || style.overflowY !== 'visible';
  if (!x && !y) return clip;
  const rect = node.getBoundingClientRect();
  // Border widths as drawn: the bounding box is transformed, offsetWidth/Height are not.
  const [sx, sy] = drawnScale(node, rect);
  const border = (side: string) =>
    (Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0) * (side === 'left' || side === 'right' ? sx : sy);
  // Scrollbars are painted over the padding box's edge, and the content is clipped short of them
  // (a 125 px ::-webkit-scrollbar left a control's label under it; scrollbars.ts).
  const bars = gutters(node, style);
  const start = bars.left ? bars.vertical * sx : 0;
  const end = bars.left ? 0 : bars.vertical * sx;
  // A curve only where both axes clip (one clipping axis leaves the other unbounded).
  const corners = x && y ? roundedPadding(node, style, rect, border, sx, sy) : null;
  const unsure = clip.unsure ?? corners?.unsure;
  // `overflow: clip` (and paint containment) paints up to overflow-clip-margin past the padding box
  // (past the border box with `border-box`): "and pay $500" showed 200 px past a zero-width box while
  // the reader took it for clipped (a red team, Dec 6). Taken from the padding box at the least.
  const margin = (axis: 'X' | 'Y', near: string, far: string) => {
    if (!contained && style[`overflow${axis}`] !== 'clip') return [0, 0];
    const value = style.getPropertyValue('overflow-clip-margin');
    const length = (Number.parseFloat(value.replace(/[a-z-]+-box/u, '')) || 0) * (axis === 'X' ? sx : sy);
    return /border-box/u.test(value) ? [length + border(near), length + border(far)] : [length, length];
  };
  const [ml, mr] = margin('X', 'left', 'right');
  const [mt, mb] = margin('Y', 'top', 'bottom');
  return {
    ...(unsure ? { unsure } : {}),
    left: x ? Math.max(clip.left, rect.left + border('left') + start - ml!) : clip.left,
    right: x ? Math.min(clip.right, rect.right - border('right') - end + mr!) : clip.right,
    top: y ? Math.max(clip.top, rect.top + border('top') - mt!) : clip.top,
    bottom: y ? Math.min(clip.bottom, rect.bottom - border('bottom') - bars.horizontal * sy + mb!) : clip.bottom,
    ...(corners || clip.rounded ? { rounded: [...(clip.rounded ?? []), ...(corners ? [corners] : [])] } : {}),
  };
}

const CORNERS = ['top-left', 'top-right', 'bottom-right', 'bottom-left'] as const;

/** The top-level parts of a computed value (spaces inside calc(…) do not split it). */
function parts(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let part = '';
  for (const char of value.trim()) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (/\s/u.test(char) && depth === 0) {
      if (part) out.push(part);
      part = '';
    } else part += char;
  }
  if (part) out.push(part);
  return out;
}

/**
 * A radius as computed: a length, a percentage of `of`, or calc() of a sum of those (what the
 * browser leaves of a mixed one, "calc(50% + 1px)"); NaN for anything else (min(), max(), clamp()…).
 */
function radius(value: string, of: number, scale: number): number {
  const term = (text: string) => {
    const m = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px|%)$/iu.exec(text);
    if (!m) return Number.NaN;
    return m[2] === '%' ? (Number(m[1]) / 100) * of : Number(m[1]) * scale;
  };
  if (value === '0') return 0;
  const calc = /^calc\((.*)\)$/isu.exec(value);
  if (!calc) return term(value);
  // A sum: terms joined by " + " or " - " (as computed values are serialised).
  const tokens = calc[1]!.trim().split(/\s+([-+])\s+/u);
  let sum = term(tokens[0]!);
  for (let i = 1; i + 1 < tokens.length; i += 2) sum += (tokens[i] === '-' ? -1 : 1) * term(tokens[i + 1]!);
  return sum;
}

/**
 * The padding box with its inner radii, on screen; null where every corner is square. The outer
 * radii are read as computed (a length or a percentage of the border box, one value or two),
 * scaled down together where adjacent ones overlap (§5.5), then narrowed by the borders. A curve
 * that cannot be read is taken at its largest (an ellipse filling the box) and said to be unsure.
 */
function roundedPadding(
  node: Element,
  style: CSSStyleDeclaration,
  rect: DOMRect,
  border: (side: string) => number,
  sx: number,
  sy: number,
): (Rounded & { unsure?: string }) | null {
  const width = rect.width;
  const height = rect.height;
  let unsure: string | undefined;
  const outer: [number, number][] = CORNERS.map((corner): [number, number] => {
    const [h = '0', v = h] = parts(style.getPropertyValue(`border-${corner}-radius`));
    let rx = radius(h, width, sx);
    let ry = radius(v, height, sy);
    if (!Number.isFinite(rx) || !Number.isFinite(ry)) {
      unsure = 'a rounded clip whose radius the DOM cannot read';
      [rx, ry] = [width, height];
    }
    return rx > 0 && ry > 0 ? [rx, ry] : [0, 0];
  });
  if (outer.every(([rx]) => rx === 0)) return null;
  // overflow-clip-margin moves the curve outwards (or to the content box): not modelled.
  const margin = style.getPropertyValue('overflow-clip-margin').trim();
  if (margin !== '' && margin !== '0px' && margin !== 'padding-box 0px' && margin !== 'padding-box')
    unsure ??= 'a rounded clip with a clip margin';
  // The bounding box of a turned box is not the box: its curve is not where it would be.
  const m = zoomed(node);
  if (m === undefined || Math.abs(m.b) > 1e-6 || Math.abs(m.c) > 1e-6) unsure ??= 'a rounded clip on a turned box';
  const [tl, tr, br, bl] = outer as [[number, number], [number, number], [number, number], [number, number]];
  const f = Math.min(
    1,
    width / Math.max(1e-9, tl[0] + tr[0]),
    width / Math.max(1e-9, bl[0] + br[0]),
    height / Math.max(1e-9, tl[1] + bl[1]),
    height / Math.max(1e-9, tr[1] + br[1]),
  );
  const left = border('left');
  const right = border('right');
  const top = border('top');
  const bottom = border('bottom');
  const inner = (r: [number, number], side: number, across: number): [number, number] => {
    const rx = r[0] * f - side;
    const ry = r[1] * f - across;
    return rx > 0 && ry > 0 ? [rx, ry] : [0, 0];
  };
  return {
    box: { left: rect.left + left, right: rect.right - right, top: rect.top + top, bottom: rect.bottom - bottom },
    radii: [inner(tl, left, top), inner(tr, right, top), inner(br, right, bottom), inner(bl, left, bottom)],
    ...(unsure ? { unsure } : {}),
  };
}

/** Whether a point is inside a rounded padding box: inside its box, and inside the ellipse of any corner it lies in. */
function insideRounded(x: number, y: number, { box, radii }: Rounded): boolean {
  if (x < box.left || x > box.right || y < box.top || y > box.bottom) return false;
  const centres: [number, number, readonly [number, number]][] = [
    [box.left + radii[0]![0], box.top + radii[0]![1], radii[0]!],
    [box.right - radii[1]![0], box.top + radii[1]![1], radii[1]!],
    [box.right - radii[2]![0], box.bottom - radii[2]![1], radii[2]!],
    [box.left + radii[3]![0], box.bottom - radii[3]![1], radii[3]!],
  ];
  for (const [index, [cx, cy, [rx, ry]]] of centres.entries()) {
    if (rx === 0) continue;
    const inCorner = (index === 0 || index === 3 ? x < cx : x > cx) && (index < 2 ? y < cy : y > cy);
    if (inCorner && ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 > 1) return false;
  }
  return true;
}

/** Whether a rounded corner of the clip cuts into the box (the rounded box is convex: its four corners decide). */
export function cornerCuts(box: Box, clip: Clip): boolean {
  if (!clip.rounded) return false;
  const points: [number, number][] = [
    [box.left, box.top],
    [box.right, box.top],
    [box.right, box.bottom],
    [box.left, box.bottom],
  ];
  return clip.rounded.some((round) => points.some(([x, y]) => !insideRounded(x, y, round)));
}

/** Samples per letter, across and down, where a rounded corner cuts into it. */
const SAMPLES = 4;

/** The share of a letter's sample points inside every rounded clip, where rounded corners cut into it. */
function roundedShare(r: Box, clip: Clip): number {
  if (!clip.rounded || !cornerCuts(r, clip)) return 1;
  let inside = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      const x = r.left + ((i + 0.5) / SAMPLES) * (r.right - r.left);
      const y = r.top + ((j + 0.5) / SAMPLES) * (r.bottom - r.top);
      if (clip.rounded.every((round) => insideRounded(x, y, round))) inside++;
    }
  }
  return inside / (SAMPLES * SAMPLES);
}

/**
 * Whether a text box shows through the clip as text: some of it across, and most of its height.
 * A line cut to a sliver (an overflow box a few pixels tall over a line of text) shows strokes,
 * not letters; a box shaved at the edges (a tight line box) still reads.
 */
export const showsThrough = (box: Box, clip: Box) =>
  box.right > clip.left &&
  box.left < clip.right &&
  Math.min(box.bottom, clip.bottom) - Math.max(box.top, clip.top) >= SHOWN_HEIGHT * (box.bottom - box.top);

/** The share of a text box's height that must be inside its clip to read (glyphs fill ≈ 70–80% of the box). */
const SHOWN_HEIGHT = 0.75;

/** A line box reaching past its clip across the line, beyond sub-pixel rounding. */
export const cutAcross = (box: Box, clip: Box) => box.left < clip.left - 0.5 || box.right > clip.right + 0.5;

/** The share of a letter's width that must be inside the clip for the letter to count as shown. */
const SHOWN_WIDTH = 0.5;
/** Of its area, inside a rounded clip's curve (SHOWN_WIDTH × SHOWN_HEIGHT, about): sampled on a grid. */
const SHOWN_AREA = 0.375;

/**
 * The text node's letters as the clip shows them, one grapheme at a time: a letter shows when at
 * least SHOWN_WIDTH of its width (and SHOWN_HEIGHT of its height) is inside the clip; the letters
 * cut away leave a space, so the pieces left of a word do not read as one word.
 */
export function lettersInside(text: Text, clip: Clip, scene: Scene): string {
  const range = document.createRange();
  let shown = '';
  let gap = false;
  for (const { segment, index } of scene.graphemes(text.data)) {
    if (segment.trim() === '') {
      shown += segment;
      continue;
    }
    range.setStart(text, index);
    range.setEnd(text, index + segment.length);
    const inside = Array.from(range.getClientRects()).some((r) => {
      const across = Math.min(r.right, clip.right) - Math.max(r.left, clip.left);
      const down = Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top);
      // Where a rounded corner cuts into it: most of it inside the curve as well (SHOWN_AREA).
      return (
        r.width > 0 && across >= SHOWN_WIDTH * r.width && down >= SHOWN_HEIGHT * (r.bottom - r.top) && roundedShare(r, clip) >= SHOWN_AREA
      );
    });
    if (inside) {
      shown += gap ? ` ${segment}` : segment;
      gap = false;
    } else gap = shown !== '';
  }
  return shown;
}

/**
 * Whether this box's clip across the line (if it has one) marks its cut with an ellipsis; `above`
 * when it does not clip. text-overflow draws one only where overflow clips, not under paint containment alone.
 */
export function ellipsisOf(style: CSSStyleDeclaration, display: string, above: boolean): boolean {
  if (!clipsAcross(style, display)) return above;
  return style.overflowX !== 'visible' && style.textOverflow === 'ellipsis';
}

import { lengths, px } from './css-length';
import { cssZoom } from './legibility';
import { metricOf } from './node-reads';
import { offsetSides, type Sides } from './paint';
import { linearOf } from './transform';

/**
 * How far paint reaches past each side of a box, and where: the geometry paint-beyond.ts bounds
 * its reach with (side by side, through the box's transform and zoom), and the first-line paint of
 * a block (its list marker, its first letter).
 */

export { px } from './css-length';

export const around = (n: number): Sides => ({ top: n, right: n, bottom: n, left: n });
/** Grows `into` to reach as far as `sides` on each side. */
export function widen(into: Sides, sides: Sides): void {
  into.top = Math.max(into.top, sides.top);
  into.right = Math.max(into.right, sides.right);
  into.bottom = Math.max(into.bottom, sides.bottom);
  into.left = Math.max(into.left, sides.left);
}

/** Paint reaching `b` past a box that reaches `a` past the element's. */
export const added = (a: Sides, b: Sides): Sides => ({
  top: a.top + b.top,
  right: a.right + b.right,
  bottom: a.bottom + b.bottom,
  left: a.left + b.left,
});

export const widest = (sides: Sides) => Math.max(sides.top, sides.right, sides.bottom, sides.left);

/**
 * Paint beyond the box, side by side: a shadow cast 200 px to the right reaches nothing above, below
 * or to the left, and an honest button three lines under it is no business of it (counted on every
 * side, it sent every button of such a page to the pixels: ~1 s, and an ask with OCR off). The
 * lengths are the element's own, so its transform, composed up the flat tree, and its CSS zoom turn
 * them into the viewport's: scaled per axis, or, rotated, skewed or flipped, the widest side on every side times
 * the largest stretch. A 3D transform has no such bound (Infinity: any box may be reached).
 */
export function onScreen(sides: Sides, m: DOMMatrix | undefined): Sides {
  if (widest(sides) === 0) return sides;
  if (m === undefined) return around(Number.POSITIVE_INFINITY);
  if (upright(m)) return { top: sides.top * m.d, right: sides.right * m.a, bottom: sides.bottom * m.d, left: sides.left * m.a };
  return around(widest(sides) * stretch(m));
}

/** Whether the map only scales, each axis by a positive factor (no turn, skew or flip). */
export const upright = (m: DOMMatrix) => m.b === 0 && m.c === 0 && m.a > 0 && m.d > 0;

/** An upper bound of how much the map lengthens any length (its largest row sum). */
export const stretch = (m: DOMMatrix) => Math.max(Math.abs(m.a) + Math.abs(m.c), Math.abs(m.b) + Math.abs(m.d));

/** The box's transform with its CSS zoom (which scales its lengths as a scale() would), or undefined (3D). */
export function zoomed(element: Element, own?: CSSStyleDeclaration): DOMMatrix | undefined {
  const m = linearOf(element, own);
  const zoom = cssZoom(element);
  return m === undefined || zoom === 1 ? m : m.scale(zoom, zoom);
}

/**
 * How far a filter paints past the box: its functions apply one after another, so their reaches add
 * up. A drop-shadow is moved by its offset and grown by its blur, a blur grows the box by three
 * standard deviations on every side; the others (brightness, grayscale…) paint within it.
 */
export function filterSides(filter: string): Sides {
  const sum: Sides = around(0);
  for (const [, name, args] of filter.replace(/url\([^)]*\)/gu, '').matchAll(/([\w-]+)\(((?:[^()]|\([^()]*\))*)\)/gu)) {
    if (name !== 'drop-shadow' && name !== 'blur') continue;
    // `1e+06px` read as 6 px let a drop-shadow cast from far away through (reach-geometry.html#exponentdrop).
    const values = lengths(args ?? '');
    let own: Sides;
    if (values === null) own = around(Number.POSITIVE_INFINITY);
    else if (name === 'drop-shadow') own = offsetSides(values[0] ?? 0, values[1] ?? 0, Math.abs(values[2] ?? 0) * 3);
    else own = around(Math.abs(values[0] ?? 0) * 3);
    sum.top += own.top;
    sum.right += own.right;
    sum.bottom += own.bottom;
    sum.left += own.left;
  }
  return sum;
}

/**
 * A reflection is a copy of what the box paints, mirrored on one side of it, as far from it as its
 * offset: everything the box paints (`ink`, on screen: its content overflowing it, its own shadows)
 * is mirrored with it. Content overflowing a 10 px box's top was reflected over a button below it
 * while only the box was counted (reach-geometry.html#reflectoverflow). The offset is read from the
 * computed value (`right 82px`, `below 0px linear-gradient(…)`), a percentage of the box's side
 * (`right 300%`, reach-geometry.html#reflectpct); any other form, or a box turned or flipped on
 * screen, reaches every side.
 */
export function reflection(value: string, box: DOMRect, m: DOMMatrix | undefined, ink: Sides): Sides {
  const [side = '', offset = ''] = value.trim().split(/\s+/u);
  const sides = ['top', 'right', 'bottom', 'left'] as const;
  const at = ['above', 'right', 'below', 'left'].indexOf(side);
  if (m === undefined || !upright(m) || at < 0) return around(Number.POSITIVE_INFINITY);
  const across = at % 2 === 1;
  const along = across ? box.width : box.height;
  const by = offset.endsWith('%') ? px(offset, along) : px(offset) * (across ? m.a : m.d);
  const facing = sides[at]!;
  const opposite = sides[(at + 2) % 4]!;
  const reach: Sides = { ...ink };
  reach[facing] = Math.max(0, along + by + ink[opposite]);
  reach[opposite] = Math.max(0, ink[facing] - by - along);
  return Number.isFinite(by) ? reach : around(Number.POSITIVE_INFINITY);
}

/**
 * Paint on a block's first line (its marker, its first letter) is where that line is: across the
 * block at most `across` past either side, and up and down within the block's content (its first
 * line is inside it, pushed down no further than the content goes, overflow included) grown by
 * `high`. A list marker 280 px wide on one line reached, counted on every side, buttons three lines
 * further down. An inline box, or lines in a vertical writing mode, have no such bound: the reach is
 * counted on every side.
 */
export function firstLineSides(node: Element, style: CSSStyleDeclaration, across: number, high: number): Sides {
  // A vertical writing mode lays its lines out top to bottom: a marker then runs down its column (or,
  // outside, up from it), which these bounds, drawn for horizontal lines, do not hold.
  if (!(node instanceof HTMLElement) || style.display.startsWith('inline') || style.writingMode !== 'horizontal-tb')
    return around(Math.max(across, high));
  const content = px(style.borderTopWidth) + metricOf(node, 'scrollHeight');
  return { top: high, right: across, bottom: Math.max(0, content + high - metricOf(node, 'offsetHeight')), left: across };
}

/** Whether `box` holds all of `area`. */
export const holds = (box: DOMRect, area: DOMRect) =>
  box.left <= area.left && box.top <= area.top && box.right >= area.right && box.bottom >= area.bottom;

/** Whether paint reaching `extent` beyond `box` (on every side, or side by side) may meet `area`. */
export function reaches(box: DOMRect, extent: number | Sides, area: DOMRect): boolean {
  const sides = typeof extent === 'number' ? around(extent) : extent;
  return !(
    box.right + sides.right <= area.left ||
    box.left - sides.left >= area.right ||
    box.bottom + sides.bottom <= area.top ||
    box.top - sides.top >= area.bottom
  );
}

import { smilAnimated } from './animations';
import { px } from './css-length';
import { metricOf } from './node-reads';
import { isNone } from './paint';
import { svgHref } from './svg-href';
import { cssUrls, referenced } from './svg-references';

/**
 * How far SVG paint reaches beyond the boxes the DOM reports for it. An SVG shape's client rect is
 * its fill's bounding box: its stroke, its markers and the region of a filter applied to it (or to
 * any box, by `filter: url(#…)`) paint outside it, and none of that takes hits where it paints.
 * Found on an attacker's page (both browsers): a 1 px `<svg overflow: visible>` whose path's marker,
 * whose text's 70 px stroke, or a box moved 300 px by an `feOffset` filter painted over "Close
 * panel", which the DOM certified. An upper bound from the markup (pixels settle the rest);
 * Infinity where none can be given (a marker that does not clip, a filter in another document).
 */

const SQRT2 = Math.SQRT2;
const CLIPS = /hidden|clip|scroll|auto/u;

/** The number a length or percentage attribute gives (a fraction for %), or null for other units. */
function amount(value: string | null, fallback: number, percentIsFraction: boolean): number | null {
  if (value === null || value.trim() === '') return fallback;
  const match = /^\s*(-?[\d.]+(?:e-?\d+)?)(%|px)?\s*$/iu.exec(value);
  if (!match) return null;
  const n = Number.parseFloat(match[1]!);
  if (match[2] === '%') return percentIsFraction ? n / 100 : null;
  return n;
}

/**
 * The one element a same-document reference names; null where it names none, several (its raw and
 * decoded ids, or its tree and the document, differ), or cannot be told: then no bound is given.
 */
function referencedOne(element: Element, url: string): Element | null {
  const found = referenced(url, element);
  return found?.length === 1 ? found[0]! : null;
}

/** The scale from the element's user units to CSS px on screen (the larger axis). */
function screenScale(element: Element): number {
  if (element instanceof SVGGraphicsElement) {
    const m = element.getScreenCTM();
    return m ? Math.max(Math.hypot(m.a, m.b), Math.hypot(m.c, m.d)) : Number.POSITIVE_INFINITY;
  }
  const box = element.getBoundingClientRect();
  const html = element as HTMLElement;
  const width = metricOf(html, 'offsetWidth') || box.width;
  const height = metricOf(html, 'offsetHeight') || box.height;
  return Math.max(1, width > 0 ? box.width / width : 1, height > 0 ? box.height / height : 1);
}

/**
 * How far the regions of the `url()` filters in `filter` reach beyond the element's box (a filter
 * primitive such as feOffset or feTile can paint anywhere in its filter's region, nowhere outside).
 */
export function filterUrlReach(element: Element, filter: string, box: DOMRect): number {
  let reach = 0;
  for (const url of cssUrls(filter)) {
    const target = referencedOne(element, url);
    // An animation of its region's attributes (SMIL) makes what is written no bound.
    if (target === null || target.localName !== 'filter' || svgHref(target) !== '' || smilAnimated(target)) {
      return Number.POSITIVE_INFINITY;
    }
    const user = target.getAttribute('filterUnits') === 'userSpaceOnUse';
    const fraction = !user;
    const x = amount(target.getAttribute('x'), -0.1, fraction);
    const y = amount(target.getAttribute('y'), -0.1, fraction);
    const w = amount(target.getAttribute('width'), 1.2, fraction);
    const h = amount(target.getAttribute('height'), 1.2, fraction);
    if (x === null || y === null || w === null || h === null) return Number.POSITIVE_INFINITY;
    let sides: number[];
    if (user) {
      // User space: an SVG element's own (its bounding box in it), an HTML box's from its top left corner.
      const scale = screenScale(element);
      let bx = 0;
      let by = 0;
      let bw = box.width / scale;
      let bh = box.height / scale;
      if (element instanceof SVGGraphicsElement) {
        try {
          ({ x: bx, y: by, width: bw, height: bh } = element.getBBox());
        } catch {
          return Number.POSITIVE_INFINITY;
        }
      }
      sides = [bx - x, by - y, x + w - (bx + bw), y + h - (by + bh)].map((d) => d * scale);
    } else {
      sides = [-x * box.width, -y * box.height, (x + w - 1) * box.width, (y + h - 1) * box.height];
    }
    reach += Math.max(0, ...sides);
  }
  return reach;
}

/** Whether an outermost <svg> clips what it holds to its box (its `overflow`, hidden by default). */
const clipping = new WeakMap<Element, boolean>();
export function clippedBySvgRoot(node: SVGElement): boolean {
  let outer = node.ownerSVGElement;
  while (outer?.ownerSVGElement) outer = outer.ownerSVGElement;
  if (!outer) return false;
  let clips = clipping.get(outer);
  if (clips === undefined) {
    clips = CLIPS.test(getComputedStyle(outer).overflow);
    clipping.set(outer, clips);
  }
  return clips;
}

/** The stroke's reach beyond the fill's box: half its width, times the miter limit where joins are mitred. */
function strokeReach(style: CSSStyleDeclaration): number {
  if (isNone(style.stroke) || style.stroke === 'transparent') return 0;
  const width = px(style.strokeWidth);
  if (width <= 0) return 0;
  const miter = /miter|arcs/u.test(style.strokeLinejoin) ? Math.max(1, Number.parseFloat(style.strokeMiterlimit) || 4) : 1;
  return (width / 2) * Math.max(SQRT2, miter);
}

/** How far a shape's markers reach from its vertices: the marker's diagonal, or Infinity when it does not clip. */
function markersReach(element: Element, style: CSSStyleDeclaration): number {
  let reach = 0;
  for (const value of [style.markerStart, style.markerMid, style.markerEnd]) {
    if (isNone(value)) continue;
    for (const url of cssUrls(value)) {
      const marker = referencedOne(element, url);
      if (marker === null) return Number.POSITIVE_INFINITY;
      // Its size as written bounds nothing where an SVG animation targets it.
      if (marker.localName !== 'marker' || !CLIPS.test(getComputedStyle(marker).overflow) || smilAnimated(marker))
        return Number.POSITIVE_INFINITY;
      const w = amount(marker.getAttribute('markerWidth'), 3, false);
      const h = amount(marker.getAttribute('markerHeight'), 3, false);
      if (w === null || h === null) return Number.POSITIVE_INFINITY;
      const unit = marker.getAttribute('markerUnits') === 'userSpaceOnUse' ? 1 : px(style.strokeWidth) || 1;
      reach = Math.max(reach, Math.hypot(w, h) * unit);
    }
  }
  return reach;
}

/**
 * How far an SVG shape (a path, text, a <use>…) paints beyond its client rect, in CSS px, and
 * what does; null when nothing does. Asked only where its outermost <svg> does not clip (an
 * `overflow: visible` svg): a clipping one's own box holds all of it and is looked up as a box.
 */
export function svgReach(element: SVGGraphicsElement, style: CSSStyleDeclaration): { extent: number; what: string } | null {
  const what: string[] = [];
  const stroke = strokeReach(style);
  if (stroke > 0) what.push('stroke');
  const markers = markersReach(element, style);
  if (markers > 0) what.push('markers');
  let user = stroke + markers;
  // A <use> draws another element's subtree: its shapes' strokes and markers count too.
  if (element.localName === 'use') {
    const href = svgHref(element);
    const source = href.startsWith('#') ? referencedOne(element, href) : null;
    if (source === null) return { extent: Number.POSITIVE_INFINITY, what: 'another document’s shapes (<use>)' };
    for (const shape of [source, ...Array.from(source.querySelectorAll('*'))]) {
      const own = getComputedStyle(shape);
      user = Math.max(user, strokeReach(own) + markersReach(shape, own));
    }
    if (user > 0) what.push('the shapes it uses');
  }
  if (user === 0) return null;
  const extent = user * screenScale(element);
  return { extent: Number.isFinite(extent) ? extent : Number.POSITIVE_INFINITY, what: what.join(', ') };
}

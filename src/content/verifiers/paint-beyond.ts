import { flatContains } from './flat-tree';
import { cssZoom } from './legibility';
import { emphasisReach, filterEffects, isNone, offsetSides, type Sides, shadowsOf } from './paint';
import { originatingSelector, RuleSelectors } from './pseudo-rules';
import { filterUrlReach } from './svg-reach';
import { linearOf } from './transform';

/**
 * Paint an element draws outside its own box, which no hit look-up at the label's points lists
 * (the box that takes the hits is elsewhere, or 0 px tall): an outline, an outer box-shadow, a
 * text-shadow, a border image's outset, a drop-shadow or blur filter, a reflection, a thick or far
 * text decoration, a list marker, a first letter made a box of its own. Found on pages never shown
 * to the project (an attacker's, both browsers): a grey sibling drawn by each of the first seven
 * hid "Close panel" while the DOM certified it. How far the paint can reach, from the style alone
 * (an upper bound; pixels settle the rest): the layer checks treat an element whose box, grown by
 * that much, meets the label as painted there in a way the DOM cannot judge, a doubt.
 */
export type Beyond = { extent: Sides; what: string };

const px = (value: string) => Number.parseFloat(value) || 0;
const lengths = (value: string) => (value.match(/-?[\d.]+px/gu) ?? []).map((n) => Number.parseFloat(n));
/** A decoration this close to the text stays within the line (an ordinary underline). */
const NEAR = 4;

export const around = (n: number): Sides => ({ top: n, right: n, bottom: n, left: n });
/** Grows `into` to reach as far as `sides` on each side. */
function widen(into: Sides, sides: Sides): void {
  into.top = Math.max(into.top, sides.top);
  into.right = Math.max(into.right, sides.right);
  into.bottom = Math.max(into.bottom, sides.bottom);
  into.left = Math.max(into.left, sides.left);
}

export const widest = (sides: Sides) => Math.max(sides.top, sides.right, sides.bottom, sides.left);

/**
 * Paint beyond the box, side by side: a shadow cast 200 px to the right reaches nothing above, below
 * or to the left, and an honest button three lines under it is no business of it (counted on every
 * side, it sent every button of such a page to the pixels: ~1 s, and an ask with OCR off). The
 * lengths are the element's own, so its transform, composed up the flat tree, and its CSS zoom turn
 * them into the viewport's: scaled per axis, or, rotated, skewed or flipped, the widest side on every side times
 * the largest stretch. A 3D transform has no such bound (Infinity: any box may be reached).
 */
export function onScreen(sides: Sides, element: Element, own?: CSSStyleDeclaration): Sides {
  if (widest(sides) === 0) return sides;
  const m = zoomed(element, own);
  if (m === undefined) return around(Number.POSITIVE_INFINITY);
  if (m.b === 0 && m.c === 0 && m.a > 0 && m.d > 0) {
    return { top: sides.top * m.d, right: sides.right * m.a, bottom: sides.bottom * m.d, left: sides.left * m.a };
  }
  return around(widest(sides) * Math.max(Math.abs(m.a) + Math.abs(m.c), Math.abs(m.b) + Math.abs(m.d)));
}

/** The box's transform with its CSS zoom (which scales its lengths as a scale() would), or undefined (3D). */
function zoomed(element: Element, own?: CSSStyleDeclaration): DOMMatrix | undefined {
  const m = linearOf(element, own);
  const zoom = cssZoom(element);
  return m === undefined || zoom === 1 ? m : m.scale(zoom, zoom);
}

/**
 * How far a filter paints past the box: its functions apply one after another, so their reaches add
 * up. A drop-shadow is moved by its offset and grown by its blur, a blur grows the box by three
 * standard deviations on every side; the others (brightness, grayscale…) paint within it.
 */
function filterSides(filter: string): Sides {
  const sum: Sides = around(0);
  for (const [, name, args] of filter.replace(/url\([^)]*\)/gu, '').matchAll(/([\w-]+)\(((?:[^()]|\([^()]*\))*)\)/gu)) {
    const values = lengths((args ?? '').replace(/(?:rgba?|hsla?|color|oklch|oklab|lab|lch|hwb)\([^)]*\)/gu, ''));
    let own: Sides | null = null;
    if (name === 'drop-shadow') own = offsetSides(values[0] ?? 0, values[1] ?? 0, Math.abs(values[2] ?? 0) * 3);
    else if (name === 'blur') own = around(Math.abs(values[0] ?? 0) * 3);
    if (own === null) continue;
    sum.top += own.top;
    sum.right += own.right;
    sum.bottom += own.bottom;
    sum.left += own.left;
  }
  return sum;
}

export function beyondBox(style: CSSStyleDeclaration, box: () => DOMRect, element: Element, own?: CSSStyleDeclaration): Beyond | null {
  const extent = around(0);
  const what: string[] = [];
  const reach = (value: number | Sides, name: string) => {
    const sides = typeof value === 'number' ? around(value) : value;
    if (widest(sides) <= 0) return;
    widen(extent, sides);
    what.push(name);
  };
  if (!/none|hidden/u.test(style.outlineStyle)) reach(px(style.outlineWidth) + Math.max(0, px(style.outlineOffset)), 'outline');
  for (const shadow of shadowsOf(style.boxShadow)) if (!shadow.inset) reach(shadow.sides, 'box-shadow');
  for (const shadow of shadowsOf(style.textShadow)) reach(shadow.sides, 'text-shadow');
  if (!isNone(style.getPropertyValue('border-image-source'))) {
    const borders = Math.max(px(style.borderTopWidth), px(style.borderRightWidth), px(style.borderBottomWidth), px(style.borderLeftWidth));
    const outsets = style
      .getPropertyValue('border-image-outset')
      .split(/\s+/u)
      .map((v) => (v.endsWith('px') ? px(v) : px(v) * borders));
    reach(Math.max(0, ...outsets), 'border image');
  }
  const filter = filterEffects(style.filter);
  if (filter && /drop-shadow|blur/u.test(filter)) reach(filterSides(style.filter), 'filter');
  if (style.filter.includes('url(')) reach(filterUrlReach(element, style.filter, box()), 'an SVG filter’s region');
  // A text stroke is centred on the glyphs' outlines, its joins mitred (up to 4× half its width).
  const stroke = px(style.getPropertyValue('-webkit-text-stroke-width'));
  if (stroke > 0 && !/^(?:transparent|rgba\([^)]*,\s*0\))$/u.test(style.getPropertyValue('-webkit-text-stroke-color'))) {
    reach(stroke * 2, 'text stroke');
  }
  const reflect = style.getPropertyValue('-webkit-box-reflect');
  // On screen already (the box is the one the viewport shows): added after onScreen, below.
  const reflected = reflect && !isNone(reflect) ? reflection(reflect, box(), element, own) : null;
  if (reflected) what.push('reflection');
  if (!isNone(style.textDecorationLine)) {
    const far = px(style.textDecorationThickness) + Math.abs(px(style.getPropertyValue('text-underline-offset')));
    if (far > NEAR) reach(far, 'text decoration');
  }
  reach(emphasisReach(style), 'emphasis marks');
  const marker = standardMarker(style);
  if (marker > 0) reach(marker, 'list marker');
  if (what.length === 0) return null;
  const screen = onScreen(extent, element, own);
  if (reflected) widen(screen, reflected);
  return { extent: screen, what: what.join(', ') };
}

/**
 * A reflection is a copy of the box drawn on one side of it, as far from it as its offset: as wide
 * (or tall) as the box on screen, plus the offset, on that side, and nothing on the others. Read
 * from the computed value (`right 82px`, `below 0px linear-gradient(…)`); any other form, or a box
 * turned or flipped on screen, reaches every side.
 */
function reflection(value: string, box: DOMRect, element: Element, own?: CSSStyleDeclaration): Sides {
  const [, side, offset] = /^(above|below|left|right)\s+(-?[\d.]+)px/u.exec(value.trim()) ?? [];
  const by = Number.parseFloat(offset ?? '0');
  const m = zoomed(element, own);
  if (m === undefined) return around(Number.POSITIVE_INFINITY);
  const upright = m.b === 0 && m.c === 0 && m.a > 0 && m.d > 0;
  const reach = (along: number, scale: number) => Math.max(0, along + by * scale);
  if (upright && side === 'right') return { ...around(0), right: reach(box.width, m.a) };
  if (upright && side === 'left') return { ...around(0), left: reach(box.width, m.a) };
  if (upright && side === 'below') return { ...around(0), bottom: reach(box.height, m.d) };
  if (upright && side === 'above') return { ...around(0), top: reach(box.height, m.d) };
  const stretch = Math.max(Math.abs(m.a) + Math.abs(m.c), Math.abs(m.b) + Math.abs(m.d));
  return around(Math.max(box.width, box.height) + Math.max(0, ...lengths(value).map(Math.abs)) * stretch);
}

/** Font size from which a standard list marker is counted as paint beyond its item's box. */
const LARGE_MARKER_PX = 24;

/**
 * How far a list item's standard marker (a bullet, a number, about an em wide) reaches: only a large
 * one could hide a word. One a ::marker rule restyles is measured apart (markerExtent).
 */
export function standardMarker(style: CSSStyleDeclaration): number {
  const font = px(style.fontSize);
  return font >= LARGE_MARKER_PX && style.display.includes('list-item') ? font * 3 : 0;
}

/** How far a list item's marker that a ::marker rule may restyle reaches (its content, at its size); null for none. */
export function markerExtent(node: Element, style: CSSStyleDeclaration): Sides | null {
  if (!style.display.includes('list-item')) return null;
  const marker = getComputedStyle(node, '::marker');
  const length = isNone(marker.content) ? 3 : marker.content.length + 1;
  const font = px(marker.fontSize || style.fontSize);
  return onScreen(firstLineSides(node, style, font * length + Math.abs(px(style.textIndent)), font * 2), node);
}

/**
 * Paint on a block's first line (its marker, its first letter) is where that line is: across the
 * block at most `across` past either side, and up and down within the block's content (its first
 * line is inside it, pushed down no further than the content goes, overflow included) grown by
 * `high`. A list marker 280 px wide on one line reached, counted on every side, buttons three lines
 * further down. An inline box has no such bound: its reach is counted on every side.
 */
function firstLineSides(node: Element, style: CSSStyleDeclaration, across: number, high: number): Sides {
  if (!(node instanceof HTMLElement) || style.display.startsWith('inline')) return around(Math.max(across, high));
  const content = px(style.borderTopWidth) + node.scrollHeight;
  return { top: high, right: across, bottom: Math.max(0, content + high - node.offsetHeight), left: across };
}

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

/** How far a ::first-letter that is a box of its own (floated, padded, bordered, raised) reaches; null for a plain letter. */
export function firstLetterExtent(node: Element): Sides | null {
  const letter = getComputedStyle(node, '::first-letter');
  const spacing = (sides: readonly string[]) =>
    sides.reduce(
      (sum, side) =>
        sum +
        px(letter.getPropertyValue(`padding-${side}`)) +
        Math.abs(px(letter.getPropertyValue(`margin-${side}`))) +
        px(letter.getPropertyValue(`border-${side}-width`)),
      0,
    );
  const raised = letter.verticalAlign.endsWith('px') ? Math.abs(px(letter.verticalAlign)) : 0;
  const across = spacing(['right', 'left']);
  const high = spacing(['top', 'bottom']) + raised;
  if (across + high === 0 && letter.cssFloat === 'none') return null;
  const font = px(letter.fontSize) * 2;
  return onScreen(firstLineSides(node, getComputedStyle(node), across + high + font, high + font), node);
}

/** The properties beyondBox reads (and shapedBox); text-shadow and text decorations also reach descendants' text. */
const BEYOND =
  /^(?:outline|box-shadow|text-shadow|border-image|filter|-webkit-box-reflect|text-decoration|text-underline-offset|list-style|-webkit-text-stroke|text-emphasis|-webkit-text-emphasis|clip-path|mask|-webkit-mask)/u;
const REACHES_DESCENDANTS = /^(?:text-shadow|text-decoration|-webkit-text-stroke|text-emphasis|-webkit-text-emphasis)/u;
const PSEUDO_ELEMENT = /::?(?:before|after|first-line|first-letter|marker|[\w-]+\([^)]*\))\b|::[\w-]+/giu;

export function touchesBeyond(style: CSSStyleDeclaration): 'self' | 'descendants' | null {
  let found: 'self' | 'descendants' | null = null;
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    if (name === 'display' ? style.getPropertyValue(name).includes('list-item') : BEYOND.test(name)) {
      if (REACHES_DESCENDANTS.test(name)) return 'descendants';
      found = 'self';
    }
  }
  return found;
}

/**
 * Which elements a style rule (or an inline style, a list item, an SVG filter attribute, an
 * animation's keyframes) may give paint beyond their box: only they are asked for it. Reading the
 * computed style of every element of a 5,000-element page for these properties doubled Firefox's
 * certification (35 → 72 ms p50 on the bench's big page); the rules name the few to ask.
 */
export class PaintRules extends RuleSelectors {
  constructor() {
    super(
      (rule) => {
        const reach = touchesBeyond(rule.style);
        if (reach === null) return null;
        const selector = originatingSelector(rule.selectorText, PSEUDO_ELEMENT);
        return reach === 'descendants' ? `:is(${selector}), :is(${selector}) *` : selector;
      },
      // SVG filters by attribute; inline styles are read apart (below). List items' standard
      // markers are asked apart (standardMarker), by the one property that matters.
      ['[filter]'],
      (rule) => Array.from(rule.cssRules).some((frame) => touchesBeyond((frame as CSSKeyframeRule).style) !== null),
    );
  }

  /** Elements whose inline style sets such a property, and those whose descendants inherit it (text-shadow…). */
  private readonly inline = new Set<Element>();
  private readonly inlineAbove: Element[] = [];

  /**
   * The inline styles are read once, by what they set: matching every `[style]` element and its
   * descendants made the 240 descendants of an inline-styled card candidates (Firefox +10 ms).
   * Inherited ones reach the flat tree's descendants (a host's shadow content, a slot's content).
   */
  override anyIn(scopes: readonly (Document | ShadowRoot)[]): boolean {
    const any = super.anyIn(scopes);
    for (const scope of scopes) {
      for (const element of Array.from(scope.querySelectorAll('[style]'))) {
        const reach = touchesBeyond((element as HTMLElement).style);
        if (reach !== null) this.inline.add(element);
        if (reach === 'descendants') this.inlineAbove.push(element);
      }
    }
    return any || this.inline.size > 0;
  }

  override mayHaveScanned(element: Element): boolean {
    return (
      super.mayHaveScanned(element) ||
      this.inline.has(element) ||
      this.inlineAbove.some((above) => above !== element && flatContains(above, element))
    );
  }
}

/** A box cut to a shape (clip-path, a mask): it may paint between the points a look-up tries and miss them all. */
export function shapedBox(style: CSSStyleDeclaration): boolean {
  return !isNone(style.clipPath) || masked(style);
}

/**
 * Whether a mask is applied to the box: a mask image, or a mask border (`mask-border`, Chromium's
 * `-webkit-mask-box-image`), whose `fill` keyword masks the middle too: a border image of
 * transparent made a whole button vanish while only mask-image was read (an attacker's page).
 */
export function masked(style: CSSStyleDeclaration): boolean {
  return ['mask-image', '-webkit-mask-image', 'mask-border-source', '-webkit-mask-box-image-source', '-webkit-mask-box-image'].some(
    (name) => !isNone(style.getPropertyValue(name)),
  );
}

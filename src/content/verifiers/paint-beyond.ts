import { flatContains } from './flat-tree';
import { markerSides } from './marker-size';
import { emphasisReach, filterEffects, isNone, type Sides, shadowsOf } from './paint';
import { originatingSelector, RuleSelectors } from './pseudo-rules';
import { added, around, filterSides, onScreen, reflection, upright, widen, widest, zoomed } from './reach-sides';
import { filterUrlReach } from './svg-reach';

export { holds, reaches, widest } from './reach-sides';

/**
 * Paint an element draws outside its own box, which no hit look-up at the label's points lists
 * (the box that takes the hits is elsewhere, or 0 px tall): an outline, an outer box-shadow, a
 * text-shadow, a border image's outset, a drop-shadow or blur filter, a reflection, a thick or far
 * text decoration, a list marker, a first letter made a box of its own. Found on pages never shown
 * to the project (an attacker's, both browsers): a grey sibling drawn by each of the first seven
 * hid "Close panel" while the DOM certified it. How far the paint can reach, from the style alone
 * (an upper bound; pixels settle the rest): the layer checks treat an element whose box, grown by
 * that much, meets the label as painted there in a way the DOM cannot judge, a doubt.
 *
 * `outside`: all of it lies outside the element's border box (an outline drawn outward, an outer
 * box-shadow), the box is upright on screen and its corners square, so a label inside the box's
 * rectangle is out of its reach.
 */
export type Beyond = { extent: Sides; what: string; outside: boolean };

const px = (value: string) => Number.parseFloat(value) || 0;
/** A decoration this close to the text stays within the line (an ordinary underline). */
const NEAR = 4;

export function beyondBox(style: CSSStyleDeclaration, box: () => DOMRect, element: Element, own?: CSSStyleDeclaration): Beyond | null {
  const extent = around(0);
  const what: string[] = [];
  let inside = false;
  const reach = (value: number | Sides, name: string, outward = false) => {
    const sides = typeof value === 'number' ? around(value) : value;
    if (widest(sides) <= 0) return;
    widen(extent, sides);
    what.push(name);
    if (!outward) inside = true;
  };
  if (!/none|hidden/u.test(style.outlineStyle)) {
    const offset = px(style.outlineOffset);
    reach(px(style.outlineWidth) + Math.max(0, offset), 'outline', offset >= 0);
  }
  // An outer shadow is drawn only outside the border box (CSS Backgrounds 3 §7.1).
  for (const shadow of shadowsOf(style.boxShadow)) if (!shadow.inset) reach(shadow.sides, 'box-shadow', true);
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
  // The transform (and zoom) the box is painted with, read once: it walks up the flat tree.
  let m: DOMMatrix | undefined | null = null;
  const matrix = () => {
    if (m === null) m = zoomed(element, own);
    return m;
  };
  const reflected = reflect && !isNone(reflect) ? reflection(reflect, box(), matrix()) : null;
  if (reflected) {
    what.push('reflection');
    inside = true;
  }
  if (!isNone(style.textDecorationLine)) {
    const far = px(style.textDecorationThickness) + Math.abs(px(style.getPropertyValue('text-underline-offset')));
    if (far > NEAR) reach(far, 'text decoration');
  }
  reach(emphasisReach(style), 'emphasis marks');
  // The marker is drawn beside the first line with the item's own text paint (inherited), added to its reach.
  const marker = markerSides(element, style);
  if (marker) reach(added(marker, extent), 'list marker');
  if (what.length === 0) return null;
  const screen = onScreen(extent, widest(extent) === 0 ? undefined : matrix());
  if (reflected) widen(screen, reflected);
  const turned = inside ? undefined : matrix();
  // Rounded corners bring the outline and the shadow inside the box's rectangle (they follow the curve).
  const square = ['top-left', 'top-right', 'bottom-right', 'bottom-left'].every(
    (corner) => px(style.getPropertyValue(`border-${corner}-radius`)) === 0,
  );
  return { extent: screen, what: what.join(', '), outside: turned !== undefined && upright(turned) && square };
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
      // markers are asked apart (markerSides), by the one property that matters.
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

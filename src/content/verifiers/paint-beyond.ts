import { inkSpread, ownText } from './bare-text';
import { px } from './css-length';
import { flatChildren, flatContains, flatParent } from './flat-tree';
import { markerSides } from './marker-size';
import { inlineStyleOf, nodeTypeOf } from './node-reads';
import { emphasisReach, filterEffects, isNone, type Sides, shadowsOf } from './paint';
import { originatingSelector, RuleSelectors } from './pseudo-rules';
import { added, around, filterSides, onScreen, reflection, upright, widen, widest, zoomed } from './reach-sides';
import { filterUrlReach, svgReach } from './svg-reach';

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
  // On screen already (the box is the one the viewport shows): added after onScreen, below.
  const reflect = style.getPropertyValue('-webkit-box-reflect');
  const reflects = !isNone(reflect);
  if (reflects) {
    what.push('reflection');
    inside = true;
  }
  // The transform (and zoom) the box is painted with, read once (it walks up the flat tree).
  let m: DOMMatrix | undefined | null = null;
  const matrix = () => {
    if (m === null) m = zoomed(element, own);
    return m;
  };
  if (!isNone(style.textDecorationLine)) {
    // Percentages are of the font size (CSS Text Decoration 4), kept so in computed values: 100% read
    // as 100 px under a 200 px font (reach-geometry.html#underlinepct).
    const font = px(style.fontSize);
    const far = px(style.textDecorationThickness, font) + Math.abs(px(style.getPropertyValue('text-underline-offset'), font));
    if (far > NEAR) reach(far, 'text decoration');
  }
  reach(emphasisReach(style), 'emphasis marks');
  // A negative letter- or word-spacing draws the element's own glyphs outside its box (bare-text.ts).
  const spread = own || !/-|calc/u.test(style.letterSpacing + style.wordSpacing) ? 0 : inkSpread(ownText(element), style);
  if (spread > 0) reach({ ...around(0), left: spread, right: spread }, 'glyphs drawn back by a negative spacing');
  const marker = markerSides(element, style); // beside the first line, in the item's text paint (inherited)
  if (marker) reach(added(marker, extent), 'list marker');
  if (what.length === 0) return null;
  const screen = onScreen(extent, widest(extent) === 0 ? undefined : matrix());
  if (reflects) {
    const ink = { ...screen };
    // A pseudo-element's content is no node to measure: what it mirrors is unknown.
    widen(ink, own ? around(Number.POSITIVE_INFINITY) : overflowOf(element, box()));
    widen(screen, reflection(reflect, box(), matrix(), ink));
  }
  const turned = inside ? undefined : matrix();
  // Rounded corners bring the outline and the shadow inside the box's rectangle (they follow the curve).
  const square = ['top-left', 'top-right', 'bottom-right', 'bottom-left'].every(
    (corner) => px(style.getPropertyValue(`border-${corner}-radius`)) === 0,
  );
  return { extent: screen, what: what.join(', '), outside: turned !== undefined && upright(turned) && square };
}

/**
 * How far what a box holds is painted past it on screen, measured: its flat-tree descendants' boxes
 * and text, and their own paint beyond them; nothing where it clips them (not `clip`: a clip margin
 * may widen it). A reflection mirrors all of it (reach-geometry.html#reflectoverflow). Past 32
 * descendants, unbounded.
 */
function overflowOf(element: Element, box: DOMRect): Sides {
  const style = getComputedStyle(element);
  if (/hidden|scroll|auto/u.test(style.overflowX) && /hidden|scroll|auto/u.test(style.overflowY)) return around(0);
  const union = around(0);
  const add = (r: DOMRect, by: Sides) =>
    widen(union, {
      top: box.top - r.top + by.top,
      right: r.right + by.right - box.right,
      bottom: r.bottom + by.bottom - box.bottom,
      left: box.left - r.left + by.left,
    });
  const range = document.createRange();
  const stack = Array.from(flatChildren(element));
  for (let count = 0; stack.length > 0; ) {
    const node = stack.pop()!;
    if (nodeTypeOf(node) === Node.TEXT_NODE) {
      range.selectNodeContents(node);
      if (range.getClientRects().length > 0) add(range.getBoundingClientRect(), around(0));
    }
    if (nodeTypeOf(node) !== Node.ELEMENT_NODE) continue;
    if (++count > 32) return around(Number.POSITIVE_INFINITY);
    const child = node as Element;
    stack.push(...Array.from(flatChildren(child)));
    if (child.getClientRects().length === 0) continue;
    const r = child.getBoundingClientRect();
    const own = getComputedStyle(child);
    // A reflection inside a reflection: measured, each level would walk the levels below it again
    // (about 2^n for n nested ones); unbounded instead.
    if (!isNone(own.getPropertyValue('-webkit-box-reflect'))) return around(Number.POSITIVE_INFINITY);
    add(r, beyondBox(own, () => r, child)?.extent ?? around(0));
    if (child instanceof SVGGraphicsElement) add(r, around(svgReach(child, own)?.extent ?? 0));
  }
  return union;
}

/** The properties beyondBox reads (and shapedBox); text-shadow and text decorations also reach descendants' text. */
const BEYOND =
  /^(?:outline|box-shadow|text-shadow|border-image|filter|-webkit-box-reflect|text-decoration|text-underline-offset|list-style|-webkit-text-stroke|text-emphasis|-webkit-text-emphasis|clip-path|mask|-webkit-mask|letter-spacing|word-spacing)/u;
const REACHES_DESCENDANTS =
  /^(?:text-shadow|text-decoration|-webkit-text-stroke|text-emphasis|-webkit-text-emphasis|letter-spacing|word-spacing)/u;
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
    const inherited: string[] = [];
    super(
      (rule) => {
        const reach = touchesBeyond(rule.style);
        if (reach === null) return null;
        const selector = originatingSelector(rule.selectorText, PSEUDO_ELEMENT);
        if (reach === 'descendants') inherited.push(selector);
        return reach === 'descendants' ? `:is(${selector}), :is(${selector}) *` : selector;
      },
      // SVG filters by attribute; inline styles are read apart (below). List items' standard
      // markers are asked apart (markerSides), by the one property that matters.
      ['[filter]'],
      (rule) => Array.from(rule.cssRules).some((frame) => touchesBeyond((frame as CSSKeyframeRule).style) !== null),
    );
    this.inherited = inherited;
  }

  /** The selectors of rules whose paint the element's descendants inherit (text-shadow…). */
  private readonly inherited: string[];
  /** Shadow trees that inherit such paint from their host's side, and light content slotted under such paint. */
  private readonly inheritingTrees = new Set<Node>();
  private readonly inheritingLight = new Set<Element>();

  /** Elements whose inline style sets such a property, and those whose descendants inherit it (text-shadow…). */
  private readonly inline = new Set<Element>();
  private readonly inlineAbove: Element[] = [];

  /**
   * The inline styles are read once (through the prototype: node-reads.ts), by what they set: matching every `[style]` element and its
   * descendants made an inline-styled card's 240 descendants candidates (Firefox +10 ms). Inherited ones reach the flat tree's descendants.
   */
  override anyIn(scopes: readonly (Document | ShadowRoot)[]): boolean {
    const any = super.anyIn(scopes);
    for (const scope of scopes) {
      for (const element of Array.from(scope.querySelectorAll('[style]'))) {
        const reach = touchesBeyond(inlineStyleOf(element) ?? (element as HTMLElement).style);
        if (reach !== null) this.inline.add(element);
        if (reach === 'descendants') this.inlineAbove.push(element);
      }
    }
    this.acrossTrees(scopes);
    return any || this.inline.size > 0 || this.inheritingTrees.size > 0 || this.inheritingLight.size > 0;
  }

  /**
   * Inheritance follows the flat tree, selectors do not: `:is(.h) *` matches no element of a
   * shadow tree whose host is `.h`, yet its text inherits the host's text-shadow (an attacker's
   * page, reach-layers.html#inherited), and light content slotted in a tree inherits from the slot.
   * A shadow tree whose host or a flat-tree ancestor of it matches such a rule is asked whole; so is
   * the light content of a host whose tree holds a match.
   */
  private acrossTrees(scopes: readonly (Document | ShadowRoot)[]): void {
    if (this.inherited.length === 0 || scopes.length < 2) return;
    const joined = this.inherited.join(',');
    const matched = new Map<Element, boolean>();
    const inheritsAt = (node: Element | null): boolean => {
      if (node === null) return false;
      let known = matched.get(node);
      if (known === undefined) {
        known = matchesOrUnknown(node, joined) || inheritsAt(flatParent(node));
        matched.set(node, known);
      }
      return known;
    };
    for (const scope of scopes) {
      if (!(scope instanceof ShadowRoot)) continue;
      if (inheritsAt(scope.host)) this.inheritingTrees.add(scope);
      let inside: boolean;
      try {
        inside = scope.querySelector(joined) !== null;
      } catch {
        inside = true;
      }
      if (inside) for (const light of Array.from(scope.host.querySelectorAll('*'))) this.inheritingLight.add(light);
    }
  }

  override mayHaveScanned(element: Element): boolean {
    return super.mayHaveScanned(element) || this.otherwise(element);
  }

  /** mayHaveScanned for a walk over every element of the page (no-hit-layers.ts): the rules' matches found once per tree. */
  everyElement(): (element: Element) => boolean {
    const matched = this.everyMatched();
    if (matched === null) return (element) => this.mayHaveScanned(element);
    return (element) => matched.has(element) || this.otherwise(element);
  }

  /** Inline styles, and paint inherited across trees, which no selector matches. */
  private otherwise(element: Element): boolean {
    return (
      this.inline.has(element) ||
      this.inlineAbove.some((above) => above !== element && flatContains(above, element)) ||
      (this.inheritingTrees.size > 0 && this.inheritingTrees.has(element.getRootNode())) ||
      this.inheritingLight.has(element)
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

/** Whether the element matches a selector taken from a page's rule (one the browser rejects here: yes). */
function matchesOrUnknown(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return true;
  }
}

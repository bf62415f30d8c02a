import { contrast, over, parseColour, type Rgba } from './colour';
import { glyphInputs } from './glyph-inputs';
import { glyphPx, MIN_GLYPH_PX, SMALL_GLYPH_PX } from './legibility';
import {
  doubt,
  filterEffects,
  inwardOutline,
  isNone,
  keyOf,
  MIN_CONTRAST,
  memoised,
  ownTextRects,
  type Paint,
  paintAt,
  shadowsOf,
} from './paint';
import { masked } from './paint-beyond';
import { stacksAt } from './stacks';
import { perTaskChain } from './task-memo';
import { describeElement, opacityProduct, parentElement } from './visibility';

/** How the glyphs of a label are painted (paint.ts judges what other layers paint). */

/**
 * What is painted right behind a transparent element at (x, y), down to the first ancestor with
 * an opaque background: a sibling layer (a positioned backdrop) there is the text's real
 * background, which an ancestor walk does not see. Null: nothing but ancestors.
 */
function siblingBehind(element: Element, x: number, y: number): Paint | null {
  const stacks = stacksAt(element, x, y);
  if (stacks === null) return null;
  const ancestors = new Set<Element>();
  for (let node: Element | null = element; node; node = parentElement(node)) ancestors.add(node);
  for (const { below } of stacks) {
    for (const layer of below) {
      if (ancestors.has(layer)) {
        const colour = parseColour(getComputedStyle(layer).backgroundColor);
        if (!isNone(getComputedStyle(layer).backgroundImage) || (colour !== null && colour[3] >= 1)) return null;
        continue;
      }
      const paints = paintAt(layer, x, y, ancestors).filter((p) => p.kind !== 'none');
      if (paints.length > 0) return paints.find((p) => p.kind === 'unknown') ?? paints[paints.length - 1]!;
    }
  }
  return null;
}

/** Colours a background image paints, when it is gradients of plain opaque sRGB stops only. */
function gradientColours(image: string): Rgba[] | null {
  if (/url\(|image-set|element\(|cross-fade|\bin\s+[a-z]/u.test(image)) return null;
  if (!/gradient\(/u.test(image)) return null;
  const stops = Array.from(image.matchAll(/rgba?\([^)]*\)|transparent/gu), (m) => parseColour(m[0]));
  if (stops.length === 0 || stops.some((s) => s === null || s[3] < 1)) return null;
  const colours: Rgba[] = [];
  // Any gradient paints only colours interpolated between consecutive stops (luminance is not
  // monotonic along the way, so sample between them).
  for (let i = 0; i < stops.length; i++) {
    const a = stops[i]!;
    const b = stops[i + 1] ?? a;
    for (let t = 0; t <= 1; t += 0.125) colours.push([a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t, 1]);
  }
  return colours;
}

/** The colours that may be behind `element`'s text (ancestors only), or a reason the DOM cannot tell. */
function backgroundsBehind(element: Element, solid: Rgba | null): Rgba[] | string {
  if (solid !== null) return [solid];
  const layers: Rgba[] = [];
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    const colour = parseColour(style.backgroundColor);
    if (!isNone(style.backgroundImage)) {
      const stops = gradientColours(style.backgroundImage);
      if (stops === null) return `a background image on ${describeElement(node)} is behind the text`;
      // The background colour shows wherever the gradient does not reach (background-size, repeat).
      const under = colour !== null && colour[3] >= 1 ? [colour] : [];
      return [...stops, ...under].map((stop) => layers.reduceRight<Rgba>((below, layer) => over(layer, below), stop));
    }
    if (colour === null) return `the background colour of ${describeElement(node)} is unreadable`;
    if (colour[3] > 0) layers.unshift(colour);
    if (colour[3] >= 1) break;
  }
  return [layers.reduce<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1])];
}

/** Paint effects the DOM cannot model on one element of the chain (and, linked, on those above it). */
type Effects = { node: Element; blend: string | null; mask: boolean; filter: string | null; insets: number[]; above: Effects | null };

/** The effects on the element and its flat-tree ancestors that change how its text is painted, nearest first. */
function effectsOn(element: Element): Effects | null {
  return perTaskChain<Effects | null>('paint-effects', element, parentElement, null, (above, node) => {
    const style = getComputedStyle(node);
    const blend = isNone(style.mixBlendMode) ? null : style.mixBlendMode;
    const mask = masked(style);
    const filter = filterEffects(style.filter) || null;
    const insets = shadowsOf(style.boxShadow)
      .filter((shadow) => shadow.inset)
      .map((shadow) => shadow.extent);
    // An outline drawn inward (a negative offset) paints over the content, as an inset shadow does.
    if (inwardOutline(style)) insets.push(-(Number.parseFloat(style.outlineOffset) || 0));
    return blend || mask || filter || insets.length > 0 ? { node, blend, mask, filter, insets, above } : above;
  });
}

const MAX_SIBLING_LOOKUPS = 24;

/**
 * What draws glyphs filled transparent: a text-shadow with a colour, or a background clipped to the
 * text (`background-clip: text`, on the element or any ancestor: it shows through every descendant's
 * glyphs). Null: nothing.
 */
function drawnOtherwise(element: Element, style: CSSStyleDeclaration): string | null {
  if (!isNone(style.textShadow)) {
    const colours = Array.from(style.textShadow.matchAll(/rgba?\([^)]*\)/gu), (m) => parseColour(m[0]));
    if (colours.length === 0 || colours.some((c) => c === null || c[3] > 0)) return 'a text-shadow';
  }
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const own = node === element ? style : getComputedStyle(node);
    const clip = `${own.getPropertyValue('background-clip')} ${own.getPropertyValue('-webkit-background-clip')}`;
    if (/\btext\b/u.test(clip)) return `a background clipped to the text${node === element ? '' : ` of ${describeElement(node)}`}`;
  }
  return null;
}

/**
 * Whether `element`'s own text is painted legibly: visible, large enough on screen, filled or
 * stroked with a colour that differs from what is behind it, with no effect the DOM cannot model.
 * False when the DOM shows it is not (transparent fill, text in its background's colour, under
 * MIN_GLYPH_PX); true otherwise, with a doubt recorded where the DOM cannot tell.
 * `solid` is the opaque colour an ancestor walk found behind the text (null: none or unknown).
 */
export function glyphsShown(element: Element, style: CSSStyleDeclaration, solid: Rgba | null): boolean {
  const who = describeElement(element);
  if (style.visibility !== 'visible') return false;
  const rects = ownTextRects(element);
  const size = glyphPx(element, style, rects);
  if (size !== null && size < MIN_GLYPH_PX) return false;
  if (size !== null && size < SMALL_GLYPH_PX) doubt(`text of ${who} is ${size.toFixed(1)} px on screen (small: the pixels decide)`);
  glyphInputs(element, style, who);

  // -webkit-text-fill-color paints the glyphs (it defaults to `color`); a stroke outlines them.
  let fill = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
  const stroke = strokeOf(style);
  if (stroke !== undefined) {
    doubt(`text of ${who} is stroked (-webkit-text-stroke)`);
    if (fill !== null && fill[3] < 0.1) fill = stroke;
  }
  if (fill === null) {
    doubt(`the text colour of ${who} is not a plain colour`);
    return true;
  }
  const opacity = opacityProduct(element);
  for (let link = effectsOn(element); link; link = link.above) {
    const { node, blend, mask, filter, insets } = link;
    const by = node === element ? '' : ` on ${describeElement(node)}`;
    if (blend) doubt(`mix-blend-mode ${blend}${by} blends the text of ${who}`);
    if (mask) doubt(`a mask${by} is applied to the text of ${who}`);
    if (filter) doubt(`filter ${filter}${by} is applied to the text of ${who}`);
    if (insets.length === 0) continue;
    const box = node.getBoundingClientRect();
    const gap = Math.min(...rects.map((r) => Math.min(r.left - box.left, box.right - r.right, r.top - box.top, box.bottom - r.bottom)));
    if (rects.length === 0 || insets.some((extent) => extent > gap))
      doubt(`an inset box-shadow or outline${by} may cover the text of ${who}`);
  }
  const text: Rgba = [fill[0], fill[1], fill[2], fill[3] * opacity];
  if (text[3] < 0.1) {
    // Filled transparent, the glyphs may still be drawn by a shadow or a background clipped to them.
    const painter = fill[3] < 0.1 && opacity >= 0.1 ? drawnOtherwise(element, style) : null;
    if (painter === null) return false;
    doubt(`${painter} draws the text of ${who}, filled transparent`);
    return true;
  }

  let backgrounds = backgroundsBehind(element, solid);
  const first = rects[0];
  // Behind an element's own background, opaque or an image, nothing else shows through; a
  // translucent one is laid over what is found there.
  const own = parseColour(style.backgroundColor);
  if (first && isNone(style.backgroundImage) && own !== null && own[3] < 1) {
    const key = `behind:${keyOf(element)}`;
    const count = memoised('behind-count', () => ({ n: 0, found: false }));
    const behind = memoised(key, () => {
      if (count.n++ >= MAX_SIBLING_LOOKUPS) return undefined;
      const found = siblingBehind(element, first.left + first.width / 2, first.top + first.height / 2);
      if (found !== null) count.found = true;
      return found;
    });
    // Past the budget (a large card), later text boxes are checked only if earlier ones had layers behind them.
    if (behind === undefined && count.found) doubt('too many text boxes to check what is painted behind each');
    else if (behind?.kind === 'unknown') backgrounds = `${behind.what} is painted behind the text of ${who}`;
    // A colour found at one point replaces only colours the ancestors gave for certain: an image or
    // unknown background behind the text stays the doubt it is (a dot under a button whose own
    // background image drew "PAY NOW" read as the text's whole background, a review, Dec 5).
    else if (behind?.kind === 'colour' && typeof backgrounds !== 'string') {
      const under = behind.colour[3] >= 1 ? behind.colour : over(behind.colour, backgrounds[0]!);
      backgrounds = [own[3] > 0 ? over(own, under) : under];
      if (behind.colour[3] < 1) doubt(`a translucent layer is painted behind the text of ${who}`);
    }
  }
  if (typeof backgrounds === 'string') {
    doubt(backgrounds);
    return true;
  }
  const ratios = backgrounds.map((b) => contrast(over(text, b), b));
  if (ratios.every((r) => r < MIN_CONTRAST)) return false;
  if (ratios.some((r) => r < MIN_CONTRAST)) doubt(`parts of the background behind the text of ${who} are its colour`);
  return true;
}

/**
 * Whether generated text (of `owner`'s pseudo-element) is painted: filled (-webkit-text-fill-color,
 * `color` by default), else stroked, shadowed or drawn by a background clipped to the text, as an
 * element's own (glyphs.ts; a red team, Dec 6: each of the three painted " and pay $500").
 */
export function generatedShows(style: CSSStyleDeclaration, owner: Element): boolean {
  if (style.visibility !== 'visible' || Number.parseFloat(style.fontSize) <= 0) return false;
  const fill = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
  if (fill === null || fill[3] >= 0.1) return true;
  return strokeOf(style) !== undefined || drawnOtherwise(owner, style) !== null;
}

/** The colour of a stroke (-webkit-text-stroke) that draws the glyphs (null: not a plain colour); undefined where none does. */
function strokeOf(style: CSSStyleDeclaration): Rgba | null | undefined {
  if (!((Number.parseFloat(style.getPropertyValue('-webkit-text-stroke-width')) || 0) > 0)) return undefined;
  const colour = parseColour(style.getPropertyValue('-webkit-text-stroke-color'));
  return colour === null || colour[3] > 0 ? colour : undefined;
}

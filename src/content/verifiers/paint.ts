import { parseColour, type Rgba } from './colour';
import { lengths } from './css-length';
import { highlightOn } from './glyph-inputs';
import { childNodesOf, nodeTypeOf } from './node-reads';
import { PseudoRules } from './pseudo-rules';
import { onScrollbar } from './scrollbars';
import { describeElement, filterOpacity, parentElement } from './visibility';

/**
 * What is painted, not only what takes hits. Two questions the DOM can often answer and must
 * otherwise leave to the pixels (a doubt), never answer with "legible":
 * - which layers paint over the target's label, including those that take no hits
 *   (pointer-events: none is invisible to elementFromPoint): layers.ts, and
 * - how the label's glyphs are painted (fill colour, stroke, blend, mask, filter, shadows,
 *   gradient or sibling backgrounds, the opacity applied to them, their size): glyphs.ts.
 * This module holds what both share: what one element paints at a point, the stack of elements
 * at a point, and the doubts collected while a target is certified.
 */

/** Below this WCAG contrast ratio with its background, text is not legible (same as rendered-text). */
export const MIN_CONTRAST = 1.5;
/** A layer this opaque over the label hides it. */
export const OPAQUE = 0.9;
/** A layer fainter than this changes nothing a reader would notice. */
export const FAINT = 0.05;

// ---------------------------------------------------------------------------------------------
// Doubts: why the DOM cannot certify the label alone. Collected while dom.ts certifies a target.

let collecting: string[] | null = null;

export function collectDoubts<T>(run: () => T): { value: T; doubts: string[] } {
  const outer = collecting;
  const doubts: string[] = [];
  collecting = doubts;
  try {
    return { value: run(), doubts };
  } finally {
    collecting = outer;
  }
}

export function doubt(reason: string): void {
  const text = reason.slice(0, 200);
  if (collecting && collecting.length < 16 && !collecting.includes(text)) collecting.push(text);
}

// ---------------------------------------------------------------------------------------------
// Per-task memo: certification calls the text walk several times (label, AX, digest); the
// answers must agree and the costly look-ups (elementsFromPoint) run once.

let memo: Map<string, unknown> | null = null;
export function memoised<T>(key: string, compute: () => T): T {
  if (memo === null) {
    memo = new Map();
    queueMicrotask(() => {
      memo = null;
    });
  }
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}
const ids = new WeakMap<Element, number>();
let nextId = 0;
export function keyOf(element: Element): number {
  let id = ids.get(element);
  if (id === undefined) {
    id = nextId++;
    ids.set(element, id);
  }
  return id;
}

// ---------------------------------------------------------------------------------------------
// What one element paints at a point.

export type Paint = { kind: 'none' } | { kind: 'colour'; colour: Rgba } | { kind: 'unknown'; what: string };
export const NONE: Paint = { kind: 'none' };

const REPLACED = new Set([
  'img',
  'svg',
  'canvas',
  'video',
  'object',
  'embed',
  'iframe',
  'picture',
  'input',
  'select',
  'textarea',
  'meter',
  'progress',
]);

export function isNone(value: string | undefined): boolean {
  return !value || value === 'none' || value === 'normal' || value === 'auto';
}

export function within(x: number, y: number, r: DOMRect, inset = [0, 0, 0, 0]): boolean {
  return x >= r.left + inset[3]! && x <= r.right - inset[1]! && y >= r.top + inset[0]! && y <= r.bottom - inset[2]!;
}

/** A box-shadow list that paints anything (not `none`, not all transparent or zero-sized). */
/** How far paint reaches past each side of a box, in CSS px (Infinity: no bound is known). */
export type Sides = { top: number; right: number; bottom: number; left: number };

/** A shadow's reach past each side: its offset moves it, its blur and spread grow it. */
export const offsetSides = (x: number, y: number, grow: number): Sides => ({
  top: Math.max(0, grow - y),
  right: Math.max(0, grow + x),
  bottom: Math.max(0, grow + y),
  left: Math.max(0, grow - x),
});

export function shadowsOf(value: string): { inset: boolean; extent: number; sides: Sides }[] {
  if (isNone(value)) return [];
  const shadows: { inset: boolean; extent: number; sides: Sides }[] = [];
  for (const part of value.split(/,(?![^(]*\))/u)) {
    const colour = /rgba?\([^)]*\)/u.exec(part);
    const parsed = colour ? parseColour(colour[0]) : null;
    if (parsed !== null && parsed[3] === 0) continue;
    // A length read wrong (`1e+06px` as 6 px) under-states the reach (reach-geometry.html#exponent): unknown is unbounded.
    const [ox = 0, oy = 0, blur = 0, spread = 0] = lengths(part) ?? [0, 0, Number.POSITIVE_INFINITY];
    if (ox === 0 && oy === 0 && blur === 0 && spread <= 0) continue;
    const grow = blur + Math.max(0, spread);
    shadows.push({ inset: /\binset\b/u.test(part), extent: Math.max(Math.abs(ox), Math.abs(oy)) + grow, sides: offsetSides(ox, oy, grow) });
  }
  return shadows;
}

/** Filter functions other than opacity() (opacity is part of the opacity product). */
export function filterEffects(filter: string): string | null {
  if (isNone(filter)) return null;
  const others = filter.replace(/opacity\([^)]*\)/gu, '').trim();
  return others === '' ? null : others.slice(0, 60);
}

/** How far a text's emphasis marks (`text-emphasis`) can reach from its line: about an em. 0 when it has none. */
export function emphasisReach(style: CSSStyleDeclaration): number {
  const mark = style.getPropertyValue('text-emphasis-style') || style.getPropertyValue('-webkit-text-emphasis-style');
  if (isNone(mark)) return 0;
  const colour = parseColour(style.getPropertyValue('text-emphasis-color') || style.getPropertyValue('-webkit-text-emphasis-color'));
  return colour !== null && colour[3] === 0 ? 0 : Number.parseFloat(style.fontSize) || 16;
}

/** An outline drawn inside the box (a negative offset): it paints over what the box holds. */
export function inwardOutline(style: CSSStyleDeclaration): boolean {
  const colour = parseColour(style.outlineColor);
  return (
    (Number.parseFloat(style.outlineOffset) || 0) < 0 &&
    !/none|hidden/u.test(style.outlineStyle) &&
    (Number.parseFloat(style.outlineWidth) || 0) > 0 &&
    colour?.[3] !== 0
  );
}

/** The opacity `element` adds on top of `shared` (its ancestors common with the target fade both alike). */
export function relativeOpacity(element: Element, shared: ReadonlySet<Element>): number {
  let product = 1;
  for (let node: Element | null = element; node && !shared.has(node); node = parentElement(node)) {
    const style = getComputedStyle(node);
    product *= (Number.parseFloat(style.opacity) || 0) * filterOpacity(style.filter);
  }
  return product;
}

export function ownTextRects(element: Element): DOMRect[] {
  const rects: DOMRect[] = [];
  for (const child of childNodesOf(element)) {
    if (nodeTypeOf(child) !== Node.TEXT_NODE || (child.textContent ?? '').trim() === '') continue;
    const range = document.createRange();
    range.selectNodeContents(child);
    rects.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0));
  }
  return rects;
}

/** What `element` itself paints at (x, y): a colour, something the DOM cannot judge, or nothing. */
export function paintAt(element: Element, x: number, y: number, shared: ReadonlySet<Element> = new Set()): Paint[] {
  const style = getComputedStyle(element);
  if (style.visibility !== 'visible' || style.display === 'contents') return [NONE];
  const alpha = relativeOpacity(element, shared);
  if (alpha < FAINT) return [NONE];
  const who = describeElement(element);
  const rect = element.getBoundingClientRect();
  const paints: Paint[] = [];
  if (!isNone(style.getPropertyValue('backdrop-filter')) || !isNone(style.getPropertyValue('-webkit-backdrop-filter'))) {
    paints.push({ kind: 'unknown', what: `backdrop-filter on ${who}` });
  }
  if (REPLACED.has(element.localName) || (element instanceof SVGElement && element.localName !== 'svg')) {
    paints.push({ kind: 'unknown', what: `<${element.localName}> ${who}` });
  }
  if (!isNone(style.backgroundImage)) paints.push({ kind: 'unknown', what: `background image on ${who}` });
  // An element's own background paints inside its border box only; listed at a point outside it,
  // the element was hit through its generated content (::before/::after), which pseudoPaintAt judges.
  const background = parseColour(style.backgroundColor);
  if (background === null) paints.push({ kind: 'unknown', what: `background colour ${style.backgroundColor.slice(0, 40)} on ${who}` });
  else if (background[3] > 0 && within(x, y, rect))
    paints.push({ kind: 'colour', colour: [background[0], background[1], background[2], background[3] * alpha] });
  const borders = [style.borderTopWidth, style.borderRightWidth, style.borderBottomWidth, style.borderLeftWidth].map(
    (w) => Number.parseFloat(w) || 0,
  );
  if (borders.some((w) => w > 0) && within(x, y, rect) && !within(x, y, rect, borders)) {
    // Each side its own colour and style (a 72 px bottom border under a transparent top one covered
    // a label while only the top side was read). A point in a corner may be on either side.
    const [top, right, bottom, left] = borders as [number, number, number, number];
    const sides = (['Top', 'Right', 'Bottom', 'Left'] as const).filter(
      (_, i) => [y < rect.top + top, x > rect.right - right, y > rect.bottom - bottom, x < rect.left + left][i],
    );
    const colours = sides
      .filter((side) => !/none|hidden/u.test(style.getPropertyValue(`border-${side.toLowerCase()}-style`)))
      .map((side) => parseColour(style.getPropertyValue(`border-${side.toLowerCase()}-color`)));
    if (colours.some((c) => c === null) || new Set(colours.map(String)).size > 1)
      paints.push({ kind: 'unknown', what: `border of ${who}` });
    else if (colours[0] && colours[0][3] > 0) {
      const border = colours[0];
      paints.push({ kind: 'colour', colour: [border[0], border[1], border[2], border[3] * alpha] });
    }
  }
  if (!isNone(style.getPropertyValue('border-image-source'))) paints.push({ kind: 'unknown', what: `border image of ${who}` });
  // A list item's marker, a multi-column box's rules: painted by the element, not modelled here.
  if (style.display.includes('list-item')) {
    const marker = getComputedStyle(element, '::marker').content;
    if (!isNone(style.listStyleType) || !isNone(style.listStyleImage) || !isNone(marker)) {
      paints.push({ kind: 'unknown', what: `list marker of ${who}` });
    }
  }
  // A first letter can be a box of its own (floated, padded, with a background) far larger than the letter.
  if (memoised('first-rules', () => new PseudoRules('first')).mayHave(element)) {
    const letter = getComputedStyle(element, '::first-letter');
    const background = parseColour(letter.backgroundColor);
    if (background === null || background[3] > 0 || !isNone(letter.backgroundImage) || letter.cssFloat !== 'none') {
      paints.push({ kind: 'unknown', what: `the first letter of ${who}` });
    }
  }
  const columns = !isNone(style.columnCount) || !isNone(style.columnWidth);
  if (columns && !/none|hidden/u.test(style.columnRuleStyle) && (Number.parseFloat(style.columnRuleWidth) || 0) > 0) {
    paints.push({ kind: 'unknown', what: `column rule of ${who}` });
  }
  if (shadowsOf(style.boxShadow).length > 0) paints.push({ kind: 'unknown', what: `box-shadow of ${who}` });
  if (onScrollbar(element, style, rect, x, y)) paints.push({ kind: 'unknown', what: `scrollbar of ${who}` });
  if (inwardOutline(style) && within(x, y, rect)) paints.push({ kind: 'unknown', what: `outline drawn inward on ${who}` });
  const emphasis = emphasisReach(style);
  const texts = ownTextRects(element);
  if (texts.some((r) => within(x, y, r))) {
    const fill = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
    if (fill === null || fill[3] > 0) paints.push({ kind: 'unknown', what: `text of ${who}` });
  }
  // A highlight over a layer's text paints its own background over the line (Chromium: the whole
  // line box) however transparent the text: the selection, a custom highlight or a text fragment's
  // ::target-text in the button's colour on a click-through overlay hid the label (the sixth round,
  // test/fixtures/overlay-selection.html, overlay-highlight.html, overlay-target-text.html). Any such highlight on a layer with text is a doubt.
  if (within(x, y, rect) && (element.textContent ?? '') !== '') {
    const highlight = highlightOn(element);
    if (highlight) paints.push({ kind: 'unknown', what: `${highlight} on the text of ${who}` });
  }
  // Emphasis marks are drawn over (or under) the line even when the text itself is transparent.
  if (emphasis > 0 && texts.some((r) => within(x, y, r, [-emphasis, -emphasis, -emphasis, -emphasis])))
    paints.push({ kind: 'unknown', what: `emphasis marks of ${who}` });
  const painting = paints.some((p) => p.kind !== 'none');
  if (painting && !isNone(style.mixBlendMode)) return [{ kind: 'unknown', what: `mix-blend-mode ${style.mixBlendMode} on ${who}` }];
  if (painting && filterEffects(style.filter)) return [{ kind: 'unknown', what: `filter on ${who}` }];
  return paints.length > 0 ? paints : [NONE];
}

/** Whether any of the paints is something a reader could notice: a colour past FAINT, or one the DOM cannot judge. */
export const paintsAnything = (paints: readonly Paint[]): boolean =>
  paints.some((p) => p.kind === 'unknown' || (p.kind === 'colour' && p.colour[3] >= FAINT));

export function isWithin(node: Element, ancestor: Element): boolean {
  for (let current: Element | null = node; current; current = parentElement(current)) {
    if (current === ancestor) return true;
  }
  return false;
}

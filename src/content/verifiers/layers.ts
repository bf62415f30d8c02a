import { contrast, over, parseColour, type Rgba } from './colour';
import { flatChildren, flatContains, shadowIncludingElements } from './flat-tree';
import { pointsInBox } from './legibility';
import { FAINT, isNone, isWithin, MIN_CONTRAST, OPAQUE, paintAt, stacksAt } from './paint';
import { describeElement, parentElement } from './visibility';

/** Layers over the label: everything painted over the target’s label, whether or not it takes hits. */

export type LayerReport = {
  /** Label (or box) points where the target is drawn at all. */
  points: number;
  /** Of those, points where a layer above paints it out. */
  covered: number;
  coveredBy: string | null;
  doubts: string[];
};

/** Points on the label: inside the target's text boxes (clamped to the target), else inside its box. */
function labelPoints(element: Element): [number, number][] {
  const box = element.getBoundingClientRect();
  const points: [number, number][] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let budget = 200;
  for (let node = walker.nextNode(); node && budget-- > 0 && points.length < 12; node = walker.nextNode()) {
    if ((node.textContent ?? '').trim() === '') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      const left = Math.max(r.left, box.left);
      const right = Math.min(r.right, box.right);
      const top = Math.max(r.top, box.top);
      const bottom = Math.min(r.bottom, box.bottom);
      if (right - left < 1 || bottom - top < 1) continue;
      const y = (top + bottom) / 2;
      for (const f of [0.2, 0.5, 0.8]) points.push([left + (right - left) * f, y]);
    }
  }
  if (points.length > 0) return points.slice(0, 12);
  return pointsInBox(element, [
    [0.5, 0.5],
    [0.25, 0.5],
    [0.75, 0.5],
  ]);
}

const MAX_SCAN = 20_000;

/**
 * Painted but hit-tested elsewhere or not at all: elementsFromPoint lists none of these where they
 * paint, so they are looked for and made hit-testable for the look-up. Three ways, one class:
 * `pointer-events: none`; on SVG, a value that hit-tests only the fill or only the stroke (the
 * other one still paints: a thick stroke under `pointer-events: fill`); and inertness (the
 * `inert` attribute on the element or a flat-tree ancestor), which hit-tests as `none` while the
 * computed style says `auto` (measured in Chromium 156: an inert overlay painted over a button is
 * neither listed by elementsFromPoint nor seen by a pointer-events scan).
 */
const PART_HITS = new Set(['visibleFill', 'visibleStroke', 'fill', 'stroke']);

function hitsLess(node: Element, pointerEvents: string): boolean {
  return pointerEvents === 'none' || (node instanceof SVGElement && PART_HITS.has(pointerEvents));
}

const overlaps = (rect: DOMRect, area: DOMRect) =>
  !(rect.right <= area.left || rect.left >= area.right || rect.bottom <= area.top || rect.top >= area.bottom);

/** What to undo after the look-up: layers given `pointer-events: auto`, inert roots made live. */
type NoHitLayers = { styled: HTMLElement[]; inert: Element[] };

/**
 * Elements that take no hits (or only partly) and overlap `area`, in the document and every shadow
 * tree in it (open or closed): elementsFromPoint does not list them, so they are made hit-testable
 * for the duration of the look-up (inline style and the `inert` attribute, restored before
 * returning; nothing runs in between). Null when the document is too large.
 */
function noHitLayers(area: DOMRect, skip: Element): NoHitLayers | null {
  const found: NoHitLayers = { styled: [], inert: [] };
  const inertRoots: Element[] = [];
  let scanned = 0;
  for (const node of shadowIncludingElements()) {
    if (++scanned > MAX_SCAN) return null;
    if (node.hasAttribute('inert')) inertRoots.push(node);
    // The target's own content is its paint; leaving it untouched also keeps its markup (and
    // digest) byte for byte: a style attribute set and restored through CSSOM is re-serialised.
    if (skip.contains(node)) continue;
    if (!(node instanceof HTMLElement || node instanceof SVGElement)) continue;
    // Both tests must hold; the cheaper one first. In Chromium an element's box costs about twice
    // its computed pointer-events (big.html's button: certification p50 33-37 ms box-first, 15-21 ms
    // style-first); in Firefox box-first measured no slower (10-11 ms against 15 ms).
    if (__TARGET__ === 'chrome' && !hitsLess(node, getComputedStyle(node).pointerEvents)) continue;
    if (!overlaps(node.getBoundingClientRect(), area)) continue;
    if (__TARGET__ !== 'chrome' && !hitsLess(node, getComputedStyle(node).pointerEvents)) continue;
    if (isWithin(skip, node)) continue;
    found.styled.push(node as HTMLElement);
  }
  // Inert subtrees, walked in the flat tree (slotted content inherits inertness from its slot's
  // ancestors). One holding the target makes the target inert itself, which the element
  // certificate reports; it is left alone here.
  for (const root of inertRoots) {
    // Inside the target: its own paint, left untouched (removing and setting an attribute again
    // moves it to the end of the list, which would change the target's markup and its digest).
    if (skip.contains(root) || flatContains(root, skip)) continue;
    if (inertRoots.some((other) => other !== root && flatContains(other, root))) continue;
    let overlapping = false;
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (++scanned > MAX_SCAN) return null;
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
      const element = node as Element;
      if (element !== root && skip.contains(element)) continue;
      if ((element instanceof HTMLElement || element instanceof SVGElement) && overlaps(element.getBoundingClientRect(), area)) {
        overlapping = true;
        if (hitsLess(element, getComputedStyle(element).pointerEvents) && !found.styled.includes(element as HTMLElement))
          found.styled.push(element as HTMLElement);
      }
      for (const child of flatChildren(element)) stack.push(child);
    }
    if (overlapping) found.inert.push(root);
  }
  return found;
}

function withHits<T>(layers: NoHitLayers, run: () => T): T {
  const saved = layers.styled.map((layer) => ({
    layer,
    hadStyle: layer.hasAttribute('style'),
    value: layer.style.getPropertyValue('pointer-events'),
    priority: layer.style.getPropertyPriority('pointer-events'),
  }));
  const inert = layers.inert.map((root) => ({ root, value: root.getAttribute('inert') ?? '' }));
  try {
    for (const layer of layers.styled) layer.style.setProperty('pointer-events', 'auto', 'important');
    for (const { root } of inert) root.removeAttribute('inert');
    return run();
  } finally {
    for (const { root, value } of inert) root.setAttribute('inert', value);
    for (const { layer, hadStyle, value, priority } of saved) {
      if (value) layer.style.setProperty('pointer-events', value, priority);
      else layer.style.removeProperty('pointer-events');
      if (!hadStyle && layer.style.length === 0) layer.removeAttribute('style');
    }
  }
}

/** The text colour and the solid colour behind it where the label starts, when both are plain colours. */
function labelColours(element: Element): { text: Rgba; background: Rgba } | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if ((node.textContent ?? '').trim() === '' || !node.parentElement) continue;
    const style = getComputedStyle(node.parentElement);
    const text = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
    const background = solidBehind(node.parentElement);
    return text && background ? { text: over(text, background), background } : null;
  }
  return null;
}

function solidBehind(element: Element): Rgba | null {
  const layers: Rgba[] = [];
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    if (!isNone(style.backgroundImage)) return null;
    const colour = parseColour(style.backgroundColor);
    if (colour === null) return null;
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
}

/**
 * Everything painted over the target's label, whether or not it takes hits. An opaque layer (or
 * one that leaves the text below legibility) covers the label; a layer the DOM cannot judge (an
 * image, text, a filter, a translucent colour over an unknown background) is a doubt.
 */
export function layersOver(element: Element): LayerReport {
  let colours: { text: Rgba; background: Rgba } | null | undefined;
  return layersAt(element, labelPoints(element), () => {
    colours ??= labelColours(element);
    return colours;
  });
}

/**
 * Everything painted over `element` at `points` (viewport coordinates), whether or not it takes
 * hits: the label's points for a target, the mapped hit points for a frame element that shows a
 * subframe's target (frame-element.ts). `colours` gives the text and background under the layers
 * when the DOM knows them (a frame's content it does not: every translucent layer is then a doubt).
 */
export function layersAt(
  element: Element,
  points: readonly [number, number][],
  colours: () => { text: Rgba; background: Rgba } | null,
): LayerReport {
  const report: LayerReport = { points: 0, covered: 0, coveredBy: null, doubts: [] };
  if (points.length === 0) return report;
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  const area = new DOMRect(
    Math.min(...xs) - 1,
    Math.min(...ys) - 1,
    Math.max(...xs) - Math.min(...xs) + 2,
    Math.max(...ys) - Math.min(...ys) + 2,
  );
  const hidden = noHitLayers(area, element);
  if (hidden === null) report.doubts.push('the page is too large to look for layers that take no clicks over the label');
  const stacks = withHits(hidden ?? { styled: [], inert: [] }, () => points.map(([x, y]) => stacksAt(element, x, y)));
  const shared = new Set<Element>();
  for (let node: Element | null = element; node; node = parentElement(node)) shared.add(node);
  points.forEach(([x, y], i) => {
    const atPoint = stacks[i];
    if (!atPoint) return;
    report.points += 1;
    const layers: Rgba[] = [];
    let coveredBy: string | null = null;
    for (const { above } of atPoint) {
      for (const layer of [...above].reverse()) {
        for (const paint of paintAt(layer, x, y, shared)) {
          if (paint.kind === 'unknown') report.doubts.push(`${paint.what} is painted over the label`);
          else if (paint.kind === 'colour' && paint.colour[3] >= FAINT) {
            layers.push(paint.colour);
            coveredBy = describeElement(layer);
          }
        }
      }
    }
    if (layers.length === 0) return;
    const alpha = 1 - layers.reduce((clear, c) => clear * (1 - c[3]), 1);
    let hides = alpha >= OPAQUE;
    if (!hides) {
      const under = colours();
      if (under === null) {
        report.doubts.push(`a translucent layer (${coveredBy}) is painted over the label`);
      } else {
        const text = layers.reduce((below, layer) => over(layer, below), under.text);
        const background = layers.reduce((below, layer) => over(layer, below), under.background);
        hides = contrast(text, background) < MIN_CONTRAST;
      }
    }
    if (hides) {
      report.covered += 1;
      report.coveredBy ??= `${coveredBy}, painted over the label`;
    }
  });
  report.doubts = [...new Set(report.doubts)].slice(0, 8);
  return report;
}

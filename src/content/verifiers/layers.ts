import { backdropsOver } from './backdrops';
import { bareTextOver } from './bare-text';
import { contrast, over, parseColour, type Rgba } from './colour';
import { pointsInBox } from './legibility';
import { withHits } from './look-through';
import { noHitLayers, noLayers } from './no-hit-layers';
import { parentElementOf } from './node-reads';
import { FAINT, isNone, MIN_CONTRAST, OPAQUE, type Paint, paintAt, paintsAnything, within } from './paint';
import { pseudoPaintAt } from './pseudo-paint';
import { PseudoRules } from './pseudo-rules';
import { stacksAt } from './stacks';
import { transitionOver } from './view-transition';
import { describeElement, opacityProduct, parentElement } from './visibility';

/** Layers over the label: everything painted over the target’s label, whether or not it takes hits. */

export type LayerReport = {
  /** Label (or box) points where the target is drawn at all. */
  points: number;
  /** Of those, points where a layer above paints it out. */
  covered: number;
  coveredBy: string | null;
  doubts: string[];
};

/**
 * Points on the label: inside the target's text boxes (clamped to the target), else inside its
 * box; with the element holding the text at each (null for a point of the box). Only text that
 * shows (not faded out or hidden), and spread over all of it: four invisible letters first took
 * every point, and a decoy laid over the real words went unseen (a red team, Dec 6).
 */
function labelPoints(element: Element): { points: [number, number][]; labels: (Element | null)[] } {
  const box = element.getBoundingClientRect();
  const points: [number, number][] = [];
  const labels: Element[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let budget = 200;
  for (let node = walker.nextNode(); node && budget-- > 0; node = walker.nextNode()) {
    if ((node.textContent ?? '').trim() === '') continue;
    const holder = parentElementOf(node);
    if (holder && (getComputedStyle(holder).visibility !== 'visible' || opacityProduct(holder) < 0.1)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const shown = shownArea(node as Text, element, box);
    if (shown === null) continue;
    for (const r of range.getClientRects()) {
      const left = Math.max(r.left, shown.left);
      const right = Math.min(r.right, shown.right);
      const top = Math.max(r.top, shown.top);
      const bottom = Math.min(r.bottom, shown.bottom);
      if (right - left < 2 || bottom - top < 2) continue;
      const y = (top + bottom) / 2;
      for (const f of [0.2, 0.5, 0.8]) {
        points.push([left + (right - left) * f, y]);
        labels.push(parentElementOf(node) ?? element);
      }
    }
  }
  if (points.length > 0) {
    // Twelve at most, evenly over the whole label, its first and last point included.
    const picked = Array.from({ length: Math.min(12, points.length) }, (_, i) =>
      points.length <= 12 ? i : Math.round((i * (points.length - 1)) / 11),
    );
    return { points: picked.map((i) => points[i]!), labels: picked.map((i) => labels[i]!) };
  }
  const inBox = pointsInBox(element, [
    [0.5, 0.5],
    [0.25, 0.5],
    [0.75, 0.5],
  ]);
  return { points: inBox, labels: inBox.map(() => null) };
}

/**
 * Where text under the target can show: the target's box cut by every box between them that clips
 * (overflow, or `clip: rect(0 0 0 0)`). Null where nothing of it can. Text a visually hidden span
 * holds (1 px, clipped: the commonest name of an icon button) is no label with points to paint
 * over: its icon was taken for a layer over it, and every such button went to the pixels (Dec 6).
 */
function shownArea(text: Text, element: Element, box: DOMRect): { left: number; right: number; top: number; bottom: number } | null {
  let area = { left: box.left, right: box.right, top: box.top, bottom: box.bottom };
  for (let at = parentElementOf(text); at && at !== element; at = parentElementOf(at)) {
    const style = getComputedStyle(at);
    // `clip` applies to absolutely positioned boxes only; overflow to boxes that are not inline,
    // each axis by its own (as clip.ts clipOf reads them).
    const positioned = style.position === 'absolute' || style.position === 'fixed';
    if (positioned && /^rect\(0(?:px)?,? 0(?:px)?,? 0(?:px)?,? 0(?:px)?\)$/u.test(style.clip)) return null;
    if (style.display === 'inline' || style.display === 'contents') continue;
    const r = at.getBoundingClientRect();
    if (CLIPPING.test(style.overflowX)) area = { ...area, left: Math.max(area.left, r.left), right: Math.min(area.right, r.right) };
    if (CLIPPING.test(style.overflowY)) area = { ...area, top: Math.max(area.top, r.top), bottom: Math.min(area.bottom, r.bottom) };
  }
  return area.right - area.left < 2 || area.bottom - area.top < 2 ? null : area;
}
const CLIPPING = /hidden|clip|scroll|auto/u;

/** The text colour and the solid colour behind it where the label starts, when both are plain colours. */
function labelColours(element: Element): { text: Rgba; background: Rgba } | null {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = parentElementOf(node);
    if ((node.textContent ?? '').trim() === '' || !parent) continue;
    const style = getComputedStyle(parent);
    const text = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
    const background = solidBehind(parent);
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
  const { points, labels } = labelPoints(element);
  return layersAt(
    element,
    points,
    () => {
      colours ??= labelColours(element);
      return colours;
    },
    labels,
  );
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
  labels: readonly (Element | null)[] = [],
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
  const rules = new PseudoRules();
  const hidden = noHitLayers(area, element, rules);
  // A running view transition paints a picture of the page (or of its scope) over it (view-transition.ts).
  const transition = transitionOver(hidden?.roots ?? [document]);
  if (transition) return { points: points.length, covered: points.length, coveredBy: transition, doubts: [] };
  const bare = bareTextOver(element, area);
  if (bare) report.doubts.push(bare);
  if (hidden === null) report.doubts.push('the page is too large to look for layers that take no clicks over the label');
  const look = () => points.map(([x, y], i) => stacksAt(element, x, y, labels[i] ?? null));
  const looked = withHits(hidden ?? noLayers(), look);
  report.doubts.push(...looked.doubts);
  for (const { element: layer, what } of hidden?.beyond ?? []) {
    report.doubts.push(`${describeElement(layer)} paints beyond its box (${what}) where the label is`);
  }
  const backdrops = backdropsOver(element, hidden?.roots ?? [document]);
  const others = new Set(hidden?.others ?? []);
  const otherDoubt = (layer: Element) =>
    `a pseudo-element of ${describeElement(layer)} (${hidden?.otherNames.slice(0, 3).join(', ')}) may be painted over the label`;
  const shared = new Set<Element>();
  for (let node: Element | null = element; node; node = parentElement(node)) shared.add(node);
  points.forEach(([x, y], i) => {
    const atPoint = looked.first[i];
    if (!atPoint) return;
    report.points += 1;
    const layers: Rgba[] = [];
    let coveredBy: string | null = null;
    // What one layer (an element, its generated content, a backdrop) paints at this point.
    const add = (who: Element | string, paints: readonly Paint[]) => {
      for (const paint of paints) {
        if (paint.kind === 'unknown') report.doubts.push(`${paint.what} is painted over the label`);
        else if (paint.kind === 'colour' && paint.colour[3] >= FAINT) {
          layers.push(paint.colour);
          coveredBy = typeof who === 'string' ? who : describeElement(who);
        }
      }
    };
    const listed = new Set<Element>();
    for (const { above } of atPoint) {
      for (const layer of [...above].reverse()) {
        listed.add(layer);
        add(layer, paintAt(layer, x, y, shared));
        if (rules.mayHaveScanned(layer)) add(layer, pseudoPaintAt(layer, x, y, false, shared));
        // Listed outside its own box with none of its content there: through a pseudo-element.
        if (others.has(layer) && !within(x, y, layer.getBoundingClientRect()) && !above.some((o) => o !== layer && layer.contains(o)))
          report.doubts.push(otherDoubt(layer));
      }
    }
    // Listed only once generated content took hits: there through its ::before/::after alone, or
    // through a pseudo-element modelled nowhere else (other-pseudos.ts), which is for the pixels.
    for (const { above } of looked.generated?.[i] ?? []) {
      for (const layer of [...above].reverse()) {
        if (listed.has(layer)) continue;
        const paints = pseudoPaintAt(layer, x, y, true, shared);
        add(layer, paints);
        if (others.has(layer) && !paintsAnything(paints)) report.doubts.push(otherDoubt(layer));
      }
    }
    for (const { who, paint } of backdrops) add(who, [paint]);
    // The target's own content that takes no clicks, over its label's text: where it is in the paint
    // order is not looked up (its style is not touched, to keep the target's markup), so painting is
    // a doubt. Only at points on the text: a control without text shows its content (an icon whose
    // <svg> takes no clicks, as icon sets make it, is the control's picture, not a cover).
    const label = labels[i];
    for (const inner of hidden?.inside ?? []) {
      if (!label || inner === label || inner.contains(label)) continue;
      if (within(x, y, inner.getBoundingClientRect()) && paintsAnything(paintAt(inner, x, y, shared)))
        report.doubts.push(`${describeElement(inner)}, inside the target, takes no clicks and paints over its label`);
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
  // Over the label's area but at none of its points: painted between them (thin bars, a shape cut
  // to miss them), which the look-up cannot see. What paints anything there is for the pixels.
  const seen = new Set([...looked.first, ...(looked.generated ?? [])].flatMap((stack) => stack?.flatMap((s) => s.above) ?? []));
  for (const layer of new Set([...(hidden?.styled ?? []), ...(hidden?.shaped ?? [])])) {
    if (seen.has(layer)) continue;
    const box = layer.getBoundingClientRect();
    const paints = paintAt(layer, box.left + box.width / 2, box.top + box.height / 2, shared);
    if (paintsAnything(paints)) {
      report.doubts.push(`${describeElement(layer)} overlaps the label between the points looked at`);
    }
  }
  for (const { element: layer, what } of hidden?.foreign ?? []) {
    report.doubts.push(`${describeElement(layer)} is painted over the label (${what})`);
  }
  for (const layer of hidden?.inertOver ?? []) {
    report.doubts.push(
      `${describeElement(layer)} is painted over the modal dialog where the label is, and takes no clicks (the dialog makes it inert)`,
    );
  }
  report.doubts = [...new Set(report.doubts)].slice(0, 8);
  return report;
}

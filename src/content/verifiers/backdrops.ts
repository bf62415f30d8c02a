import { parseColour } from './colour';
import { flatContains } from './flat-tree';
import { filterEffects, isNone, type Paint, shadowsOf } from './paint';
import { describeElement, filterOpacity } from './visibility';

/**
 * The top layer: an open popover, a modal dialog or a fullscreen element paints above the whole
 * page, over its `::backdrop`, a box the size of the viewport by default that paints over
 * everything below it and takes no hits at all (measured in Chromium 156 and Firefox: a popover
 * parked in a corner whose grey `::backdrop` hid the whole page was listed by neither
 * elementsFromPoint nor the pointer-events scan, and a click on a button under it went through).
 * The DOM gives no box for it, so a plain colour over the default box counts at every point; any
 * other paint, a box moved from the default, or a target itself in the top layer (whose order
 * against the others the DOM does not give) is a doubt for the pixels.
 */
const TOP_LAYER = [':popover-open', ':modal', ':fullscreen'];

function openTopLayer(roots: readonly (Document | ShadowRoot)[]): Element[] {
  const open = new Set<Element>();
  for (const root of roots) {
    for (const selector of TOP_LAYER) {
      try {
        for (const element of root.querySelectorAll(selector)) open.add(element);
      } catch {
        // A browser without the pseudo-class has no such top-layer element either.
      }
    }
  }
  return [...open];
}

const FULL = (style: CSSStyleDeclaration) =>
  style.position === 'fixed' && [style.top, style.right, style.bottom, style.left].every((v) => v === '0px');

/** What the backdrops of the top layer paint over `target`: plain colours, or what is left to the pixels. */
export function backdropsOver(target: Element, roots: readonly (Document | ShadowRoot)[]): { who: string; paint: Paint }[] {
  const open = openTopLayer(roots);
  if (open.length === 0) return [];
  const inTop = open.some((element) => element === target || flatContains(element, target));
  const paints: { who: string; paint: Paint }[] = [];
  for (const element of open) {
    // Its own backdrop is below it, and below the target in it.
    if (element === target || flatContains(element, target)) continue;
    const style = getComputedStyle(element, '::backdrop');
    if (style.display === 'none' || style.visibility === 'hidden') continue;
    const alpha = (Number.parseFloat(style.opacity) || 0) * filterOpacity(style.filter);
    const who = `the backdrop of ${describeElement(element)}`;
    const background = parseColour(style.backgroundColor);
    const drawn =
      !isNone(style.backgroundImage) ||
      !isNone(style.getPropertyValue('backdrop-filter')) ||
      shadowsOf(style.boxShadow).length > 0 ||
      (filterEffects(style.filter) !== null && alpha > 0);
    if (background === null || drawn) {
      paints.push({ who, paint: { kind: 'unknown', what: who } });
      continue;
    }
    if (background[3] * alpha === 0) continue;
    if (inTop || !FULL(style)) {
      paints.push({ who, paint: { kind: 'unknown', what: who } });
      continue;
    }
    paints.push({ who, paint: { kind: 'colour', colour: [background[0], background[1], background[2], background[3] * alpha] } });
  }
  return paints;
}

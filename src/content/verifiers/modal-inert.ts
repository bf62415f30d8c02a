import { flatContains, someInFlatSubtree } from './flat-tree';
import { reaches } from './reach-sides';

/**
 * Layers a modal dialog makes inert, over the label. While a dialog is modal, everything outside
 * it (its flat-tree descendants excepted) is inert: it takes no clicks, and no style says so
 * (computed `pointer-events` and `interactivity` stay `auto`). A popover (or a fullscreen element)
 * shown after the dialog is in the top layer above it and paints over the dialog's button while
 * every click passes through it: "Keep open" painted over "Close panel" was clicked in both
 * browsers (test/fixtures/modal-inert.html). Nothing can make such a layer take hits for the
 * look-up (its inertness is the dialog's, not an attribute), so one over the label's area — its
 * box, a descendant's, or generated content it may have — is a doubt the pixels settle.
 */
const TOP_LAYER = ':popover-open, :fullscreen, dialog:modal';
const MAX_DESCENDANTS = 2_000;

export function inertOverModal(
  roots: readonly (Document | ShadowRoot)[],
  target: Element,
  area: DOMRect,
  generated: (element: Element) => boolean,
): Element[] {
  const found: Element[] = [];
  const modal = queryAll(roots, 'dialog:modal').find((dialog) => flatContains(dialog, target));
  if (!modal) return found;
  for (const layer of queryAll(roots, TOP_LAYER)) {
    if (layer === modal || flatContains(modal, layer)) continue;
    if (reachesArea(layer, area, generated)) found.push(layer);
  }
  return found;
}

function queryAll(roots: readonly (Document | ShadowRoot)[], selector: string): Element[] {
  const all: Element[] = [];
  for (const root of roots) {
    try {
      all.push(...Array.from(root.querySelectorAll(selector)));
    } catch {
      // A browser without one of these pseudo-classes has no such layer.
    }
  }
  return all;
}

/** Whether the layer or anything in its flat subtree is over the area, or may generate content (placed anywhere). */
const reachesArea = (layer: Element, area: DOMRect, generated: (element: Element) => boolean) =>
  someInFlatSubtree([layer], MAX_DESCENDANTS, (element) => reaches(element.getBoundingClientRect(), 0, area) || generated(element));

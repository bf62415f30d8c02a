import { shadowRootOf } from './flat-tree';

/**
 * The selection as the browser paints it, shadow trees included. `getRangeAt` answers a selection
 * from the light tree into a shadow tree with a collapsed range at its end (both browsers), so a
 * label a page selected that way and painted away with its closed tree's `::selection` was
 * certified legible and clicked (test/fixtures/shadow-selection.html, Chromium).
 * `getComposedRanges` (Chromium 137, Firefox 142) names the selected nodes in the shadow trees it is
 * given. Each range is made a live Range where both ends lie in one tree; a range whose ends lie in
 * different trees is `crossing`: what it covers is not modelled, so its paint is a doubt.
 */
export type Selected = { ranges: Range[]; crossing: boolean };

type ComposedSelection = Selection & { getComposedRanges?(options: { shadowRoots: ShadowRoot[] }): StaticRange[] };

export function selectedRanges(shadowRoots: readonly ShadowRoot[]): Selected {
  const selection = document.getSelection() as ComposedSelection | null;
  const found: Selected = { ranges: [], crossing: false };
  // Not isCollapsed: a selection inside a shadow tree may look collapsed from the document.
  if (!selection || selection.rangeCount === 0) return found;
  if (typeof selection.getComposedRanges !== 'function') {
    for (let i = 0; i < selection.rangeCount; i++) {
      const range = selection.getRangeAt(i);
      if (!range.collapsed) found.ranges.push(range);
    }
    // Without the composed ranges, a selection in a shadow tree cannot be told apart: a doubt.
    found.crossing = shadowRoots.length > 0;
    return found;
  }
  for (const range of selection.getComposedRanges({ shadowRoots: [...shadowRoots] })) {
    if (range.collapsed) continue;
    if (range.startContainer.getRootNode() !== range.endContainer.getRootNode()) {
      found.crossing = true;
      continue;
    }
    const live = document.createRange();
    try {
      live.setStart(range.startContainer, range.startOffset);
      live.setEnd(range.endContainer, range.endOffset);
      found.ranges.push(live);
    } catch {
      found.crossing = true;
    }
  }
  return found;
}

/**
 * Whether the range touches the node's flat-tree content: it lies in a shadow tree under the node
 * (its own, or a descendant's), or holds the node or the shadow host, in the range's tree, the
 * node is under.
 */
export function inRange(range: Range, node: Node): boolean {
  const root = range.startContainer.getRootNode();
  for (let tree = root; tree instanceof ShadowRoot; tree = tree.host.getRootNode())
    if (tree.host === node || node.contains(tree.host)) return true;
  for (let at: Node | null = node; at; ) {
    const own = at.getRootNode();
    if (own === root) return range.intersectsNode(at);
    at = own instanceof ShadowRoot ? own.host : null;
  }
  return false;
}

/** The shadow trees that hold the element, and its own: where a selection over its text may lie. */
export function treesAround(element: Element): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  for (let root = element.getRootNode(); root instanceof ShadowRoot; root = root.host.getRootNode()) roots.push(root);
  const own = shadowRootOf(element);
  if (own) roots.push(own);
  return roots;
}

import { flatChildren } from './flat-tree';
import { inlineStyleOf, nodeTypeOf } from './node-reads';
import { RuleSelectors } from './pseudo-rules';

/**
 * Which elements a style may reach, from where it can come, so that only those are asked for their
 * computed style (a style read for each of a 5,000-element page's elements was most of a
 * certification's cost in Chromium). A property differs from its default (or, inherited, from the
 * parent's value) only where a style rule declares it (or `all`), an inline style does, or an
 * animation or transition runs; an inherited one also on the flat-tree descendants of those. Sound
 * or silent, as pseudo-rules.ts: a rule the scan cannot place (a sheet of another origin, `:host`,
 * `::slotted`, `::part`, nesting) makes every element a candidate (null). User-agent rules are the
 * caller's to allow for; presentation attributes it names (`attributes`, a selector) are sources too.
 */
export function styleSources(
  roots: readonly (Document | ShadowRoot)[],
  animated: Set<Element> | null,
  declares: RegExp,
  inherited: boolean,
  attributes?: string,
): Set<Element> | null {
  // CSS animations and transitions too (discrete properties animate as well): `animated` is
  // animations.ts's animatedIn(roots), read once by the caller; null, some may run unlisted (then
  // no sheet need be read: every element is a source).
  if (animated === null) return null;
  const rules = new RuleSelectors((rule) => (declares.test(rule.style.cssText) ? rule.selectorText : null));
  rules.anyIn(roots);
  const seeds: Element[] = [...animated];
  for (const root of roots) {
    const matched = rules.matchedIn(root);
    if (matched === null) return null;
    seeds.push(...matched);
    for (const element of Array.from(root.querySelectorAll('[style]'))) {
      // Through the prototype: a form's control named `style` shadows the property (node-reads.ts).
      const inline = inlineStyleOf(element);
      if (inline === null || declares.test(inline.cssText)) seeds.push(element);
    }
    // Presentation attributes (SVG's `pointer-events`, which an HTML box in a <foreignObject> inherits).
    if (attributes) seeds.push(...Array.from(root.querySelectorAll(attributes)));
  }
  if (!inherited) return new Set(seeds);
  // Inherited down the flat tree: a shadow tree's content from its host, slotted content from its slot.
  const sources = new Set<Element>();
  const stack: Node[] = seeds;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (nodeTypeOf(node) !== Node.ELEMENT_NODE || sources.has(node as Element)) continue;
    sources.add(node as Element);
    for (const child of flatChildren(node)) stack.push(child);
  }
  return sources;
}

/**
 * `pointer-events` and `interactivity`: no user-agent rule gives an HTML or SVG element anything
 * but `auto` (measured: every HTML element, every input type, open dialogs and popovers, disabled
 * controls, SVG shapes, in Chromium 156 and Firefox ESR 153); SVG elements are read whatever, and
 * the `pointer-events` presentation attribute is a source (an HTML cover in a <foreignObject>
 * inherits it from a 0 px <svg> the look-up never overrides). The `inert` attribute is found apart.
 */
export const NO_HITS = /pointer-events|interactivity|(?:^|[\s;{])all\s*:/iu;

/**
 * What decides whether a list item's standard marker is too small to hide anything (marker-size.ts):
 * its display, list style, font and content, its zoom and transforms. Where none reaches an item,
 * it has its flat-tree parent's inherited values and no transform or zoom of its own, as every
 * sibling of its kind no source reaches: one answer serves them all (a 1,000-item list read 1,000 times).
 */
export const MARKER_INPUTS = /list-style|font|display|content|quotes|zoom|transform|rotate|scale|translate|offset|(?:^|[\s;{])all\s*:/iu;

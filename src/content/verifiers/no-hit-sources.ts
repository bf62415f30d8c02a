import { flatChildren } from './flat-tree';
import { RuleSelectors } from './pseudo-rules';

/**
 * Which elements may take no hits, from where such a style can come, so that only those are asked
 * for their computed style (a style read for each of a 5,000-element page's elements was most of a
 * certification's cost in Chromium). `pointer-events` and `interactivity` come from a style rule
 * that declares them (or `all`), an inline style, an SVG presentation attribute, an animation or
 * transition, or inheritance from a flat-tree ancestor; no user-agent rule gives an HTML or SVG
 * element anything but `auto` (measured: every HTML element, every input type, open dialogs and
 * popovers, disabled controls, SVG shapes, in Chromium 156 and Firefox ESR 153). The `inert`
 * attribute is found apart (no-hit-layers.ts). Sound or silent, as pseudo-rules.ts: a rule the
 * scan cannot place (a sheet of another origin, `:host`, `::slotted`, `::part`, nesting) makes
 * every element a candidate (null).
 */
const NO_HITS = /pointer-events|interactivity|(?:^|[\s;{])all\s*:/iu;

export function noHitSources(roots: readonly (Document | ShadowRoot)[]): Set<Element> | null {
  const rules = new RuleSelectors((rule) => (NO_HITS.test(rule.style.cssText) ? rule.selectorText : null));
  rules.anyIn(roots);
  const seeds: Element[] = [];
  for (const root of roots) {
    const matched = rules.matchedIn(root);
    if (matched === null) return null;
    seeds.push(...matched);
    for (const element of Array.from(root.querySelectorAll('[style]'))) {
      const inline = (element as Partial<ElementCSSInlineStyle>).style;
      if (inline && NO_HITS.test(inline.cssText)) seeds.push(element);
    }
    // CSS animations and transitions are listed too (pointer-events animates discretely).
    for (const animation of root.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) seeds.push(target);
    }
  }
  // Inherited down the flat tree: a shadow tree's content from its host, slotted content from its slot.
  const sources = new Set<Element>();
  const stack: Node[] = seeds;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType !== Node.ELEMENT_NODE || sources.has(node as Element)) continue;
    sources.add(node as Element);
    for (const child of flatChildren(node)) stack.push(child);
  }
  return sources;
}

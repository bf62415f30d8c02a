import { hostedRoot } from './flat-tree';
import { namespaceOf } from './node-reads';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Every element of the document and of its shadow trees, sorted for the no-hit scan (no-hit-layers.ts). */
export type Walk = {
  /** The document first, then each shadow tree (open or closed) as the walk reaches it. */
  roots: (Document | ShadowRoot)[];
  /** HTML and SVG elements outside the target, tree by tree in document order. */
  elements: Element[];
  svgs: Set<Element>;
  /** List items and summaries among them (their markers are asked apart). */
  items: Set<Element>;
  /** Elements with the `inert` attribute, the target's included. */
  inert: Element[];
  /** The target's own HTML and SVG content (its light-tree descendants). */
  inside: Element[];
  /** Elements of other namespaces (MathML, a page's own XML), outside the target: CSS boxes too. */
  foreign: Element[];
  /** How many elements were walked. */
  scanned: number;
};

/**
 * One pass over every tree, asking each element only what a query cannot: its name, namespace and
 * shadow root. The rest is asked of the browser once per tree (`[inert]`, the target's
 * descendants): a generator calling hasAttribute, contains, namespaceURI and three shadow-root
 * reads per element cost Firefox ~24 ms of a 5,000-element page's certification, through the
 * content script's wrappers. Null past `max` elements.
 */
export function walkTrees(skip: Element, max: number): Walk | null {
  const walk: Walk = { roots: [document], elements: [], svgs: new Set(), items: new Set(), inert: [], inside: [], foreign: [], scanned: 0 };
  const own = new Set<Element>(Array.from(skip.querySelectorAll('*')));
  own.add(skip);
  for (let r = 0; r < walk.roots.length; r++) {
    const root = walk.roots[r]!;
    const all = Array.from(root.querySelectorAll('*'));
    walk.scanned += all.length;
    if (walk.scanned > max) return null;
    for (const node of all) {
      const name = node.localName;
      const shadow = hostedRoot(node, name);
      if (shadow) walk.roots.push(shadow);
      const namespace = namespaceOf(node);
      // By namespace: HTML and SVG elements (an instanceof per element cost Firefox ~13 ms).
      // The target's own content is its paint (left untouched: its markup and digest stay byte for byte).
      if (namespace !== HTML_NS && namespace !== SVG_NS) {
        if (!own.has(node)) walk.foreign.push(node);
        continue;
      }
      if (own.has(node)) {
        if (node !== skip) walk.inside.push(node);
        continue;
      }
      if (namespace === SVG_NS) walk.svgs.add(node);
      else if (name === 'li' || name === 'summary') walk.items.add(node);
      walk.elements.push(node);
    }
    for (const node of Array.from(root.querySelectorAll('[inert]'))) walk.inert.push(node);
  }
  return walk;
}

import { fnv1a } from './fnv';
import { hostOf, localNameOf, nodeTypeOf, parentNodeOf, previousElementSiblingOf } from './node-reads';

/** Preceding siblings counted at most: a place that collides on a longer run only joins more pieces. */
const SIBLINGS_COUNTED = 10_000;

/**
 * Each element's random token, for as long as it lives: the same element object is the same field.
 * Kept as a property of the element's wrapper in this isolated world (the page cannot see or set
 * it) rather than in a WeakMap keyed by the wrapper: an engine may drop a wrapper that carries
 * nothing of its own and make a new one for the same element later, which a WeakMap would not know.
 */
const TOKEN = Symbol('warrant.field');
type Tokened = { [TOKEN]?: string };

/**
 * An editable element as the typing history knows it (background/typed-history.ts), which joins
 * earlier pieces with a call's whatever selector named the field: its `place` in the frame — the
 * local name and element position of it and of each ancestor up to its document, through the
 * hosts of the shadow roots on the way, hashed (a deep tree's path would not fit a certificate) —
 * and its `token`, random, kept for the element object. A piece is joined where either agrees, or
 * the selector's text does: `#code` and `label > input` are one field (a review, Dec 7: the history
 * was keyed by the selector's text); so is a field the page puts back at the same place, and one
 * the page shifts by inserting an element before it (the second review: the place alone changed).
 * Read through the prototypes (node-reads.ts), so a form's controls named `localName` cannot
 * rename a step.
 */
export function fieldOf(element: Element): { place: string; token: string } {
  let token = (element as Tokened)[TOKEN];
  if (typeof token !== 'string') {
    token = `token:${crypto.getRandomValues(new Uint32Array(2)).join('-')}`;
    Object.defineProperty(element, TOKEN, { value: token });
  }
  return { place: placeOf(element), token };
}

function placeOf(element: Element): string {
  let path = '';
  for (let node: Node | null = element; node !== null; ) {
    const type = nodeTypeOf(node);
    if (type === 11) {
      path += '/';
      try {
        node = hostOf(node as ShadowRoot);
      } catch {
        break; // A fragment that is no shadow root: the element is not in a document.
      }
      continue;
    }
    if (type !== 1) break;
    let index = 0;
    for (
      let sibling = previousElementSiblingOf(node as Element);
      sibling !== null && index < SIBLINGS_COUNTED;
      sibling = previousElementSiblingOf(sibling)
    )
      index += 1;
    path += `${localNameOf(node as Element)}:${index}>`;
    node = parentNodeOf(node);
  }
  return `place:${fnv1a(path)}:${path.length}`;
}

import { hostOf, localNameOf, nodeTypeOf, parentNodeOf, previousElementSiblingOf } from './node-reads';

/**
 * Where an editable element sits in its frame: the local name and element position of it and of
 * each ancestor up to its document, through the hosts of the shadow roots on the way. The typing
 * history keys earlier pieces by it (background/typed-history.ts), whatever selector named the
 * field: `#note` and `textarea[name=note]` are one field, and so is a field the page puts back at
 * the same place (a review, Dec 7: the history was keyed by the selector's text). Read through the
 * prototypes (node-reads.ts), so a form's controls named `localName` cannot rename a step. Hashed:
 * a deep tree's path would not fit a certificate.
 */
export function fieldPlace(element: Element): string {
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
    for (let sibling = previousElementSiblingOf(node as Element); sibling !== null; sibling = previousElementSiblingOf(sibling)) index += 1;
    path += `${localNameOf(node as Element)}:${index}>`;
    node = parentNodeOf(node);
  }
  let hash = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) {
    hash ^= path.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `place:${(hash >>> 0).toString(16).padStart(8, '0')}:${path.length}`;
}

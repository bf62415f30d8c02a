/**
 * FNV-1a (32 bits) over a string's code units, as 8 hex digits: enough to notice that something
 * changed or to stand for a long key, not to resist a forger. The element digest (dom.ts) and a
 * field's place (field-place.ts) use it.
 */
export function fnv1a(material: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < material.length; i++) {
    hash ^= material.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

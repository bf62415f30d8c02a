/**
 * Where in the form an error belongs. The background names a problem by its path in the policy
 * JSON (core/policy/issues.ts formatPolicyPath: `sites["www.bank.example"]`, `allowlists.payees[2]`);
 * each form control carries the key of the place it edits (data-field), made by fieldKey.
 */

/** The path's keys: identifiers, [0]-style indexes, and ["quoted"] keys such as domains. */
export function pathSegments(path: string): (string | number)[] | null {
  const segments: (string | number)[] = [];
  const token = /\.?([A-Za-z_$][\w$]*)|\[(\d+)\]|\[(\x22(?:[^\x22\\]|\\.)*\x22)\]/y;
  while (token.lastIndex < path.length) {
    const match = token.exec(path);
    if (match === null) return null;
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else segments.push(JSON.parse(match[3]!) as string);
  }
  return segments.length > 0 ? segments : null;
}

/** How deep each top-level setting's controls go: a privilege cell is privileges.<trust>.<privilege>. */
const DEPTH: Record<string, number> = {
  privileges: 3,
  unsupported: 2,
  ocr: 2,
  askTimeoutSeconds: 1,
  interception: 1,
  // A site's own privilege rule has its control; any other problem inside a site's rule belongs
  // to the site's row.
  sites: 4,
  allowlists: 3,
};

export const fieldKey = (...segments: (string | number)[]) => JSON.stringify(segments);

/**
 * The control an issue belongs to, from the most to the least precise: a privilege cell, a site's
 * row, one allowlist entry, then the whole setting (`allowlists.payees` when the list is too
 * long). Null for what no control stands for: `(policy)`, `(json)`, an unknown key.
 */
export function fieldsFor(path: string): string[] {
  const segments = pathSegments(path);
  const top = segments?.[0];
  if (segments === null || typeof top !== 'string' || !Object.hasOwn(DEPTH, top)) return [];
  const keys: string[] = [];
  for (let length = Math.min(segments.length, DEPTH[top]!); length >= 1; length--) keys.push(fieldKey(...segments.slice(0, length)));
  return keys;
}

/**
 * JSON with object keys sorted at every level, so equal values always hash equally
 * (schema digests, audit hashes). `undefined` members are dropped as JSON.stringify drops them.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const member = (value as Record<string, unknown>)[key];
    if (member !== undefined) Object.defineProperty(sorted, key, { value: sortKeys(member), enumerable: true });
  }
  return sorted;
}

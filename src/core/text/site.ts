import { getDomain } from 'tldts';

/**
 * The site of an origin or URL: its registrable domain under the public suffix list, private
 * suffixes included (so `a.github.io` and `b.github.io` are different sites). Hosts without one
 * (localhost, IP addresses) are their own site.
 */
export function siteOf(originOrUrl: string): string | null {
  let host: string;
  try {
    host = new URL(originOrUrl).hostname;
  } catch {
    return null;
  }
  if (host === '') return null;
  return getDomain(host, { allowPrivateDomains: true }) ?? host;
}

export function sameSite(a: string | null, b: string | null): boolean {
  if (a === null || b === null) return false;
  const siteA = siteOf(a);
  return siteA !== null && siteA === siteOf(b);
}

import { domainLookalike } from '../text';

/**
 * Where a URL may take the user, and whether a destination imitates the frame's own site: plain
 * logic without the certificate schemas (zod), so the in-page assistant check
 * (src/content/agent-check.ts) loads it without a schema library; links.ts builds the predicates.
 */

/**
 * Where a URL may take the user: itself, and every absolute web URL its query values or fragment
 * carry (an open redirect's `?next=https://evil.example/` goes there, in one hop the page decides),
 * looked for twice deep and once more percent-decoded. Unparsable input gives the input alone.
 */
export function destinationsOf(url: string, depth = 2): string[] {
  const found = [url];
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return found;
  }
  if (depth === 0) return found;
  const carried: string[] = [];
  for (const [, value] of parsed.searchParams) carried.push(value);
  const fragment = parsed.hash.replace(/^#/u, '');
  if (fragment) {
    carried.push(safeDecode(fragment));
    for (const [, value] of new URLSearchParams(fragment.replace(/^[!/?]+/u, ''))) carried.push(value);
  }
  for (const raw of carried) {
    for (const value of new Set([raw, safeDecode(raw)])) {
      const match = /(?:https?:)?\/\/[^\s"'<>]+/iu.exec(value);
      if (!match) continue;
      const absolute = match[0].startsWith('//') ? `https:${match[0]}` : match[0];
      try {
        const inner = new URL(absolute).href;
        if (!found.includes(inner)) found.push(...destinationsOf(inner, depth - 1).filter((d) => !found.includes(d)));
      } catch {
        // Not a URL after all.
      }
    }
  }
  return found.slice(0, 16);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Why going to `url` from a frame of `frameOrigin` impersonates that site, or null: a different
 * registrable domain that reads as the frame's own (a homograph, its name worn as a subdomain),
 * or a host label that mixes scripts. Unparsable or non-web destinations are not judged here.
 */
export function impersonation(url: string, frameOrigin: string): string | null {
  let host: string;
  let frameHost: string;
  try {
    host = new URL(url).hostname;
    frameHost = new URL(frameOrigin).hostname;
  } catch {
    return null;
  }
  if (host === '' || frameHost === '') return null;
  const seen = domainLookalike(host, frameHost);
  if (seen.sameSite) return null;
  const shown = (seen.display ?? host).slice(0, 120);
  if (seen.confusable) {
    const how = seen.reason === 'homograph' ? 'reads as' : 'wears the name of';
    return `${host.slice(0, 120)} (shown as ${shown}) ${how} ${frameHost.slice(0, 120)}, but is another site.`;
  }
  if (seen.mixedScript) return `${host.slice(0, 120)} (shown as ${shown}) mixes scripts in one label.`;
  return null;
}

/** The first destination of `url` (itself or one it carries) that imitates the frame's site. */
export function firstImpersonation(url: string, frameOrigin: string): string | null {
  for (const destination of destinationsOf(url)) {
    const problem = impersonation(destination, frameOrigin);
    if (problem !== null) return problem;
  }
  return null;
}

import { apply, HREF, now, URLCtor, urlHref, WeakMapCtor, weakMapGet, weakMapSet } from '../primordials';
import { elementFor } from './selector';

/**
 * What Warrant itself is about to do in this frame. Its executor acts from the isolated world,
 * where the page's (and these) wrappers do not exist, but the untrusted click and the navigation
 * it causes are still seen by the guards here; the bridge announces them over the private port
 * first, so the guards let exactly those through.
 */
const LIFETIME_MS = 3_000;
const elements = new WeakMapCtor<Element, number>();
let url: { href: string; until: number } | null = null;

export function allow(allowance: { selector?: unknown; url?: unknown }): void {
  const until = now() + LIFETIME_MS;
  if (typeof allowance.selector === 'string') {
    const element = elementFor(allowance.selector);
    if (element !== null) apply(weakMapSet, elements, [element, until]);
  }
  if (typeof allowance.url === 'string') {
    try {
      // As the navigate event will report it (normalised, resolved against this document).
      url = { href: urlHref(new URLCtor(allowance.url, HREF)), until };
    } catch {
      url = null;
    }
  }
}

export function allowedElement(element: Element): boolean {
  const until = apply(weakMapGet, elements, [element]) as number | undefined;
  return until !== undefined && now() < until;
}

/** A URL allowance is used once. */
export function takeAllowedUrl(href: string): boolean {
  if (url === null || url.href !== href || now() >= url.until) return false;
  url = null;
  return true;
}

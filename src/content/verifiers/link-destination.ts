import { namespaceOf } from './node-reads';
import { svgHref } from './svg-href';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements that are links: an HTML `<a>` or `<area>` with an `href`, an SVG `<a>` with an `href` or SVG 1.1's `xlink:href`. */
export const LINK = 'a[href], area[href], a[*|href]';

/**
 * Where following the link sends the browser: an HTML `<a>` or `<area>`'s `href` (resolved, its
 * `<base>` included), or an SVG `<a>`'s animated value resolved against its base. The animated one is
 * what both browsers follow: under `<set attributeName="href" to="/logout">` Chromium 156 and
 * Firefox 153 went to /logout while `href.baseVal` still named /help (a fixture never shown to the
 * project before, Dec 6), so a destination read from the written value was not the one followed.
 * Read by namespace and name, not `instanceof`, so that it holds for a link from another frame's
 * realm. Null: not a link, or an address that does not parse.
 */
export function linkDestination(link: Element): string | null {
  const name = link.localName;
  if (namespaceOf(link) === HTML_NS && (name === 'a' || name === 'area')) {
    const href: unknown = (link as { href?: unknown }).href;
    return typeof href === 'string' ? href : null;
  }
  if (namespaceOf(link) !== SVG_NS || name !== 'a') return null;
  try {
    return new URL(svgHref(link), link.baseURI).href;
  } catch {
    return null;
  }
}

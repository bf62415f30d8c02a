const XLINK_NS = 'http://www.w3.org/1999/xlink';

/**
 * What an SVG element refers to as the browser uses it: its `href`'s animated value, which an SVG
 * animation (`<set attributeName="href">`) may make another than the one written (Chromium 156 and
 * Firefox 153 follow and draw the animated one: link-destination.ts), else the written `href`, or
 * the older `xlink:href` where `href` is absent (SVG 2). Unresolved; '' where there is none.
 */
export function svgHref(element: Element): string {
  const animated: unknown = (element as { href?: { animVal?: unknown } }).href?.animVal;
  if (typeof animated === 'string') return animated;
  return element.getAttribute('href') ?? element.getAttributeNS(XLINK_NS, 'href') ?? '';
}

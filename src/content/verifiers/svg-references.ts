/**
 * What an SVG reference names, read as the browser reads it: shared by what an icon's picture
 * draws (graphic.ts) and how far SVG paint reaches (svg-reach.ts), which had each their own reading
 * (one of them threw on an undecodable fragment, `url(#%E0)`).
 */

/** A `url()` in a computed value: its quoted URL (escapes kept, as serialised: `\"`) or its bare one. */
const URL_REFERENCE = /url\(\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)'|([^)\s]*))\s*\)/gu;

/** The URLs of the `url()`s in a computed value, CSS escapes read (`\"`, `\\`, `\22 `). */
export function cssUrls(value: string): string[] {
  return Array.from(value.matchAll(URL_REFERENCE), (match) => unescapeCss(match[1] ?? match[2] ?? match[3] ?? ''));
}

/** The value with its `url()`s taken out (what is left of one this reader cannot read stays). */
export const withoutUrls = (value: string): string => value.replace(URL_REFERENCE, '');

const unescapeCss = (text: string) =>
  text.replace(/\\(?:([0-9a-fA-F]{1,6})\s?|(.))/gu, (_, hex: string | undefined, other: string | undefined) =>
    hex === undefined ? (other ?? '') : String.fromCodePoint(Math.min(Number.parseInt(hex, 16), 0x10ffff) || 0xfffd),
  );

/**
 * The elements a same-document reference may name: its fragment raw and decoded, looked up in the
 * referring element's tree and in the document (browsers differ on a shadow tree's references),
 * none if no element has the id; undefined where it cannot be told (another document, an
 * undecodable fragment). The fragment is read as a URL parser reads it: tabs and line breaks
 * anywhere, spaces at either end, dropped.
 */
export function referenced(reference: string, from: Element): Element[] | undefined {
  const cleaned = reference.replace(/[\t\n\r]/gu, '').trim();
  if (cleaned === '') return [];
  let fragment: string;
  if (cleaned.startsWith('#')) fragment = cleaned.slice(1);
  else {
    // (Not URL.parse: Chromium has it from 126, Warrant runs from 121.)
    let url: URL;
    try {
      url = new URL(cleaned, document.baseURI);
    } catch {
      return undefined;
    }
    if (url.hash === '' || url.href.slice(0, -url.hash.length) !== document.URL.split('#')[0]) return undefined;
    fragment = url.hash.slice(1);
  }
  let id: string;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  const root = from.getRootNode() as Document | ShadowRoot;
  const found = new Set<Element>();
  for (const tree of [root, document]) {
    for (const key of [id, fragment]) {
      const element = tree.getElementById?.(key);
      if (element) found.add(element);
    }
  }
  return [...found];
}

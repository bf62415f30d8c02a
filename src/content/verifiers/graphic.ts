import { flatChildren, NOT_CONTENT } from './flat-tree';
import { MIN_CONTROL_PX } from './legibility';

/** Elements that draw a picture of their own. */
const PICTURES = new Set(['img', 'svg', 'canvas', 'video', 'picture', 'object', 'embed']);
const BUDGET = 200;

/** An image a background or mask draws (a gradient is a colour, not a picture). */
const IMAGE = /\b(?:url|image-set|-webkit-image-set|image|element|-moz-element|paint|cross-fade|-webkit-cross-fade)\(/u;

/**
 * Whether the control draws something besides text that could tell a person what it is: a
 * picture (img, svg, canvas…), a background or mask image (icon sprites, masked icons), or
 * generated content (icon fonts), on a box at least MIN_CONTROL_PX on each side. Asked of a control
 * whose label is in the DOM but not shown: with no picture either, it is an empty box.
 * `pictureOnly`: a background or mask counts only as an image (url(), image-set()…), not as a
 * gradient — what makes the control an icon, whose name may then come from hidden text (dom.ts).
 */
export function showsGraphic(element: Element, pictureOnly = false): boolean {
  const stack: Node[] = [element];
  let budget = BUDGET;
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const rect = node.getBoundingClientRect();
    const sized = rect.width >= MIN_CONTROL_PX && rect.height >= MIN_CONTROL_PX;
    if (sized && (PICTURES.has(node.localName) || (node instanceof HTMLInputElement && node.type === 'image'))) return true;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility !== 'visible') continue;
    const mask = style.getPropertyValue('mask-image') || style.getPropertyValue('-webkit-mask-image');
    if (
      sized &&
      (pictureOnly
        ? IMAGE.test(style.backgroundImage) || IMAGE.test(mask)
        : style.backgroundImage !== 'none' || (mask !== '' && mask !== 'none'))
    )
      return true;
    for (const pseudo of ['::before', '::after']) {
      const content = getComputedStyle(node, pseudo).content;
      if (content && content !== 'none' && content !== 'normal' && content !== '""' && content !== "''") return true;
    }
    for (const child of Array.from(flatChildren(node))) stack.push(child);
  }
  // Too deep to tell: not an empty box as far as this look goes, and no picture that makes it an
  // icon either (an icon's name may come from hidden text: only where a picture was seen).
  return budget < 0 && !pictureOnly;
}

/** Inside an SVG document or image: elements that draw words (text, or HTML laid out in the drawing). */
const WORDS_IN_SVG = /<(?:[\w-]+:)?(?:text|foreignObject)\b/u;

/**
 * Whether a picture the control draws is seen to draw words of its own: an inline `<svg>` with
 * `<text>` or `<foreignObject>`, an image whose source is such an SVG written into the page
 * (`data:` URL), or an embedded document. An icon that names nothing the DOM can read may take its
 * name from hidden text; one that draws words shows the user those words, which the pixels must
 * read (issue 10 §8: a circle button showing an image of "Cancel" was named "Show details" by a
 * label clipped away, a red team's round 8). A raster image's words are not seen here.
 */
export function drawsWords(element: Element): boolean {
  const stack: Node[] = [element];
  let budget = BUDGET;
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const name = node.localName;
    if (name === 'svg' && svgDrawsWords(node)) return true;
    if (name === 'object' || name === 'embed') return true;
    if (node instanceof HTMLImageElement || (node instanceof HTMLInputElement && node.type === 'image')) {
      const source = node instanceof HTMLImageElement ? node.currentSrc || node.src : node.src;
      if (svgDataWithWords(source)) return true;
    }
    for (const child of Array.from(flatChildren(node))) stack.push(child);
  }
  return budget < 0;
}

/** How many elements an inline SVG's references may lead to, and how many of their elements are read, before it counts as drawing words. */
const REFERENCES = 32;
const SCANNED = 400;
/** Elements whose `href` names what they draw (a `<use>`, a filter's image, a pattern's or filter's template). */
const DRAWS_HREF = new Set(['use', 'feImage', 'pattern', 'filter']);
/** Properties that paint through another element: a pattern fill, a mask, a filter, a clip, markers. */
const PAINTED_THROUGH = ['fill', 'stroke', 'mask', 'mask-image', 'filter', 'clip-path', 'marker-start', 'marker-mid', 'marker-end'];
const URL_REFERENCE = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gu;

/**
 * An inline SVG drawing words: its own `<text>` or `<foreignObject>`, an image of an SVG data URL
 * that holds one, or anything it paints through that does, followed as the browser follows it: a
 * `<use>` (through symbols that use others), a filter's `<feImage>`, a pattern, mask, clip or
 * marker named by `url(#…)` in its style; the fragment read as a URL's (tabs and line breaks
 * dropped, escapes decoded). A reference to another document, more than REFERENCES of them, or
 * more than SCANNED elements cannot be told: words.
 */
function svgDrawsWords(svg: Element): boolean {
  const root = svg.getRootNode() as Document | ShadowRoot;
  const pending: Element[] = [svg];
  const seen = new Set<Element>();
  let scanned = 0;
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (seen.has(part)) continue;
    seen.add(part);
    if (seen.size > REFERENCES) return true;
    if (part.localName === 'text' || part.localName === 'foreignObject' || part.querySelector('text, foreignObject') !== null) return true;
    for (const element of [part, ...Array.from(part.querySelectorAll('*'))]) {
      if (++scanned > SCANNED) return true;
      const name = element.localName;
      const href = hrefOf(element);
      if ((name === 'image' || name === 'feImage') && svgDataWithWords(href)) return true;
      const references = DRAWS_HREF.has(name) && href !== '' && !href.startsWith('data:') ? [href] : [];
      const style = getComputedStyle(element);
      for (const property of PAINTED_THROUGH) {
        for (const match of style.getPropertyValue(property).matchAll(URL_REFERENCE))
          references.push(match[1] ?? match[2] ?? match[3] ?? '');
      }
      for (const reference of references) {
        const found = referenced(reference, root);
        if (found === undefined) return true;
        pending.push(...found);
      }
    }
  }
  return false;
}

/**
 * The elements a same-document reference names (none if no element has the id), or undefined
 * where it cannot be told: another document, an undecodable fragment.
 */
function referenced(reference: string, root: Document | ShadowRoot): Element[] | undefined {
  // As a URL parser reads it: tabs and line breaks anywhere, spaces at either end, are dropped.
  const cleaned = reference.replace(/[\t\n\r]/gu, '').trim();
  if (cleaned === '') return [];
  let fragment: string;
  if (cleaned.startsWith('#')) fragment = cleaned.slice(1);
  else {
    const url = URL.parse(cleaned, document.baseURI);
    if (url === null || url.hash === '' || url.href.slice(0, -url.hash.length) !== document.URL.split('#')[0]) return undefined;
    fragment = url.hash.slice(1);
  }
  let id: string;
  try {
    id = decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
  const found: Element[] = [];
  for (const key of [id, fragment]) {
    const element = root.getElementById?.(key);
    if (element) found.push(element);
  }
  return found;
}

/** What an SVG element refers to: `href`, or the older `xlink:href` where `href` is absent (SVG 2). */
function hrefOf(element: Element): string {
  return element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '';
}

/** A `data:image/svg+xml` URL (base64 or percent-encoded) whose drawing holds words. */
function svgDataWithWords(url: string): boolean {
  const match = /^data:image\/svg\+xml(;[^,]*)?,(.*)$/isu.exec(url);
  if (!match) return false;
  try {
    const body = /;base64/iu.test(match[1] ?? '') ? atob(match[2]!) : decodeURIComponent(match[2]!);
    return WORDS_IN_SVG.test(body);
  } catch {
    // Undecodable: what it draws cannot be told.
    return true;
  }
}

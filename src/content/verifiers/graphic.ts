import { flatChildren, NOT_CONTENT } from './flat-tree';
import { MIN_CONTROL_PX } from './legibility';
import { cssUrls, referenced } from './svg-references';

/** Elements that draw a picture of their own. */
const PICTURES = new Set(['img', 'svg', 'canvas', 'video', 'picture', 'object', 'embed']);
const BUDGET = 200;

/** An image a background or mask draws (a gradient is a colour, not a picture). */
const IMAGE = /\b(?:url|image-set|-webkit-image-set|image|element|-moz-element|paint|cross-fade|-webkit-cross-fade)\(/u;

/**
 * Whether the control draws something besides text that could tell a person what it is: a
 * picture (img, svg, canvas…), an image painted by a background, mask, border image or list marker
 * (icon sprites, masked icons), on the element or its `::before`/`::after`, or generated content
 * (icon fonts), on a box at least MIN_CONTROL_PX on each side. Asked of a control whose label is in
 * the DOM but not shown: with no picture either, it is an empty box. `pictureOnly`: an image
 * counts only as one (url(), image-set()…), not as a gradient — what makes the control an icon,
 * whose name may then come from hidden text (dom.ts).
 */
export function showsGraphic(element: Element, pictureOnly = false): boolean {
  const stack: Node[] = [element];
  let budget = BUDGET;
  const paints = (value: string) => value !== '' && value !== 'none' && (!pictureOnly || IMAGE.test(value));
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const rect = node.getBoundingClientRect();
    const sized = rect.width >= MIN_CONTROL_PX && rect.height >= MIN_CONTROL_PX;
    if (sized && (PICTURES.has(node.localName) || (node instanceof HTMLInputElement && node.type === 'image'))) return true;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility !== 'visible') continue;
    if (sized && imagesOf(style).some(paints)) return true;
    for (const pseudo of ['::before', '::after']) {
      const generated = getComputedStyle(node, pseudo);
      const content = generated.content;
      if (!content || content === 'none' || content === 'normal') continue;
      if (content !== '""' && content !== "''") return true;
      // An empty box it paints an image on (a `::before` icon): sized as its style gives it.
      const side = (length: string) => Number.parseFloat(length) >= MIN_CONTROL_PX;
      if (side(generated.width) && side(generated.height) && imagesOf(generated).some(paints)) return true;
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
 * What a control's pictures tell of the words they draw: `words`, seen to draw some; `unread`, a
 * picture whose content the DOM cannot read (a raster image, an image from a URL or a `blob:`, a
 * canvas or video, an image a background, mask, border or list marker paints), which may draw
 * words the pixels must read; `none`, none that draws any.
 */
export type PictureWords = 'words' | 'unread' | 'none';

/**
 * Whether a picture the control draws is seen to draw words of its own, or may: an inline `<svg>`
 * with `<text>` or `<foreignObject>`, an image whose source is such an SVG written into the page
 * (`data:` URL), or an embedded document draws words; any other image is unread, in whatever
 * property it is painted (`img`, `input type=image`, `background-image`, `mask-image`,
 * `border-image-source`, `list-style-image`, `content`, on the element or its `::before`/`::after`).
 * An icon that names nothing the DOM can read may take its name from hidden text; one that draws
 * words shows the user those words, which the pixels must read (issue 10 §8: a circle button
 * showing an image of "Cancel" was named "Show details" by a label clipped away, a red team's round
 * 8; words painted by a child's mask, a border image and an `<img>` of a `blob:` SVG, round 9).
 * Boxes under MIN_CONTROL_PX on a side draw nothing legible.
 */
export function pictureWords(element: Element): PictureWords {
  const stack: Node[] = [element];
  let budget = BUDGET;
  let found = 'none' as PictureWords;
  const see = (seen: PictureWords) => {
    if (seen === 'words' || found === 'none') found = seen;
  };
  while (stack.length > 0 && budget-- > 0 && found !== 'words') {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const name = node.localName;
    const rect = node.getBoundingClientRect();
    const sized = rect.width >= MIN_CONTROL_PX && rect.height >= MIN_CONTROL_PX;
    if (name === 'object' || name === 'embed' || name === 'iframe') see('words');
    else if (name === 'svg') see(svgDrawsWords(node));
    else if (node instanceof HTMLImageElement || (node instanceof HTMLInputElement && node.type === 'image')) {
      if (sized) see(imageWords(node instanceof HTMLImageElement ? node.currentSrc || node.src : node.src));
    } else if (sized && (name === 'canvas' || name === 'video')) see('unread');
    const style = getComputedStyle(node);
    if (style.display === 'none') continue;
    if (style.visibility === 'visible' && sized) see(paintedImages(style));
    for (const pseudo of ['::before', '::after']) {
      const generated = getComputedStyle(node, pseudo);
      if (generated.content === 'none' || generated.content === 'normal' || generated.visibility !== 'visible') continue;
      see(paintedImages(generated));
      see(cssImages(generated.content));
    }
    for (const child of Array.from(flatChildren(node))) stack.push(child);
  }
  // Too many to look at: what the rest draws cannot be told.
  return budget < 0 && found === 'none' ? 'unread' : found;
}

/** The values of the properties that paint images: background, mask, border image, a list item's marker. */
function imagesOf(style: CSSStyleDeclaration): string[] {
  return [
    style.backgroundImage,
    style.getPropertyValue('mask-image'),
    style.getPropertyValue('-webkit-mask-image'),
    style.getPropertyValue('border-image-source'),
    style.display === 'list-item' ? style.listStyleImage : '',
  ];
}

/** What the images a style paints draw. */
function paintedImages(style: CSSStyleDeclaration): PictureWords {
  let found: PictureWords = 'none';
  for (const value of imagesOf(style)) {
    const seen = cssImages(value);
    if (seen === 'words') return seen;
    if (seen === 'unread') found = seen;
  }
  return found;
}

/**
 * What the images of one computed value draw: each `url()` as an image source; any other image
 * function but a gradient (`image()`, `element()`, `paint()`, `cross-fade()`, `image-set()` of no
 * `url()`) is unread. Gradients are colours, not pictures.
 */
function cssImages(value: string): PictureWords {
  if (!value || value === 'none' || !IMAGE.test(value)) return 'none';
  let found: PictureWords = 'none';
  let urls = 0;
  for (const url of cssUrls(value)) {
    urls += 1;
    const seen = imageWords(url);
    if (seen === 'words') return seen;
    if (seen === 'unread') found = seen;
  }
  const other = /\b(?:image|element|-moz-element|paint|cross-fade|-webkit-cross-fade)\(/u.test(value.replace(/url\([^)]*\)/gu, ''));
  return other || urls === 0 ? 'unread' : found;
}

/** An image source: an SVG written into the page is read; anything else (raster, a URL, `blob:`) is not. */
function imageWords(source: string): PictureWords {
  if (source.trim() === '') return 'none';
  const svg = svgDataWords(source);
  return svg ?? 'unread';
}

/** How many elements an inline SVG's references may lead to, and how many of their elements are read, before it counts as drawing words. */
const REFERENCES = 32;
const SCANNED = 400;
/** Elements whose `href` names what they draw (a `<use>`, a filter's image, a pattern's or filter's template). */
const DRAWS_HREF = new Set(['use', 'feImage', 'pattern', 'filter']);
/** Properties that paint through another element: a pattern fill, a mask, a filter, a clip, markers. */
const PAINTED_THROUGH = ['fill', 'stroke', 'mask', 'mask-image', 'filter', 'clip-path', 'marker-start', 'marker-mid', 'marker-end'];

/**
 * An inline SVG drawing words: its own `<text>` or `<foreignObject>`, an image of an SVG data URL
 * that holds one, or anything it paints through that does, followed as the browser follows it: a
 * `<use>` (through symbols that use others), a filter's `<feImage>`, a pattern, mask, clip or
 * marker named by `url(#…)` in its style; the fragment read as a URL's (tabs and line breaks
 * dropped, escapes decoded). A reference to another document, more than REFERENCES of them, or
 * more than SCANNED elements cannot be told: words.
 */
function svgDrawsWords(svg: Element): PictureWords {
  const pending: Element[] = [svg];
  const seen = new Set<Element>();
  let scanned = 0;
  let found: PictureWords = 'none';
  while (pending.length > 0) {
    const part = pending.pop()!;
    if (seen.has(part)) continue;
    seen.add(part);
    if (seen.size > REFERENCES) return 'words';
    if (part.localName === 'text' || part.localName === 'foreignObject' || part.querySelector('text, foreignObject') !== null)
      return 'words';
    for (const element of [part, ...Array.from(part.querySelectorAll('*'))]) {
      if (++scanned > SCANNED) return 'words';
      const name = element.localName;
      const href = hrefOf(element);
      // An image it draws: an SVG written into the page is read, any other source is not.
      if (name === 'image' || (name === 'feImage' && href.startsWith('data:'))) {
        const drawn = imageWords(href);
        if (drawn === 'words') return drawn;
        if (drawn === 'unread') found = drawn;
      }
      const references = DRAWS_HREF.has(name) && href !== '' && !href.startsWith('data:') ? [href] : [];
      const style = getComputedStyle(element);
      for (const property of PAINTED_THROUGH) references.push(...cssUrls(style.getPropertyValue(property)));
      for (const reference of references) {
        const named = referenced(reference, element);
        if (named === undefined) return 'words';
        pending.push(...named);
      }
    }
  }
  return found;
}

/** What an SVG element refers to: `href`, or the older `xlink:href` where `href` is absent (SVG 2). */
function hrefOf(element: Element): string {
  return element.getAttribute('href') ?? element.getAttributeNS('http://www.w3.org/1999/xlink', 'href') ?? '';
}

/**
 * What a `data:image/svg+xml` URL (base64 or percent-encoded) draws: words where its drawing holds
 * text (or cannot be decoded), none otherwise; null for any other URL.
 */
function svgDataWords(url: string): PictureWords | null {
  const match = /^data:image\/svg\+xml(;[^,]*)?,(.*)$/isu.exec(url.trim());
  if (!match) return null;
  try {
    const body = /;base64/iu.test(match[1] ?? '') ? atob(match[2]!) : decodeURIComponent(match[2]!);
    return WORDS_IN_SVG.test(body) ? 'words' : 'none';
  } catch {
    // Undecodable: what it draws cannot be told.
    return 'words';
  }
}

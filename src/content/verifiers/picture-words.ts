import { flatChildren, flatParent, NOT_CONTENT } from './flat-tree';
import { BUDGET, IMAGE, imagesOf, MADE_IMAGE, showsGraphic } from './graphic';
import { MIN_CONTROL_PX } from './legibility';
import { svgHref } from './svg-href';
import { cssUrls, referenced, withoutUrls } from './svg-references';

/**
 * What a control's pictures tell of the words they draw: `words`, seen to draw some; `beyond`, a
 * picture the DOM cannot read that paints outside the control's box or turned within it, where the
 * pixels of its box, read upright, do not show all of it; `unread`, a picture whose content the DOM
 * cannot read (a raster image, an image from a URL or a `blob:`, a canvas or video, an image a
 * background, mask, border or list marker paints), which may show words the pixels must read;
 * `none`, none that draws any.
 */
export type PictureWords = 'words' | 'beyond' | 'unread' | 'none';

const RANK: Record<PictureWords, number> = { none: 0, unread: 1, beyond: 2, words: 3 };

/** Why the DOM cannot certify an icon's label, where its pictures say so. */
export const PICTURE_DOUBT = {
  words: 'its picture draws words of its own, which the DOM cannot read',
  beyond: 'a picture it draws paints past its box or turned, where the pixels of its box do not show all of it',
} as const;

/**
 * What an icon control (no letters shown) shows of words: its pictures (below), or, where it draws
 * nothing at all, whatever is painted behind it (unread: the pixels read that; a transparent button
 * named "Settings" over a picture of "Delete account" showed those words).
 */
export function iconPictures(control: Element, text: string, field: boolean): PictureWords {
  const pictures = pictureWords(control);
  return pictures === 'none' && !field && text.trim() === '' && !showsGraphic(control) ? 'unread' : pictures;
}

/**
 * What the pictures a control draws show: an inline `<svg>` with `<text>` or `<foreignObject>`, an
 * image whose source is such an SVG written into the page (`data:` URL), or an embedded document
 * draws words; any other picture is unread, in whatever way it is painted (`img`, `input
 * type=image`, canvas, video, an element's own `content: url()`, `background-image`, `mask-image`,
 * `border-image-source`, `list-style-image`, a `clip-path` or `filter` naming an SVG element, on the
 * element or its `::before`/`::after`/`::marker`). An icon that names nothing the DOM can read may
 * take its name from hidden text; one that draws words shows the user those words, which the
 * pixels must read (issue 10 §8: a circle button showing an image of "Cancel" was named "Show
 * details" by a label clipped away, a red team's round 8; words painted by a child's mask, a border
 * image and an `<img>` of a `blob:` SVG, round 9). Boxes under MIN_CONTROL_PX on a side draw
 * nothing legible.
 */
export function pictureWords(control: Element): PictureWords {
  const stack: Node[] = [control];
  const box = control.getBoundingClientRect();
  const own = getComputedStyle(control);
  // What paints past a box that clips its content is not shown (a positioned one: an absolutely
  // positioned child escapes the clip of a box that is not its containing block).
  const clips = CLIPS.test(own.overflowX) && CLIPS.test(own.overflowY) && own.position !== 'static';
  let budget = BUDGET;
  let found = 'none' as PictureWords;
  const see = (seen: PictureWords) => {
    if (RANK[seen] > RANK[found]) found = seen;
  };
  while (stack.length > 0 && budget-- > 0 && found !== 'words') {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const style = getComputedStyle(node);
    if (style.display === 'none') continue;
    const name = node.localName;
    const rect = node.getBoundingClientRect();
    const sized = rect.width >= MIN_CONTROL_PX && rect.height >= MIN_CONTROL_PX;
    // An unread picture the box's pixels, read upright, may not show whole.
    const where = (seen: PictureWords): PictureWords =>
      seen === 'unread' && ((!clips && outside(rect, box)) || turned(node, control)) ? 'beyond' : seen;
    see(where(replacedWords(node, sized)));
    if (style.visibility === 'visible' && sized) {
      // An element's own `content: url()` replaces what it shows (an <img>'s source too).
      see(where(styleImageWords(style)));
      if (outset(style)) see('beyond');
      for (const property of ['clip-path', 'filter']) if (cssUrls(style.getPropertyValue(property)).length > 0) see(where('unread'));
    }
    for (const pseudo of ['::before', '::after', '::marker']) {
      const generated = getComputedStyle(node, pseudo);
      if (generated.content === 'none' || generated.content === 'normal' || generated.visibility !== 'visible') continue;
      if (pseudo === '::marker' && !style.display.includes('list-item')) continue;
      // Its own box is not known: one placed out of flow, turned, or a marker (outside by default)
      // may paint past the element's.
      const placed =
        pseudo === '::marker' || generated.position === 'absolute' || generated.position === 'fixed' || generated.transform !== 'none';
      const inPseudo = (seen: PictureWords): PictureWords => (seen === 'unread' && placed ? 'beyond' : where(seen));
      see(inPseudo(styleImageWords(generated)));
    }
    // An SVG's own walk read what it draws, references followed: its elements are not walked again.
    if (name !== 'svg') for (const child of Array.from(flatChildren(node))) stack.push(child);
  }
  // Too many to look at: what the rest draws, and where, cannot be told.
  return budget < 0 && RANK[found] < RANK.beyond ? 'beyond' : found;
}

/**
 * What a replaced or embedding element draws of its own accord: an embedded document draws words,
 * an inline `<svg>` what its content does, an `<img>` or image input what its source does, a canvas
 * or video is unread. Images under MIN_CONTROL_PX on a side (`sized` false) draw nothing legible.
 */
function replacedWords(node: Element, sized: boolean): PictureWords {
  const name = node.localName;
  if (name === 'object' || name === 'embed' || name === 'iframe') return 'words';
  if (name === 'svg') return svgDrawsWords(node);
  if (!sized) return 'none';
  if (node instanceof HTMLImageElement) return imageWords(node.currentSrc || node.src);
  if (node instanceof HTMLInputElement && node.type === 'image') return imageWords(node.src);
  return name === 'canvas' || name === 'video' ? 'unread' : 'none';
}

/** What the images a style paints draw: its own `content: url()` and its background, mask, border and marker images. */
export function styleImageWords(style: CSSStyleDeclaration): PictureWords {
  const content = cssImages(style.content);
  const painted = paintedImages(style);
  return RANK[content] > RANK[painted] ? content : painted;
}

/**
 * What one element inside a control's label draws as a picture of its own (not its content's),
 * as pictureWords reads each element: its source, and the images its style paints. Boxes under
 * MIN_CONTROL_PX on a side draw nothing legible.
 */
export function ownPictureWords(node: Element, style: CSSStyleDeclaration): PictureWords {
  const rect = node.getBoundingClientRect();
  if (rect.width < MIN_CONTROL_PX || rect.height < MIN_CONTROL_PX) return 'none';
  const replaced = replacedWords(node, true);
  const images = styleImageWords(style);
  return RANK[replaced] > RANK[images] ? replaced : images;
}

/**
 * Whether a box reaches outside the control's (a picture painted past it, beside the control), by
 * more than a sliver no word fits in (an icon a few pixels larger than a tight button is common).
 */
const outside = (rect: DOMRect, box: DOMRect) =>
  rect.left < box.left - SLIVER_PX ||
  rect.top < box.top - SLIVER_PX ||
  rect.right > box.right + SLIVER_PX ||
  rect.bottom > box.bottom + SLIVER_PX;
const SLIVER_PX = MIN_CONTROL_PX - 2;
const CLIPS = /hidden|clip|scroll|auto/u;

/** A border image drawn past the border box. */
const outset = (style: CSSStyleDeclaration) =>
  !/^(?:0(?:px)?\s*)+$/u.test(style.getPropertyValue('border-image-outset').trim() || '0') &&
  style.getPropertyValue('border-image-source') !== 'none';

/**
 * Whether the picture, or an element between it and the control, is turned, skewed or mirrored: the
 * pixels turn the control's crop upright with the control's own map (transform.ts), not a child's.
 */
export function turned(node: Element, control: Element): boolean {
  for (let at: Element | null = node; at !== null && at !== control; at = flatParent(at)) {
    const style = getComputedStyle(at);
    if (style.rotate !== 'none' && style.rotate !== '') return true;
    if (style.scale !== 'none' && style.scale !== '' && style.scale.includes('-')) return true;
    if (style.transform === 'none' || style.transform === '') continue;
    const m = new DOMMatrixReadOnly(style.transform);
    if (!m.is2D || Math.abs(m.b) > 1e-6 || Math.abs(m.c) > 1e-6 || m.a <= 0 || m.d <= 0) return true;
  }
  return false;
}

/** What the images a style paints draw. */
function paintedImages(style: CSSStyleDeclaration): PictureWords {
  let found: PictureWords = 'none';
  for (const value of imagesOf(style)) {
    const seen = cssImages(value);
    if (RANK[seen] > RANK[found]) found = seen;
  }
  return found;
}

/**
 * What the images of one computed value draw: each `url()` as an image source; any other image
 * function but a gradient (`image()`, `element()`, `paint()`, `cross-fade()`, an `image-set()` of
 * a string), or a `url()` that could not be read, is unread. Gradients are colours, not pictures.
 */
function cssImages(value: string): PictureWords {
  if (!value || value === 'none' || value === 'normal' || !IMAGE.test(value)) return 'none';
  const urls = cssUrls(value);
  // What is left once the URLs are out: a `url(` the reader could not read, or an image made otherwise.
  const rest = withoutUrls(value);
  let found: PictureWords = /url\(/u.test(rest) ? 'unread' : 'none';
  for (const url of urls) {
    const seen = imageWords(url);
    if (RANK[seen] > RANK[found]) found = seen;
  }
  const other = MADE_IMAGE.test(rest) || /image-set\([^)]*["']/u.test(rest);
  return other || urls.length === 0 ? (found === 'words' ? found : 'unread') : found;
}

/** An image source: an SVG written into the page is read; anything else (raster, a URL, `blob:`) is not. */
function imageWords(source: string): PictureWords {
  if (source.trim() === '') return 'none';
  return svgDataWords(source) ?? 'unread';
}

/** Inside an SVG document or image: elements that draw words (text, or HTML laid out in the drawing). */
const WORDS_IN_SVG = /<(?:[\w-]+:)?(?:text|foreignObject)\b/u;
/** Inside an SVG image: what draws something a search of its markup cannot read (an image, a reference, a style, an entity). */
const UNREAD_IN_SVG = /<(?:[\w-]+:)?(?:image|use|feImage|style|script|pattern)\b|\s(?:[\w-]+:)?href\s*=|url\(|<!ENTITY|<!DOCTYPE|&#/iu;

/**
 * What a `data:image/svg+xml` URL (base64 or percent-encoded) draws: words where its drawing holds
 * text (or cannot be decoded); unread where it draws an image, a reference, a style sheet or an
 * entity (a raster picture inside it is not read here); none otherwise; null for any other URL.
 */
function svgDataWords(url: string): PictureWords | null {
  const match = /^data:image\/svg\+xml(;[^,]*)?,(.*)$/isu.exec(url.trim());
  if (!match) return null;
  try {
    const body = /;base64/iu.test(match[1] ?? '') ? atob(match[2]!) : decodeURIComponent(match[2]!);
    if (WORDS_IN_SVG.test(body)) return 'words';
    return UNREAD_IN_SVG.test(body) ? 'unread' : 'none';
  } catch {
    // Undecodable: what it draws cannot be told.
    return 'words';
  }
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
 * marker named by `url(#…)` in its style (svg-references.ts). A reference to another document,
 * more than REFERENCES of them, or more than SCANNED elements cannot be told: words. An image of
 * any other source is unread.
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
      const href = svgHref(element);
      // An image it draws: an SVG written into the page is read, any other source is not.
      if (name === 'image' || (name === 'feImage' && href.startsWith('data:'))) {
        const drawn = imageWords(href);
        if (drawn === 'words') return drawn;
        if (RANK[drawn] > RANK[found]) found = drawn;
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

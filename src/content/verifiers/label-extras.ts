import { hasLetterOrDigit } from '../../core/text/letters';
import { showsThrough } from './clip';
import { canvas2d, pageFont } from './font-ink';
import { metricOf } from './node-reads';
import { ownPictureWords, turned } from './picture-words';
import { type Box, contentText, doubt, type PictureRegion } from './text-runs';
import { linearOf, paintedAs } from './transform';

/**
 * Text a label shows that is no text node of its own: an element's own list marker, and a field
 * inside it. An attacker's pages (Dec 6), each certified as the DOM's words while the screen showed
 * more, in both browsers: a `role=button` div or a `<summary>` with `list-style: inside "Pay $500 "`
 * painted "Pay $500 now" where "now" was certified; `<button>Show details<input placeholder="and
 * pay $500"></button>` painted "Show details and pay $500".
 */

/** The bullets a marker may draw that show no letter or digit (CSS Counter Styles 3 §3: none of these can be redefined). */
const BULLETS = new Set(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed']);

/**
 * What the element's own marker shows: its string (from `::marker { content }` or a string
 * `list-style-type`), or `unread` where it shows what the DOM cannot read (a number or letters in a
 * counter style, whose value no API gives; a page's own @counter-style; an image). Null: no marker,
 * or a bullet. With the ::marker style it is painted in.
 */
export function markerText(
  node: Element,
  style: CSSStyleDeclaration,
): { text: string; unread: boolean; style: CSSStyleDeclaration } | null {
  if (!style.display.includes('list-item')) return null;
  const marker = getComputedStyle(node, '::marker');
  const content = marker.content;
  if (content === 'none') return null;
  if (content && content !== 'normal') {
    const { text, rest } = contentText(content, node);
    return { text, unread: rest.trim() !== '', style: marker };
  }
  if (style.listStyleImage !== 'none') return { text: '', unread: true, style: marker };
  const type = style.listStyleType;
  if (type.startsWith('"')) return { text: type.slice(1, -1).replace(/\\(.)/gu, '$1'), unread: false, style: marker };
  if (type === 'none' || BULLETS.has(type)) return null;
  return { text: '', unread: true, style: marker };
}

/** What presses as one control, whose label a field inside it paints into (fieldText). */
export const CONTROL = 'button, a[href], summary, [role=button], [role=link], [role=menuitem], [role=tab], [role=option], [role=switch]';

/** Fields whose value (or, empty, placeholder) is painted as text in their box. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'button', 'submit', 'reset', '']);

/**
 * The text a field inside a label paints (its value, else its placeholder; a `<select>`'s chosen
 * option: "Show details <select><option>and pay $500" painted both, a red team, Dec 6), with its
 * box; null for any other element.
 */
export function fieldText(node: Element): { text: string; box: Box } | null {
  const input = node.localName === 'input' ? (node as HTMLInputElement) : null;
  const select = node instanceof HTMLSelectElement ? node : null;
  if (!(input ? TEXT_INPUTS.has(input.type) : node.localName === 'textarea' || select !== null)) return null;
  const field = node as HTMLInputElement | HTMLTextAreaElement;
  const text = select
    ? Array.from(select.selectedOptions, (option) => option.label || option.text).join(' ')
    : field.value || field.placeholder || '';
  if (text.trim() === '') return null;
  const rect = node.getBoundingClientRect();
  return { text, box: { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } };
}

/** Ligature names as icon fonts spell them: lower case, digits and underscores ("filter_list", "more_vert"). */
const LIGATURE_NAME = /^[a-z][a-z0-9_]{2,}$/u;
/** Drawn in less than this share of its letters' own widths: one glyph, not letters. */
const GLYPH_SHARE = 0.6;

/**
 * Whether the element's one word is drawn as one glyph (an icon font's ligature: Material icons
 * paint "filter_list" as a funnel). Honest buttons with a label beside such an icon were refused
 * in both browsers (a utility test, Dec 6): "filter_list Filters" is not what shows. Two measures
 * must agree: the font's own shaping (canvas, in the element's font: the word far narrower than its
 * letters one by one, which only a ligature makes), and the page's layout (the element's box as
 * narrow, so the page did not turn ligatures off). A narrow font, `font-size-adjust`, a text
 * indent or a squeeze leave the first as wide as the letters (a review, Dec 6). The word then reads
 * as a private-use glyph does, an icon the label comparisons leave out: as strong as an icon font's
 * code points, and no more (a page font may draw anything for either).
 */
export function drawnAsGlyph(owner: Element, text: string, style: CSSStyleDeclaration, em: number): boolean {
  const word = text.trim();
  if (!LIGATURE_NAME.test(word) || (owner.textContent ?? '').trim() !== word) return false;
  if (style.display === 'inline' || style.display === 'contents' || !/^(?:normal|0px)$/u.test(style.letterSpacing) || !pageFont(style))
    return false;
  const html = owner as HTMLElement;
  const context = canvas2d();
  if (!(metricOf(html, 'offsetWidth') > 0) || metricOf(html, 'scrollWidth') > metricOf(html, 'offsetWidth') + 1 || !context) return false;
  context.font = `${style.fontStyle} ${style.fontWeight} ${em}px ${style.fontFamily}`;
  let letters = 0;
  for (const letter of word) letters += context.measureText(letter).width;
  const whole = context.measureText(word).width;
  return letters > 0 && whole < GLYPH_SHARE * letters && metricOf(html, 'offsetWidth') < GLYPH_SHARE * letters;
}

/** Generated content moved from where it flows (positioned, floated, turned, ordered) or reordered by bidi. */
export const placedApart = (own: CSSStyleDeclaration, owner: CSSStyleDeclaration) =>
  // In a flex or grid box, where it goes is the box's layout ("ete" placed after "Del" by a reversed row: a red team, Dec 6).
  /flex|grid/u.test(owner.display) ||
  own.position !== 'static' ||
  own.float !== 'none' ||
  own.transform !== 'none' ||
  (own.translate !== '' && own.translate !== 'none') ||
  (own.order !== '' && own.order !== '0') ||
  own.unicodeBidi.includes('override') ||
  own.direction !== owner.direction;

/** What a word drawn as one glyph reads as: a private-use character, an icon the text comparisons leave out. */
export const LIGATURE_GLYPH = '\uE000';

/**
 * A picture inside a control's label that the DOM cannot read (picture-words.ts): an `<img>` of
 * "Delete account" beside "Show details" painted both while the DOM certified the second (both
 * browsers, Dec 6). Its box, where its clipping boxes let it show, for the pixels to read apart
 * (an icon read as "7" beside "Add to basket" is no word, and the label stands); `doubt` where
 * its words are known to be there (an SVG with text) or its box cannot be read upright (turned
 * within the control): the pixels read the whole label. Null: no such picture.
 */
function pictureIn(node: Element, style: CSSStyleDeclaration, clip: Box, control: Element): Box | 'doubt' | null {
  const kind = ownPictureWords(node, style);
  if (kind === 'none') return null;
  if (kind !== 'unread' || turned(node, control)) return 'doubt';
  const { left, right, top, bottom } = node.getBoundingClientRect();
  const box = { left, right, top, bottom };
  return showsThrough(box, clip) ? box : null;
}

const PICTURE_BESIDE = 'a picture inside the label may draw words the DOM cannot read';

/**
 * Where the pictures lie in the target's box, for the pixels to find in its crop; null where they
 * cannot be told (the target turned, skewed or in 3D, a picture past its box, too many): the
 * pixels read the whole label instead.
 */
function pictureRegions(element: Element, boxes: readonly Box[]): PictureRegion[] | null {
  if (boxes.length === 0) return [];
  if (boxes.length > 8 || paintedAs(element) !== null || linearOf(element) === undefined) return null;
  const r = element.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return null;
  const regions = boxes.map((b) => ({
    x: (b.left - r.left) / r.width,
    y: (b.top - r.top) / r.height,
    width: (b.right - b.left) / r.width,
    height: (b.bottom - b.top) / r.height,
  }));
  const inside = (at: number, size: number) => at >= -0.05 && at + size <= 1.05;
  return regions.every((g) => inside(g.x, g.width) && inside(g.y, g.height)) ? regions : null;
}

/**
 * The pictures of a control's label as its text is read: where they lie, or a doubt (the pixels
 * read the whole label). Only beside letters or digits: an icon's own pictures are judged as the
 * icon's (picture-words.ts pictureWords, its name compared with what the pixels read).
 */
export function pictureCollector(control: Element, doubts: string[]) {
  const boxes: Box[] = [];
  let unsure = false;
  return {
    see(node: Element, style: CSSStyleDeclaration, clip: Box): void {
      const seen = pictureIn(node, style, clip, control);
      if (seen === 'doubt') unsure = true;
      else if (seen) boxes.push(seen);
    },
    doubt(): void {
      unsure = true;
    },
    regions(text: string): PictureRegion[] {
      if (!hasLetterOrDigit(text)) return [];
      const regions = unsure ? null : pictureRegions(control, boxes);
      if (regions === null) doubt(doubts, PICTURE_BESIDE);
      return regions ?? [];
    },
  };
}

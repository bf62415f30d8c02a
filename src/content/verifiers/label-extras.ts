import { canvas2d, pageFont } from './font-ink';
import type { Box } from './text-runs';

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
 * or a bullet.
 */
export function markerText(node: Element, style: CSSStyleDeclaration): { text: string; unread: boolean } | null {
  if (!style.display.includes('list-item')) return null;
  const marker = getComputedStyle(node, '::marker');
  const content = marker.content;
  if (content === 'none') return null;
  if (content && content !== 'normal') {
    let text = '';
    const rest = content.replace(/"((?:[^"\\]|\\.)*)"/gu, (_, literal: string) => {
      text += literal.replace(/\\(.)/gu, '$1');
      return '';
    });
    return { text, unread: rest.trim() !== '' };
  }
  if (style.listStyleImage !== 'none') return { text: '', unread: true };
  const type = style.listStyleType;
  if (type.startsWith('"')) return { text: type.slice(1, -1).replace(/\\(.)/gu, '$1'), unread: false };
  if (type === 'none' || BULLETS.has(type)) return null;
  return { text: '', unread: true };
}

/** Fields whose value (or, empty, placeholder) is painted as text in their box. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'number', 'button', 'submit', 'reset', '']);

/** The text a field inside a label paints (its value, else its placeholder), with its box; null for any other element. */
export function fieldText(node: Element): { text: string; box: Box } | null {
  const input = node.localName === 'input' ? (node as HTMLInputElement) : null;
  if (!(input ? TEXT_INPUTS.has(input.type) : node.localName === 'textarea')) return null;
  const field = node as HTMLInputElement | HTMLTextAreaElement;
  const text = field.value || field.placeholder || '';
  if (text.trim() === '') return null;
  const rect = node.getBoundingClientRect();
  return { text, box: { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom } };
}

/** Ligature names as icon fonts spell them: lower case, digits and underscores ("filter_list", "more_vert"). */
const LIGATURE_NAME = /^[a-z][a-z0-9_]{2,}$/u;
/** Laid out in less than this share of the width its letters take in a plain font: one glyph, not letters. */
const GLYPH_SHARE = 0.7;

/**
 * Whether the element's one word is drawn as one glyph (an icon font's ligature: Material icons
 * paint "filter_list" as a funnel), judged by its layout box against its letters' width in a plain
 * font. Honest buttons with a label beside such an icon were refused in both browsers (a utility
 * test, Dec 6): "filter_list Filters" is not what shows. The word then reads as a private-use
 * glyph does, an icon the label comparisons leave out: as strong as an icon font's code points,
 * and no more (a page font may draw anything for either). Only where nothing else makes the word
 * narrow: the element's own box (an inline block or a block, whose width transforms do not change)
 * holds all of it, letters are not pulled together (`letter-spacing`), and the font is the page's.
 */
export function drawnAsGlyph(owner: Element, text: string, style: CSSStyleDeclaration, em: number): boolean {
  const word = text.trim();
  if (!LIGATURE_NAME.test(word) || (owner.textContent ?? '').trim() !== word) return false;
  if (style.display === 'inline' || style.display === 'contents' || !/^(?:normal|0px)$/u.test(style.letterSpacing) || !pageFont(style))
    return false;
  const html = owner as HTMLElement;
  const width = html.offsetWidth;
  const context = canvas2d();
  if (!(width > 0) || html.scrollWidth > width + 1 || !context) return false;
  context.font = `${style.fontStyle} ${style.fontWeight} ${em}px sans-serif`;
  return width < GLYPH_SHARE * context.measureText(word).width;
}

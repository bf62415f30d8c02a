import { over, parseColour, type Rgba } from './colour';
import { glyphsShown } from './glyphs';
import { hiddenBy, parentElement } from './visibility';

/** Below this contrast ratio with its background, text is not legible: it is not a label. */
export const MIN_TEXT_CONTRAST = 1.5;
const MAX_NODES = 500;

/**
 * The text an element shows on screen, built from what is rendered: text that is hidden, at
 * font-size 0, coloured like its background, or pushed outside its clipping box (text-indent,
 * overflow) is in the DOM but not a label; ::before/::after content is not in the DOM but is.
 */
export function renderedText(element: Element): string {
  if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)) {
    return legible(element) ? collapse(element.value || defaultInputLabel(element.type)) : '';
  }
  const parts: string[] = [];
  let budget = MAX_NODES;
  const visit = (node: Element) => {
    if (--budget < 0 || hiddenBy(node) !== null) return;
    // content-visibility: hidden keeps the box but skips painting what is inside it.
    if (getComputedStyle(node).contentVisibility === 'hidden') return;
    parts.push(generated(node, '::before'));
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) {
        if (legible(node) && textInView(child as Text)) parts.push(child.textContent ?? '');
      } else if (child instanceof Element) {
        visit(child);
      }
    }
    parts.push(generated(node, '::after'));
  };
  visit(element);
  return collapse(parts.join(' '));
}

/** The DOM's own text for the element, to compare with what is rendered. */
export function domText(element: Element): string {
  return collapse(element.textContent ?? '');
}

function legible(element: Element): boolean {
  const style = getComputedStyle(element);
  if (Number.parseFloat(style.fontSize) <= 0) return false;
  // How the glyphs are painted (fill, stroke, size on screen, effects, what is behind): paint.ts.
  return glyphsShown(element, style, backgroundBehind(element));
}

/** The opaque colour behind an element, or null when an image or unknown colour is in the way. */
function backgroundBehind(element: Element): Rgba | null {
  const layers: Rgba[] = [];
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    if (style.backgroundImage !== 'none') return null;
    const colour = parseColour(style.backgroundColor);
    if (colour === null) return null;
    if (colour[3] > 0) layers.push(colour);
    if (colour[3] >= 1) break;
  }
  return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
}

/** Text whose box lies outside every clipping ancestor (text-indent: -9999px, overflow) is not shown. */
function textInView(text: Text): boolean {
  if ((text.textContent ?? '').trim() === '') return true;
  const range = document.createRange();
  range.selectNodeContents(text);
  const box = range.getBoundingClientRect();
  if (box.width === 0 && box.height === 0) return false;
  for (let node: Element | null = text.parentElement; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
    const clip = node.getBoundingClientRect();
    if (box.right <= clip.left || box.left >= clip.right || box.bottom <= clip.top || box.top >= clip.bottom) return false;
  }
  return true;
}

/** ::before / ::after text: string literals and attr() in `content`, when the pseudo-element renders. */
function generated(element: Element, pseudo: '::before' | '::after'): string {
  const style = getComputedStyle(element, pseudo);
  const content = style.content;
  if (!content || content === 'none' || content === 'normal' || style.display === 'none' || style.visibility !== 'visible') return '';
  if (Number.parseFloat(style.fontSize) <= 0) return '';
  const colour = parseColour(style.color);
  if (colour !== null && colour[3] < 0.1) return '';
  let text = '';
  for (const token of content.matchAll(/"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)/gu)) {
    text += token[1] !== undefined ? token[1].replace(/\\(.)/gu, '$1') : (element.getAttribute(token[2]!) ?? '');
  }
  return text;
}

function defaultInputLabel(type: string): string {
  return type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
}

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * What names the element on screen: a form field is named by its visible <label>s, else its
 * placeholder; anything else by the text it renders. (Accessible names are the AX verifier's.)
 */
export function shownLabel(element: Element): string {
  const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
  if (!field || (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type))) return renderedText(element);
  const labels = Array.from(element.labels ?? [], (label) => renderedText(label)).filter((text) => text !== '');
  if (labels.length > 0) return collapse(labels.join(' '));
  return 'placeholder' in element ? collapse(element.placeholder) : '';
}

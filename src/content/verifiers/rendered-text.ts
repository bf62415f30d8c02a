import { hiddenBy } from './visibility';

/**
 * The text an element shows, built from the text nodes that are actually rendered: text inside
 * hidden descendants or at font-size 0 is in the DOM but not on screen, so it is not a label.
 */
export function renderedText(element: Element): string {
  if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)) {
    return collapse(element.value || defaultInputLabel(element.type));
  }
  const parts: string[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || !isTextShown(parent)) continue;
    parts.push(node.textContent ?? '');
  }
  return collapse(parts.join(' '));
}

function isTextShown(element: Element): boolean {
  if (hiddenBy(element) !== null) return false;
  return Number.parseFloat(getComputedStyle(element).fontSize) > 0;
}

function defaultInputLabel(type: string): string {
  return type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '';
}

const collapse = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * What names the element on screen: a form field is named by its visible <label>s, else its
 * placeholder; anything else by the text it renders. (Accessible names come with the AX verifier.)
 */
export function shownLabel(element: Element): string {
  const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
  if (!field || (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type))) return renderedText(element);
  const labels = Array.from(element.labels ?? [], (label) => renderedText(label)).filter((text) => text !== '');
  if (labels.length > 0) return collapse(labels.join(' '));
  return 'placeholder' in element ? collapse(element.placeholder) : '';
}

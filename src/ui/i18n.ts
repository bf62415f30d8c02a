import browser from 'webextension-polyfill';

/**
 * Every word Warrant's own pages show goes through here: `public/_locales/<lang>/messages.json`,
 * read by the browser's i18n API in the browser's UI language (English when it has none of
 * Warrant's languages). What the page or the assistant wrote is never a message: it is passed in
 * as a substitution and shown as text. The English file is the key list (a missing key does not
 * compile); test/unit/i18n-messages.test.ts keeps the other languages in step with it.
 */
type Messages = typeof import('../../public/_locales/en/messages.json');
export type MessageKey = keyof Messages;
type Substitution = string | number;
/** Messages with placeholders take substitutions ($1, $2, … in the order the English names them); others take none. */
type Substitutions<K extends MessageKey> = Messages[K] extends { placeholders: object } ? [Substitution, ...Substitution[]] : [];

/** The message in the UI language; the key itself if it is missing, so a gap shows instead of a blank. */
export function t<K extends MessageKey>(key: K, ...substitutions: Substitutions<K>): string {
  return browser.i18n.getMessage(key, substitutions.map(String)) || key;
}

/** Private-use marks that stand for nodes while the message is looked up (no message contains them). */
const mark = (index: number) => `\u{F8F0}${index}\u{F8F1}`;

/**
 * The message as pieces to append, with elements (a quoted page string, a menu) where its
 * placeholders are: each language puts them where its word order needs them.
 */
export function tNodes<K extends MessageKey>(key: K, ...substitutions: (Substitution | Node)[]): (string | Node)[] {
  const nodes = substitutions.map((value) => (typeof value === 'object' ? value : null));
  const marked = substitutions.map((value, index) => (typeof value === 'object' ? mark(index) : value));
  const message = t(key, ...(marked as Substitutions<K>));
  return message
    .split(/\u{F8F0}(\d+)\u{F8F1}/u)
    .map((piece, index) => (index % 2 === 1 ? (nodes[Number(piece)] ?? piece) : piece))
    .filter((piece) => piece !== '');
}

/**
 * Fills a page's static words: an element's `data-i18n` names the message for its text; `data-i18n-title`,
 * `data-i18n-aria-label` and `data-i18n-alt` set those attributes; the page's lang attribute
 * becomes the language the messages are in.
 */
export function localizePage(root: Document = document): void {
  root.documentElement.lang = t('htmlLang');
  for (const element of root.querySelectorAll<HTMLElement>('[data-i18n]')) element.textContent = t(element.dataset.i18n as MessageKey);
  for (const attribute of LOCALIZED_ATTRIBUTES) {
    const data = `data-i18n-${attribute}`;
    for (const element of root.querySelectorAll(`[${data}]`)) element.setAttribute(attribute, t(element.getAttribute(data) as MessageKey));
  }
}

export const LOCALIZED_ATTRIBUTES = ['title', 'aria-label', 'alt', 'placeholder'] as const;

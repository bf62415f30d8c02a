import { targetsElsewhere } from '../../core/plan/targets';
import { DATE_INPUTS } from '../date-inputs';
import { flatParent } from './flat-tree';
import { isSubmitButton } from './form-request';
import { CONTROL } from './label-extras';
import { LINK, linkDestination } from './link-destination';
import { domText } from './rendered-text';
import { collapse } from './text-runs';

/**
 * What a target is part of, beyond its own text: the link it activates, whether one types in it,
 * the control a click on it presses and the buttons of its form. Read for the privilege rules
 * (core/plan/privilege.ts), which judge what the click does, not only the words clicked on.
 */

/** The link the element activates: an HTML <a>/<area> or an SVG <a> (href or xlink:href), and where it goes (link-destination.ts). */
export function linkOf(element: Element): { href: string; hasAttribute(name: string): boolean; opensElsewhere: boolean } | null {
  const link = element.closest(LINK);
  const href = link === null ? null : linkDestination(link);
  return href === null ? null : { href, hasAttribute: (name) => link!.hasAttribute(name), opensElsewhere: opensElsewhere(link!) };
}

/** Whether a link navigates a browsing context other than its own frame: its target, else its document's base element's (HTML §4.6.4). */
function opensElsewhere(link: Element): boolean {
  const show = link.getAttributeNS('http://www.w3.org/1999/xlink', 'show');
  const own = link.getAttribute('target') ?? (show === null ? null : show.trim() === 'new' ? '_blank' : '');
  return targetsElsewhere(own ?? link.ownerDocument.querySelector('base[target]')?.getAttribute('target') ?? '');
}

/** Fields one types a value into; a date or time one takes it in its value's form (actions.ts). */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '', ...DATE_INPUTS]);

export function isEditable(element: Element): boolean {
  if (element instanceof HTMLInputElement) return TEXT_INPUTS.has(element.type) && !element.readOnly;
  if (element instanceof HTMLTextAreaElement) return !element.readOnly;
  return element instanceof HTMLElement && element.isContentEditable;
}

const MAX_LABEL = 500;

/** A control's words as the DOM holds them: a button input's value (or an image input's alt), else its text. */
function wordsOf(control: Element): string {
  const words = control instanceof HTMLInputElement ? collapse(control.type === 'image' ? control.alt : control.value) : domText(control);
  return words.slice(0, MAX_LABEL);
}

/**
 * The words of the control a click on the element presses, where that is another element: the
 * button, link or `role=button` around it (up the flat tree), or the submit button it activates.
 * A click on "account" inside "Delete account" deletes the account (a red team, Dec 6: judged by
 * "account", a GET form's deletion and a dialog's were performed without an ask in both browsers).
 */
export function pressedLabel(element: Element, submitter: HTMLButtonElement | HTMLInputElement | null): string | null {
  const words: string[] = [];
  // A control (or a field) is pressed itself: a button inside a link presses the button.
  const own = element.matches(CONTROL) || element instanceof HTMLInputElement || element instanceof HTMLSelectElement;
  for (let node = own ? null : flatParent(element); node; node = flatParent(node)) {
    if (!node.matches(CONTROL)) continue;
    words.push(wordsOf(node));
    break;
  }
  if (submitter && submitter !== element) words.push(wordsOf(submitter));
  return words.length === 0 ? null : words.join(' ').slice(0, MAX_LABEL);
}

/**
 * The words of the submit buttons of the form the element belongs to (its controls, those joined
 * with form= included), at most eight: what a `submit` of that form does is what they say (a red
 * team, Dec 6: `submit` on the "Reason" field of a GET "Delete account" form was judged by "Reason").
 */
export function formButtonLabels(controls: readonly Element[]): string[] {
  return controls.filter(isSubmitButton).slice(0, 8).map(wordsOf);
}

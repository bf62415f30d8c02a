import { amountReader } from '../../../core/plan/amounts';
import { LEXICON_LANGUAGES } from '../../../core/plan/commit-index.generated';
import { LEXICON_SCRIPTS } from '../../../core/plan/commit-lexicon';
import { NOT_ASCII } from '../../../core/plan/commit-match';
import { PAYMENT_HINT_PARTS, PAYMENT_HINT_PREFIXES, PERSONAL_AUTOCOMPLETE } from '../../../core/plan/payment-hints';
import { CAPTURED_TEXT_OPS, dom, text } from '../primordials';
import { remembered } from '../remembered';

/**
 * The core's sensitive-form rule (src/core/plan/privilege.ts), mirrored for the page's own clicks:
 * a button of a form holding payment, password or personal-data fields may commit that data in
 * words Warrant cannot read — a label in a script the lexicon lacks, one declared (the nearest
 * `lang`) in a language it lacks, or one naming a sum of money ("Maksa 50 €", "Betala 499 kr");
 * and anything else clicked in such a form that names a sum of money pays it just the same.
 * Read over built-ins captured before any page script; the label tests come first (remembered per
 * label), so a page's click on an ordinary button pays no look at its form.
 */

const BUTTON = 'button, input[type=submit i], input[type=button i], input[type=image i], input[type=reset i], [role=button]';

let scripts = '';
for (let at = 0; at < LEXICON_SCRIPTS.length; at += 1) scripts += `\\p{Script=${LEXICON_SCRIPTS[at]}}`;
/**
 * A letter or mark outside the lexicon's scripts (unassigned code points included: they count as
 * unreadable). Not a private-use character: an icon font's glyph, which the core leaves out too.
 */
const OUTSIDE_LEXICON = `[^${scripts}\\p{Script=Common}\\p{Script=Inherited}\\p{Co}]`;
let outsideLexicon: RegExp | null = null;
let namesAmount: ((label: string) => boolean) | null = null;
/**
 * The patterns are built at the first label read, not at document_start (about 2.4 ms a frame in
 * V8, paid by every page load): from the captured RegExp constructor and literals only, so what a
 * page patched meanwhile changes nothing (amounts.ts calls no prototype method).
 */
const amountIn = remembered(65_536, (label) => {
  namesAmount ??= amountReader(CAPTURED_TEXT_OPS);
  return namesAmount(label);
});
const unreadable = remembered(65_536, (label) => {
  // ASCII is Latin or Common: a label of nothing else needs the script classes compiled (~1.5 ms a frame in Firefox).
  if (CAPTURED_TEXT_OPS.search(label, NOT_ASCII)) {
    outsideLexicon ??= CAPTURED_TEXT_OPS.regExp(OUTSIDE_LEXICON, 'u');
    if (CAPTURED_TEXT_OPS.search(label, outsideLexicon)) return true;
  }
  return amountIn(label);
});
const SUBTAG_END = CAPTURED_TEXT_OPS.regExp('[-_].*$', 'su');

/** A BCP 47 tag whose primary subtag the lexicon has no words in; an empty or undetermined one is not known to be. */
const langOutsideLexicon = remembered(4_096, (lang) => {
  const primary = text.replace(text.toLowerCase(text.trim(lang)), SUBTAG_END, '');
  if (primary === '' || primary === 'und') return false;
  for (let at = 0; at < LEXICON_LANGUAGES.length; at += 1) if (LEXICON_LANGUAGES[at] === primary) return false;
  return true;
});

function declaredOutsideLexicon(button: Element): boolean {
  const declaring = dom.closest(button, '[lang]');
  return declaring !== null && langOutsideLexicon((dom.getAttribute(declaring, 'lang') as string | null) ?? '');
}

function formOf(button: Element): Element | null {
  const name = dom.localName(button);
  if (name === 'button') return dom.buttonForm(button) as Element | null;
  if (name === 'input') return dom.inputForm(button) as Element | null;
  return dom.closest(button, 'form');
}

/** The form a button belongs to, else the one it sits in (a `form=` naming no form), as the core reads it. */
const formAround = (button: Element): Element | null => formOf(button) ?? dom.closest(button, 'form');

/** The DOM verifier's payment hints (shared data), matched with captured string methods. */
function paymentHint(hint: string): boolean {
  const folded = text.toLowerCase(hint);
  for (let at = 0; at < PAYMENT_HINT_PREFIXES.length; at += 1) if (text.startsWith(folded, PAYMENT_HINT_PREFIXES[at]!)) return true;
  for (let at = 0; at < PAYMENT_HINT_PARTS.length; at += 1) if (text.includes(folded, PAYMENT_HINT_PARTS[at]!)) return true;
  return false;
}

/** A password `<input>`, or one whose autocomplete token, name or id says it takes payment data. */
export function passwordOrPaymentInput(input: Element): boolean {
  if (dom.inputType(input) === 'password') return true;
  const hints = [dom.autocomplete(input), dom.inputName(input), dom.getAttribute(input, 'id') ?? ''] as string[];
  for (let at = 0; at < hints.length; at += 1) if (hints[at] !== '' && paymentHint(hints[at]!)) return true;
  return false;
}

const SPACES = CAPTURED_TEXT_OPS.regExp('\\s+', 'u');

/** A field of payment, a password, or one whose autocomplete token declares personal data. */
function sensitiveField(field: Element): boolean {
  const name = dom.localName(field);
  if (name !== 'input' && name !== 'select' && name !== 'textarea') return false;
  const tokens = text.split(text.toLowerCase(text.trim((dom.getAttribute(field, 'autocomplete') as string | null) ?? '')), SPACES);
  const token = tokens[tokens.length - 1] ?? '';
  for (let at = 0; at < PERSONAL_AUTOCOMPLETE.length; at += 1) if (PERSONAL_AUTOCOMPLETE[at] === token) return true;
  return name === 'input' && passwordOrPaymentInput(field);
}

/**
 * A field whose value is what the user enters (not read-only), or a choice one picks (a box, an
 * option, the label that ticks it): as the core rules it, its sum names no payment.
 */
function entered(element: Element): boolean {
  const name = dom.localName(element);
  if (name === 'select' || name === 'textarea' || name === 'label' || name === 'option') return true;
  const editable = dom.getAttribute(element, 'contenteditable') as string | null;
  if (editable !== null && editable !== 'false') return true;
  if (name !== 'input') return false;
  const type = dom.inputType(element) as string;
  if (type === 'checkbox' || type === 'radio') return true;
  if (type === 'submit' || type === 'button' || type === 'image' || type === 'reset') return false;
  return !dom.hasAttribute(element, 'readonly');
}

/**
 * Whether clicking `element` (the control a click activates) presses such a button, labelled
 * `label` — or clicks anything else in such a form that names a sum of money (a link, an element the
 * page gave a handler), as the core rules it.
 */
export function sensitiveUnreadable(element: Element, label: string): boolean {
  const button = dom.closest(element, BUTTON);
  if (button === null) {
    if (entered(element) || !amountIn(label)) return false;
  } else if (!unreadable(label) && !declaredOutsideLexicon(button)) return false;
  const form = formAround(button ?? element);
  if (form === null) return false;
  // The form's controls, those joined to it with form= outside it included.
  const controls = dom.formElements(form) as HTMLFormControlsCollection;
  const count = dom.collectionLength(controls) as number;
  for (let at = 0; at < count; at += 1) if (sensitiveField(controls[at] as Element)) return true;
  return false;
}

import { PAYMENT_HINT_PARTS, PAYMENT_HINT_PREFIXES, PERSONAL_AUTOCOMPLETE } from '../../core/plan/payment-hints';

/** What kind of data a form's field holds, for the privilege of submitting it (core/plan/privilege.ts). */

/** Card number, CVC, expiry, IBAN: by autocomplete token first, then by name or id. */
function paymentHint(hint: string): boolean {
  const folded = hint.toLowerCase();
  return PAYMENT_HINT_PREFIXES.some((prefix) => folded.startsWith(prefix)) || PAYMENT_HINT_PARTS.some((part) => folded.includes(part));
}

/** A field whose autocomplete token (its last, after section and shipping/billing) declares personal data. */
export function isPersonalField(element: Element): boolean {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement))
    return false;
  const token = element.autocomplete.toLowerCase().trim().split(/\s+/u).at(-1) ?? '';
  return PERSONAL_AUTOCOMPLETE.includes(token);
}

export function isPaymentField(element: Element): boolean {
  if (!(element instanceof HTMLInputElement)) return false;
  return [element.autocomplete, element.name, element.id].some((hint) => hint !== '' && paymentHint(hint));
}

/**
 * What marks an input as a payment field, in its autocomplete token, name or id (case-insensitive):
 * a prefix, or a part anywhere. Plain data with no imports: the DOM verifier and the MAIN-world
 * interceptor both read it, and the MAIN-world bundle must stay free of dependencies.
 */
export const PAYMENT_HINT_PREFIXES: readonly string[] = ['cc-'];
export const PAYMENT_HINT_PARTS: readonly string[] = ['card', 'cvc', 'cvv', 'iban', 'expir'];

/**
 * Autocomplete tokens (WHATWG autofill field names) that declare personal data. Only the page's
 * explicit declaration counts: a field merely named "name" may be a product search.
 */
export const PERSONAL_AUTOCOMPLETE: readonly string[] = [
  'name',
  'given-name',
  'family-name',
  'email',
  'tel',
  'street-address',
  'address-line1',
  'postal-code',
  'bday',
  'sex',
  'username',
  'new-password',
  'current-password',
];

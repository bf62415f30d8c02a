/**
 * What marks an input as a payment field, in its autocomplete token, name or id (case-insensitive):
 * a prefix, or a part anywhere. Plain data with no imports: the DOM verifier and the MAIN-world
 * interceptor both read it, and the MAIN-world bundle must stay free of dependencies.
 */
export const PAYMENT_HINT_PREFIXES: readonly string[] = ['cc-'];
export const PAYMENT_HINT_PARTS: readonly string[] = ['card', 'cvc', 'cvv', 'iban', 'expir'];

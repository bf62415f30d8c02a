/**
 * Data that looks sensitive whatever field it is typed into (issue 11 §1): a payment card number
 * (13–19 digits that pass the Luhn check) or an IBAN (ISO 13616: country, check digits, and a
 * mod-97 remainder of 1). Typed into a field not declared for it, it is still a credential action:
 * the field's name is the page's word, the data is what leaves. A CVC (three or four digits) or a
 * password cannot be told from ordinary text by its shape; they count only in fields declared for
 * them (payment hints, `type=password`).
 */
export function sensitiveData(text: string): 'a payment card number' | 'an IBAN' | null {
  const tokens = asciiShape(text).split(' ');
  for (let start = 0; start < tokens.length; start++) {
    if (cardFrom(tokens, start)) return 'a payment card number';
    if (ibanFrom(tokens, start)) return 'an IBAN';
  }
  return null;
}

/**
 * What appending `text` to `before` (what the field, or the page, already holds of it) would make
 * that neither shows alone: a card number or an IBAN completed by this piece. Null otherwise.
 */
export function completedSensitive(before: string, text: string): 'a payment card number' | 'an IBAN' | null {
  if (before === '' || sensitiveData(text) !== null) return null;
  const completes = sensitiveData(before.slice(-64) + text);
  return completes !== null && sensitiveData(before) === null ? completes : null;
}

/**
 * A card number is written whole or in groups (4-4-4-4, 4-6-5…): digit groups in a row, each but
 * the last at least three digits long, 13–19 digits in all, passing the Luhn check. Groups of one
 * or two digits (a date's "7.6.2026", a phone's "+44 20", a price's "12.99", an address's
 * "192.168.1.10") join nothing: a review (Dec 7) found one ordinary number run in ten asked about
 * once dots and dashes joined any groups.
 */
function cardFrom(tokens: readonly string[], start: number): boolean {
  // Not from inside a run of groups (an IBAN's digits after its "DE89"): after a word, or a group too short to join.
  const before = tokens[start - 1];
  if (before !== undefined && before.length >= 3 && /^[A-Za-z\d]*\d[A-Za-z\d]*$/u.test(before)) return false;
  let digits = '';
  for (let at = start; at < tokens.length && /^\d+$/u.test(tokens[at]!); at++) {
    if (at > start && tokens[at - 1]!.length < 3) return false;
    digits += tokens[at];
    if (digits.length > 19) return false;
    if (digits.length >= 13 && luhn(digits) && !/^(\d)\1+$/u.test(digits)) return true;
  }
  return false;
}

/**
 * An IBAN: a country's two letters and two check digits, then groups of letters and digits (each
 * but the last at least three long), 15–34 in all, mod 97 = 1, read as the whole run: a shorter
 * run inside it would pass mod 97 by chance one time in 97.
 */
function ibanFrom(tokens: readonly string[], start: number): boolean {
  if (!/^[A-Za-z]{2}\d{2}/u.test(tokens[start]!)) return false;
  let compact = '';
  for (let at = start; at < tokens.length && /^[A-Za-z\d]+$/u.test(tokens[at]!); at++) {
    if (at > start && tokens[at - 1]!.length < 3) break;
    compact += tokens[at]!.toUpperCase();
  }
  return /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/u.test(compact) && ibanValid(compact);
}

/**
 * The text in the shape the check reads: invisible format characters dropped (zero-width spaces,
 * soft hyphens), compatibility forms folded (NFKC: full-width digits and letters), every decimal
 * digit as its ASCII digit (Arabic-Indic, Devanagari…), and any run of white space (no-break and
 * thin spaces, line breaks) or separating punctuation (. , ' / _ · • ・, dashes and the minus sign)
 * as one space. A red team (Dec 7) typed "4111.1111.1111.1111", the same with no-break spaces, in
 * full-width digits, and an IBAN written with dots into a gift note, each without an ask.
 */
function asciiShape(text: string): string {
  return text
    .replace(/\p{Cf}/gu, '')
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (digit) => String(digitValue(digit)))
    .replace(/[\s\p{Zs}.,'’/\\_·•‧・\p{Pd}\u2212]+/gu, ' ')
    .trim();
}

/**
 * A decimal digit's value: Unicode lays out each script's digits as a run of ten, 0 first, and runs
 * that touch one another (U+116D0–116E3) are whole runs, so the count of digits before it, mod 10.
 */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  let before = 0;
  while (before < 60 && /\p{Nd}/u.test(String.fromCodePoint(code - before - 1))) before++;
  return before % 10;
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function ibanValid(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = /\d/u.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + (digit.charCodeAt(0) - 48)) % 97;
  }
  return remainder === 1;
}

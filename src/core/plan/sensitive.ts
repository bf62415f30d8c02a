/**
 * Data that looks sensitive whatever field it is typed into (issue 11 §1): a payment card number
 * (13–19 digits that pass the Luhn check) or an IBAN (ISO 13616: country, check digits, and a
 * mod-97 remainder of 1). Typed into a field not declared for it, it is still a credential action:
 * the field's name is the page's word, the data is what leaves. A CVC (three or four digits) or a
 * password cannot be told from ordinary text by its shape; they count only in fields declared for
 * them (payment hints, `type=password`).
 */
export function sensitiveData(text: string): 'a payment card number' | 'an IBAN' | null {
  for (const candidate of asciiShape(text).split(/[^\dA-Za-z -]+/u)) {
    const digits = candidate.replace(/[ -]/gu, '');
    if (/^\d{13,19}$/u.test(digits) && luhn(digits) && !/^(\d)\1+$/u.test(digits)) return 'a payment card number';
    const compact = candidate.replace(/ /gu, '').toUpperCase();
    if (/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/u.test(compact) && ibanValid(compact)) return 'an IBAN';
  }
  return null;
}

/**
 * The text in the shape the check reads: compatibility forms folded (NFKC: full-width digits and
 * letters), every decimal digit as its ASCII digit (Arabic-Indic, Devanagari…), and any run of
 * spaces (no-break and thin ones too) or separating punctuation (. / _ · • and the dashes) as one
 * space. A red team (Dec 7) typed "4111.1111.1111.1111", the same with no-break spaces, in full-width
 * digits, and an IBAN written with dots into a gift note, each without an ask.
 */
function asciiShape(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/\p{Nd}/gu, (digit) => String(digitValue(digit)))
    .replace(/[\s\p{Zs}._/\\·•‧\p{Pd}]+/gu, ' ');
}

/** A decimal digit's value: its place in its script's run of ten (Unicode lays each out in order, 0 first). */
function digitValue(digit: string): number {
  const code = digit.codePointAt(0)!;
  let value = 0;
  while (value < 9 && /\p{Nd}/u.test(String.fromCodePoint(code - value - 1))) value++;
  return value;
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

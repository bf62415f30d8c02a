import type { TextOps } from '../text/skeleton-ops';
import { CURRENCY_SYMBOLS } from './currency-symbols.generated';

/**
 * Whether a label names a sum of money: a currency beside a number, either side, written as people
 * write prices —
 * - a currency sign (Unicode's Sc category: "$49", "499 €", "₹499", "R$ 10");
 * - an ISO 4217 code: after the number in any case ("12.50 CHF", "499 eur"), before it in capitals
 *   ("EUR 12,50");
 * - a currency's symbol in letters as CLDR formats prices ("499 kr", "49,99 zł", "Rp 50.000",
 *   "12 lei", "100 лв.": currency-symbols.generated.ts), in the case CLDR writes it.
 * The number stands alone: "CAD 3D export" and "2x" name no sum. "TRY 2 weeks free" does not
 * either: the Turkish lira's code is an English word, and read only after its number ("2 TRY").
 *
 * Over string operations passed in, as the commitment classifier is (commit-match.ts): the core
 * passes the engine's, the MAIN world's interceptor those it captured before any page script.
 */
export function amountReader(ops: Pick<TextOps, 'search' | 'regExp'>): (label: string) => boolean {
  // No prototype method is called here or in the reader (the MAIN world may build it after page scripts ran).
  const patterns = [
    ops.regExp(String.raw`\p{Sc}\s?\d|\d\s?\p{Sc}`, 'u'),
    ops.regExp(`${EDGE_BEFORE}(?:${BEFORE_CODES})${GAP}${NUMBER}${EDGE_AFTER}`, 'u'),
    // Codes after the number, in any case.
    ops.regExp(`${EDGE_BEFORE}${NUMBER}${GAP}(?:${ALL_CODES})${EDGE_AFTER}`, 'iu'),
    ops.regExp(`${EDGE_BEFORE}(?:${SYMBOLS})${GAP}${NUMBER}${EDGE_AFTER}`, 'u'),
    ops.regExp(`${EDGE_BEFORE}${NUMBER}${GAP}(?:${SYMBOLS})${EDGE_AFTER}`, 'u'),
  ];
  return (label) => {
    for (let at = 0; at < patterns.length; at += 1) if (ops.search(label, patterns[at]!)) return true;
    return false;
  };
}

/** A number, maybe grouped ("1 200", "1.200,50", "1'200"); its far side must not run on into a word ("3D", "A4"). */
const NUMBER = String.raw`\d(?:[\d.,'’\u00a0\u202f ]*\d)?`;
const EDGE_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const EDGE_AFTER = String.raw`(?![\p{L}\p{N}])`;
/** The space between a currency and its number, if any (a no-break space in most locales). */
const GAP = String.raw`[\s\u00a0\u202f]?`;

/** The ISO 4217 codes of the currencies most paid in on the web; a sign or a symbol covers the rest. */
const CODES =
  'USD EUR GBP JPY CNY CHF CAD AUD NZD SEK NOK DKK PLN CZK HUF RON TRY RUB UAH INR IDR VND KRW BRL MXN ARS ZAR KES NGN EGP SAR AED ILS THB MYR SGD HKD TWD PHP ISK'.split(
    ' ',
  );
/** Codes that are also words a label begins a sentence with ("TRY 2 weeks free"): read only after the number. */
const WORD_CODES = ['TRY'];
const BEFORE_CODES = CODES.filter((code) => !WORD_CODES.includes(code)).join('|');
const ALL_CODES = CODES.join('|');

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Longest first, so "kr." is tried before "kr". */
const SYMBOLS = CURRENCY_SYMBOLS.split('|')
  .map(literal)
  .sort((a, b) => b.length - a.length)
  .join('|');

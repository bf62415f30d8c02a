import type { TextOps } from '../text/skeleton-ops';
import { CURRENCY_CODES, CURRENCY_SYMBOLS } from './currency-symbols.generated';

/**
 * Whether a label names a sum of money: a currency beside a number, either side, written as people
 * write prices —
 * - a currency sign (Unicode's Sc category: "$49", "499 €", "₹499", "R$ 10");
 * - an ISO 4217 code in capitals ("EUR 12,50", "Lipa TZS 5,000", "12.50 CHF"), or after the number
 *   in lower case for the currencies most paid in ("499 eur");
 * - a currency's symbol in letters as CLDR formats prices, and a few common informal spellings
 *   ("499 kr", "49,99 zł", "Rp 50.000", "KSh 500", "100 лв.": currency-symbols.generated.ts), in the
 *   case written there.
 * Digits of any script count ("４９９ €", "रू ४९९"). The number stands alone on its far side: "CAD 3D
 * export" and "2x" name no sum. Codes that are words ("TRY 2 weeks free", "TOP 10") are read only
 * after their number. Format characters (a zero-width space between the number and its currency)
 * are dropped and white space runs read as one space first; at most 1,000 characters are read.
 *
 * Over string operations passed in, as the commitment classifier is (commit-match.ts): the core
 * passes the engine's, the MAIN world's interceptor those it captured before any page script.
 */
export function amountReader(ops: Pick<TextOps, 'search' | 'regExp' | 'replace' | 'slice'>): (label: string) => boolean {
  // No prototype method is called here or in the reader (the MAIN world may build it after page scripts ran).
  // Every pattern needs a digit: a label without one and nothing but ASCII is answered before the
  // patterns are compiled. SpiderMonkey compiles them in each frame anew (V8 caches them per
  // process): 8–9 ms at a Firefox page's first click() of its own (bench/reports/load-floor.md).
  const mayHoldDigit = ops.regExp('[0-9]|[\\u0080-\\u{10FFFF}]', 'u');
  let compiled: { patterns: RegExp[]; format: RegExp; spaces: RegExp } | null = null;
  return (raw) => {
    const read = ops.slice(raw, 0, 1_000);
    if (!ops.search(read, mayHoldDigit)) return false;
    compiled ??= {
      patterns: [
        ops.regExp(`\\p{Sc}${GAP}\\p{Nd}|\\p{Nd}${GAP}\\p{Sc}`, 'u'),
        ops.regExp(`${EDGE_BEFORE}(?:${BEFORE_CODES})${GAP}${NUMBER}${EDGE_AFTER}`, 'u'),
        ops.regExp(`${NUMBER_START}${NUMBER}${GAP}(?:${CURRENCY_CODES})${EDGE_AFTER}`, 'u'),
        ops.regExp(`${NUMBER_START}${NUMBER}${GAP}(?:${LOWER_CODES})${EDGE_AFTER}`, 'iu'),
        ops.regExp(`${EDGE_BEFORE}(?:${SYMBOLS})${GAP}${NUMBER}${EDGE_AFTER}`, 'u'),
        ops.regExp(`${NUMBER_START}${NUMBER}${GAP}(?:${SYMBOLS})${EDGE_AFTER}`, 'u'),
      ],
      format: ops.regExp('\\p{Cf}', 'gu'),
      spaces: ops.regExp('\\s+', 'gu'),
    };
    const { patterns, format, spaces } = compiled;
    const label = ops.replace(ops.replace(read, format, ''), spaces, ' ');
    for (let at = 0; at < patterns.length; at += 1) if (ops.search(label, patterns[at]!)) return true;
    return false;
  };
}

/**
 * A number, maybe grouped ("1.200,50", "1'200"; "1 200 Kč" is read as "200 Kč"), in digits of any
 * script; its far side must not run on into a word ("3D", "A4"). No space inside: a run of
 * space-separated digits made the search quadratic (a review, Dec 5).
 */
const NUMBER = String.raw`\p{Nd}(?:[\p{Nd}.,'’]*\p{Nd})?`;
const EDGE_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const EDGE_AFTER = String.raw`(?![\p{L}\p{N}])`;
/** Before a number that comes first: no digit (a letter may touch it, as text nodes joined with nothing do: "Betal" + "499 kr"). */
const NUMBER_START = String.raw`(?<!\p{N})`;
/** The space between a currency and its number, if any (a no-break space in most locales). */
const GAP = String.raw`[\s\u00a0\u202f]?`;

/** Codes that are also words a label may begin with: read only after the number ("2 TRY"). */
const WORD_CODES = ['ALL', 'BOB', 'CUP', 'GEL', 'MAD', 'MOP', 'PEN', 'SOS', 'TOP', 'TRY'];
const BEFORE_CODES = CURRENCY_CODES.split('|')
  .filter((code) => !WORD_CODES.includes(code))
  .join('|');
/** In lower case after the number, only these ("499 eur"): "30 sek." is seconds, "5 php files" files. */
const LOWER_CODES = 'USD|EUR|GBP|CHF|JPY|CNY|AUD|NZD|PLN|CZK|HUF|RON|UAH|INR|IDR|BRL|MXN|ZAR|KES|NGN|AED|SGD|HKD';

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Longest first, so "kr." is tried before "kr". */
const SYMBOLS = CURRENCY_SYMBOLS.split('|')
  .map(literal)
  .sort((a, b) => b.length - a.length)
  .join('|');

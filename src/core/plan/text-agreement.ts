import { foldedSkeleton, hasLetterOrDigit, normalizeLabel, stripInvisibles } from '../text';
import { misreadCount } from '../util/edit-distance';

/**
 * When OCR's reading of a control agrees with the text it should show. OCR misreads letters a
 * little, so letters agree when close enough; numbers, amounts, currency symbols and names must
 * match exactly (one digit is the whole difference between "$7,000" and "$1,000"). What OCR
 * cannot read is left out on both sides: icon-font (private-use) glyphs, symbols, arrows.
 */

/** At least this share of letters must agree after folding lookalikes. */
export const OCR_AGREEMENT = 0.8;

/** Private-use (icon fonts), other symbols (dingbats, emoji, ✓) and the arrow blocks. */
const UNREADABLE = /[\p{Co}\p{So}\u2190-\u21ff\u27f0-\u27ff\u2900-\u297f\u2b00-\u2bff]/gu;
/** An amount (digits with their separators) or a currency symbol. */
const EXACT = /\p{Sc}|\p{Nd}+(?:[.,'\u00a0\u202f ]\p{Nd}+)*/gu;
/** Three dots or an ellipsis at the end: text-overflow: ellipsis, as OCR reads it. */
const ELLIPSIS = /(?:\.{2,3}|\u2026)$/u;
/** Border strokes OCR reads at the ends of a control's crop. */
const BORDERS = /^[\s|[\]]+|[\s|[\]]+$/gu;
/** A truncated text must show at least this many letters of what it stands for. */
const MIN_SHOWN_LETTERS = 3;

/** The text without what OCR cannot be asked to read. */
export function readable(text: string): string {
  return normalizeLabel(text.normalize('NFKC').replace(UNREADABLE, ' '));
}

/** Whether the text has anything OCR could read (letters or digits). */
export function hasLegibleText(text: string): boolean {
  return hasLetterOrDigit(readable(text));
}

/**
 * Amounts and currency symbols in order, spaces inside a number dropped. Every digit and where a
 * separator stands are kept; which separator it is ("," or "." or "'") is not: OCR confuses them
 * on ordinary amounts ("$1,200.00" read "$1.200.00"), and the DOM's own text is compared exactly.
 */
export function exactTokens(text: string): string[] {
  return [...readable(text).matchAll(EXACT)].map((m) => m[0].replace(/[\u00a0\u202f ]/gu, '').replace(/[.,']/gu, '.'));
}

/**
 * Letters only, lookalikes folded (digits go first: the skeleton would turn 0 into o). A stroke
 * between two letters ("C!ose", "Cl|ck") is a letter OCR took for a symbol: kept as a character no
 * letter equals (MISREAD), on both sides, so a real "!" inside a word matches itself. `fold`: the
 * skeleton spells "m" as "rn", and "rn" read for "m" is folded to one "m" within each word;
 * unfolded, "m" is kept as it is, so "n" read for it ("Confirn") stays one letter for another.
 */
export function letters(text: string, fold = true): string {
  const shown = readable(text).replace(/(?<=\p{L})[|!¡¦](?=\p{L})/gu, MISREAD);
  // Only letters are folded: the skeleton of "|" (a border read as a glyph) is "l".
  const spaced = shown.replace(/[^\p{L}\p{M}\s\uFFFD]/gu, ' ');
  const folded = fold
    ? foldedSkeleton(spaced).replace(/rn/gu, 'm')
    : foldedSkeleton(spaced.replace(/[mM]/gu, KEPT_M)).replaceAll(KEPT_M, 'm');
  return folded.replace(/[^\p{L}\uFFFD]+/gu, '');
}

/** A letter OCR read as a stroke. */
const MISREAD = '\uFFFD';
/** "m" kept from the skeleton (a private-use character, which the skeleton leaves alone). */
const KEPT_M = '\uE0FF';
/** A thin letter a tight crop may cut at either end of the text. */
const isThin = (c: string) => c === 'l' || c === 'i' || c === 'j' || c === 't';
/**
 * A control's border read as letters: a word of one or two strokes or thin letters at either end
 * of the reading, apart from the text ("l Close panel l"). Glued to a word it is a letter of it:
 * "Remove All" read for "Remove Al" is another label.
 */
const BORDER_WORDS = /^(?:[|!¡[\]lIij]{1,2}\s+)+|(?:\s+[|!¡[\]lIij]{1,2})+$/gu;

/** A reading without the border strokes at its ends ("|", "[", "]": no letters). */
export const unbordered = (read: string) => readable(read).replace(BORDERS, '');

/** A reading (unbordered) without border words, and how many letters they held (each counted as a misread). */
export function withoutBorderWords(shown: string): { text: string; borders: number } {
  let borders = 0;
  const text = shown.replace(BORDER_WORDS, (words) => {
    borders += (words.match(/[lIij]/gu) ?? []).length;
    return ' ';
  });
  return { text, borders };
}

/**
 * Whether the bundled OCR data (eng, chi_sim) can read every letter of the text: Latin and Han.
 * Kana, Hangul, Cyrillic, Greek, Arabic, Devanagari… come back as misread Latin or Han, which is
 * no reading of them: a pixel check of such a label is unsupported (the policy decides), not a
 * mismatch that blocks an honest commitment in Japanese or Russian.
 */
export function ocrReadsScriptOf(text: string): boolean {
  return !/[^\P{L}\p{Script=Latin}\p{Script=Han}]/u.test(readable(text));
}

/**
 * Names: capitalised words after the first (payees, products: "Send to Alice"), folded. A label's
 * first word is capitalised anyway, so it is not taken for a name.
 */
export function namesOf(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .replace(UNREADABLE, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  return words
    .slice(1)
    .filter((w) => /^\p{Lu}\p{L}*$/u.test(w) && /\p{Ll}/u.test(w) && w.length > 1)
    .map((w) => letters(w));
}

/**
 * Letters agree when OCR's misreads are few (OCR_AGREEMENT) and are misreads (misreadCount): a
 * letter read as another, standing alone, or a thin one cut at an end, besides `borders` letters
 * read off the control's border. Two changed letters side by side, or a letter added or lost
 * inside, are another word ("Unsubscribe" for "Subscribe", "Disable two-factor authentication" for
 * "Enable…", "Block" for "Lock": all agreed once). Lookalikes ("rn" for "m", "I" for "l") are folded
 * to one skeleton first; "m" is also compared unfolded (see letters).
 */
const agree = (read: string, expected: string, borders = 0) =>
  [true, false].some((fold) => lettersAgree(letters(read, fold), letters(expected, fold), borders));

/** The same over letters already taken out (letters()). */
function lettersAgree(a: string, b: string, borders = 0): boolean {
  if (a === b && borders === 0) return true;
  const longest = Math.max([...a].length + borders, [...b].length);
  const allowed = Math.floor(longest * (1 - OCR_AGREEMENT) + 1e-9);
  return longest > 0 && borders + misreadCount(a, b, isThin, allowed - borders) <= allowed;
}
const sameTokens = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t, i) => t === b[i]);
/** Every name is a whole word of the reading ("Al" is not shown by "Ali"). */
const namesShown = (names: readonly string[], read: string) => {
  const words = new Set(
    readable(read)
      .split(/[^\p{L}\p{N}]+/u)
      .map((word) => letters(word)),
  );
  return names.every((name) => words.has(name));
};

/**
 * The pixels' reading agrees with the whole expected text. A reading that ends in an ellipsis
 * agrees with the expected text it truncates, when at least a few letters show and the hidden
 * rest carries no amount, currency or name (what decides an action must be on the screen).
 *
 * `rendered` is the text the DOM draws (the expected text itself unless given): where it begins or
 * ends with a glyph OCR cannot read, what OCR makes of that glyph is left out too (`withoutIcons`).
 */
export function ocrAgrees(read: string, expected: string, rendered = expected): boolean {
  return ocrAgreement(read, expected, rendered) === 'agrees';
}

/**
 * `unsure` where the reading agrees only once a lone digit or currency symbol beside an icon is left
 * out: Material Icons' gear reads "2" or "$", but a page's own font can draw a "9" there as well
 * (an attacker helper: "Buy 9"), so the pixels cannot say which (the policy decides).
 */
export function ocrAgreement(read: string, expected: string, rendered = expected): 'agrees' | 'unsure' | 'differs' {
  const symbols = symbolsOf(rendered);
  if (symbols !== null && !hasLegibleText(read)) {
    const same = unspaced(read) === symbols;
    if (same) return symbolsOf(expected) === symbols ? 'agrees' : 'unsure';
    if (!hasLegibleText(expected)) return 'unsure';
  }
  let unsure = false;
  for (const reading of withoutIcons(read, rendered, expected)) {
    if (!agreesWhole(reading.text, expected)) continue;
    if (reading.sure) return 'agrees';
    unsure = true;
  }
  return unsure ? 'unsure' : 'differs';
}

/**
 * A label the DOM draws with symbols alone ("?", "+", "…"): what OCR reads of it, spaces and border
 * strokes left out; null where the text has letters or digits, or nothing OCR reads (`readable`).
 * Without letters the comparison above agrees on anything, a blank reading included: such a label
 * agrees only with exactly its symbols, and another reading without letters is unsure (the policy
 * decides); one with letters is compared as before. Its exact symbols under a claim that names them
 * otherwise (aria-label "Help" on "?") are unsure too: the pixels cannot show a name not drawn.
 */
function symbolsOf(text: string): string | null {
  if (hasLegibleText(text)) return null;
  const symbols = unspaced(text);
  return symbols === '' ? null : symbols;
}

const unspaced = (text: string) => unbordered(text).replace(/\s+/gu, '');

/** Whether a reading without letters shows exactly the symbols a letterless label draws (pixels.ts keeps such a reading). */
export function symbolsShown(read: string, rendered: string): boolean {
  const symbols = symbolsOf(rendered);
  return symbols !== null && !hasLegibleText(read) && unspaced(read) === symbols;
}

function agreesWhole(read: string, expected: string): boolean {
  // A control's border at either end of the crop comes back as "|", "[" or "]" (no letter, so the
  // letters below never see it); it must not hide an ellipsis that ends the reading.
  const shown = unbordered(read);
  if (ELLIPSIS.test(shown) && !ELLIPSIS.test(readable(expected))) return truncationAgrees(shown.replace(ELLIPSIS, ''), expected);
  const { text, borders } = withoutBorderWords(shown);
  return sameTokens(exactTokens(read), exactTokens(expected)) && namesShown(namesOf(expected), read) && agree(text, expected, borders);
}

/**
 * A glyph OCR cannot read at the start or the end of the rendered text (an icon font's, a symbol),
 * after NFKC as `readable` does, past spaces, format characters, variation selectors and modifiers.
 */
const LEADING_ICON = new RegExp(`^[\\s\\p{Cf}\\p{M}\\p{Sk}]*${UNREADABLE.source}`, 'u');
const TRAILING_ICON = new RegExp(`${UNREADABLE.source}[\\s\\p{Cf}\\p{M}\\p{Sk}]*$`, 'u');
/**
 * A word OCR may make of an icon: a lone digit or currency symbol, or one or two other characters
 * with at most one letter and no number (Han numerals included): never a number, an amount, a
 * unit ("5k", "x9"), a word ("No") or a name. Material Icons' gear reads "2" or "$", which the
 * exact rule for amounts compared: an honest "Settings" button was blocked (both browsers).
 */
const ICON_READING = /^(?:[\p{Nd}\p{Sc}]|(?!\S*\p{L}\S*\p{L})[^\s\p{N}\p{Sc}\p{Script=Han}]{1,2})$/u;

/**
 * The readings to compare: the reading itself and, where the DOM draws an icon at the start (end)
 * of the text, the reading without its first (last) word if that word is what OCR makes of an
 * icon and stands apart (not `sure` if it is a digit or a currency symbol). Only where the
 * rendered text has no amount or currency of its own, so an icon's reading can never stand in for a
 * digit of one; an icon inside the text is not left out.
 */
function withoutIcons(read: string, rendered: string, expected: string): { text: string; sure: boolean }[] {
  const as = [{ text: read, sure: true }];
  const drawn = rendered.normalize('NFKC');
  const lead = LEADING_ICON.test(drawn);
  const trail = TRAILING_ICON.test(drawn);
  // Only beside text the DOM draws itself (an icon alone marks no place), and never where the
  // expected text or the drawn one holds an amount.
  if (!lead && !trail) return as;
  if (!hasLegibleText(drawn) || exactTokens(drawn).length > 0 || exactTokens(expected).length > 0) return as;
  const words = unbordered(read).split(' ').filter(Boolean);
  const first = lead && words.length > 1 && ICON_READING.test(words[0]!) ? 1 : 0;
  const last = trail && words.length > 1 + first && ICON_READING.test(words.at(-1)!) ? 1 : 0;
  if (first + last === 0) return as;
  const left = [...words.slice(0, first), ...words.slice(words.length - last)];
  return [...as, { text: words.slice(first, words.length - last).join(' '), sure: !left.some((w) => /[\p{Nd}\p{Sc}]/u.test(w)) }];
}

function truncationAgrees(stem: string, expected: string): boolean {
  const shownLetters = letters(stem);
  const shownCount = [...shownLetters].length;
  if (shownCount < MIN_SHOWN_LETTERS) return false;
  // Where the stem ends in the expected text: the prefix of as many letters (code points: a Han
  // letter outside the BMP is one letter, not two halves).
  const prefix = [...letters(expected)].slice(0, shownCount).join('');
  if (!lettersAgree(shownLetters, prefix)) return false;
  const tokens = exactTokens(stem);
  const expectedTokens = exactTokens(expected);
  const names = namesOf(expected);
  // Every amount and name of the expected text must be in the shown part.
  return sameTokens(tokens, expectedTokens) && namesShown(names, stem);
}

/** A value read off a larger element: some stretch of the reading agrees with it. */
export function ocrContains(read: string, expected: string): boolean {
  const want = exactTokens(expected);
  const have = exactTokens(read);
  let found = want.length === 0;
  for (let start = 0; !found && start + want.length <= have.length; start++)
    found = sameTokens(have.slice(start, start + want.length), want);
  if (!found || !namesShown(namesOf(expected), read)) return false;
  const shown = letters(unbordered(read));
  const b = letters(expected);
  if (b === '' || shown.includes(b)) return true;
  // By code points, as lettersAgree counts them.
  const a = [...shown];
  const length = [...b].length;
  for (let start = 0; start + length <= a.length + 1; start++) {
    if (lettersAgree(a.slice(start, start + length).join(''), b)) return true;
  }
  return false;
}

/**
 * A claimed label that ends in an ellipsis ("Show all d…") stands for the text it truncates: its
 * shown part must begin that text, and the rest it leaves out must carry no amount, currency or
 * name. Null when the claim is not truncated.
 */
export function truncatedClaimAgrees(claimed: string, text: string): boolean | null {
  // Case is kept: the rest's capitalised words are its names.
  const plain = (t: string) => stripInvisibles(t.normalize('NFKC')).replace(UNREADABLE, ' ').replace(/\s+/gu, ' ').trim();
  const claim = plain(claimed);
  const full = plain(text);
  if (!ELLIPSIS.test(claim) || ELLIPSIS.test(full)) return null;
  const stem = [...claim.replace(ELLIPSIS, '').trimEnd()];
  const all = [...full];
  // Compared character by character (lower-casing a whole string can change its length: "İ").
  const begins = stem.length <= all.length && stem.every((c, i) => c.toLowerCase() === all[i]!.toLowerCase());
  if ([...letters(stem.join(''))].length < MIN_SHOWN_LETTERS || !begins) return false;
  const rest = all.slice(stem.length).join('');
  return exactTokens(rest).length === 0 && namesOf(`x ${rest}`).length === 0;
}

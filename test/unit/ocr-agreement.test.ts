import { describe, expect, it } from 'vitest';
import {
  calibratedOcrConfidence,
  type GrayImage,
  OCR_MIN_CONFIDENCE,
  RECHECK_TOLERANCE,
  thumbnail,
  thumbnailDistance,
} from '../../src/core/pixels';
import { exactTokens, hasLegibleText, ocrAgrees, ocrContains, ocrReadsScriptOf } from '../../src/core/plan';
import { labelNamed, labelShown } from '../../src/core/plan/predicates';
import { ocrAgreement, symbolsShown, truncatedClaimAgrees } from '../../src/core/plan/text-agreement';

describe('OCR agreement: letters fuzzy, numbers and names exact', () => {
  it('catches one different digit in an amount that the 80% letter rule would pass', () => {
    expect(ocrAgrees('Pay $7,000', 'Pay $1,000')).toBe(false);
    expect(ocrAgrees('Pay $1,000', 'Pay $1,000')).toBe(true);
    expect(ocrAgrees('Transfer 250 EUR', 'Transfer 260 EUR')).toBe(false);
  });

  it('compares currency symbols, digits and where separators stand exactly', () => {
    expect(ocrAgrees('Pay €500', 'Pay $500')).toBe(false);
    expect(ocrAgrees('Balance $1,200.00', 'Balance $120,000')).toBe(false);
    expect(exactTokens('Pay $1 000,50 now')).toEqual(['$', '1000.50']);
    // OCR confuses "," and "." on amounts; the position of a separator still counts.
    expect(ocrAgrees('Balance: $1.200.00', 'Balance: $1,200.00')).toBe(true);
    expect(ocrAgrees('Balance: $12.00.00', 'Balance: $1,200.00')).toBe(false);
  });

  it('still forgives a misread letter', () => {
    expect(ocrAgrees('Confirm transfcr', 'Confirm transfer')).toBe(true);
    expect(ocrAgrees('Next Page', 'Next page')).toBe(true);
    expect(ocrAgrees('| Zoom out |', 'Zoom out')).toBe(true);
  });

  it('forgives misread letters only one at a time: a run of changed letters is another word', () => {
    // Each was 82-92% alike and agreed before: a prefix or a word that turns the meaning around.
    expect(ocrAgrees('Unsubscribe', 'Subscribe')).toBe(false);
    expect(ocrAgrees('Unlock account', 'Lock account')).toBe(false);
    expect(ocrAgrees('Disable two-factor authentication', 'Enable two-factor authentication')).toBe(false);
    expect(ocrAgrees('Delete account permanently', 'Keep account permanently')).toBe(false);
    expect(ocrAgrees('Subscribe', 'Unsubscribe')).toBe(false);
    // One letter added or lost is another word, however short: each agreed at one edit in four or five.
    for (const [read, expected] of <[string, string][]>[
      ['Lock', 'Block'],
      ['Block', 'Lock'],
      ['Spend', 'Send'],
      ['Send', 'Spend'],
      ['Play', 'Pay'],
      ['Pay now', 'Play now'],
      ['Hide', 'Hid'],
    ])
      expect(ocrAgrees(read, expected), `${read} for ${expected}`).toBe(false);
    // A letter read as a stroke is still a misread letter; a stroke apart is a border; a thin letter
    // a tight crop cuts at an end is a misread; a "!" in the label matches itself.
    for (const [read, expected] of <[string, string][]>[
      ['Close pane|', 'Close panel'],
      ['Close pane', 'Close panel'],
      ['C!ose panel', 'Close panel'],
      ['|Close panel|', 'Close panel'],
      ['|OK|', 'OK'],
      ['Save|', 'Save'],
      ['Yes! Delete it', 'Yes! Delete it'],
      ['¡Hola!', '¡Hola!'],
      ['Confirn payment', 'Confirm payment'],
      ['Send to Peter now', 'Send to Peter now'],
    ])
      expect(ocrAgrees(read, expected), `${read} for ${expected}`).toBe(true);
    // A letter glued to a word is part of it, even a thin one at an end.
    for (const [read, expected] of <[string, string][]>[
      ['Bl|ock', 'Block'],
      ['Remove All', 'Remove Al'],
      ['illegal transfer request', 'legal transfer request'],
      ['lPay', 'Pay'],
    ])
      expect(ocrAgrees(read, expected), `${read} for ${expected}`).toBe(false);
    // Misreads apart from each other, a border read as a letter at either end, lookalikes folded.
    expect(ocrAgrees('Confirm transfcr nuw', 'Confirm transfer now')).toBe(true);
    expect(ocrAgrees('l Close panel l', 'Close panel')).toBe(true);
    expect(ocrAgrees('Rernove iterns', 'Remove items')).toBe(true);
    expect(ocrAgrees('Remcve itens', 'Remove items')).toBe(true);
    expect(ocrAgrees('Rernove itexz', 'Remove items')).toBe(false);
    // Lengths by code point: an astral letter is one letter, not two.
    expect(ocrAgrees('𝐀pen menu', 'Open menu')).toBe(true);
    expect(ocrAgrees('Open', 'Open menu now')).toBe(false);
  });

  it('compares names (capitalised words after the first) exactly', () => {
    expect(ocrAgrees('Send to Alica', 'Send to Alice')).toBe(false);
    expect(ocrAgrees('Send to Alice', 'Send to Alice')).toBe(true);
    // A whole word: "Ali" does not show the name "Al", nor "Alice Smith" the name "Smithers".
    expect(ocrAgrees('Send $500 to Ali', 'Send $500 to Al')).toBe(false);
    expect(ocrAgrees('Pay Nora and Al', 'Pay Nora and Al')).toBe(true);
    expect(ocrContains('Transfer to Alice Smith now', 'Alice Smith')).toBe(true);
    // A label's own first word is not a name: a misread letter there stays fuzzy.
    expect(ocrAgrees('Sand money to Alice', 'Send money to Alice')).toBe(true);
  });

  it('leaves out what OCR cannot read: icon-font glyphs, symbols and arrows, on both sides', () => {
    expect(ocrAgrees('[Settings', '\ue8b8 Settings')).toBe(true);
    expect(ocrAgrees('Next —', 'Next →')).toBe(true);
    expect(ocrAgrees('Next page »', 'Next page ›')).toBe(true);
    expect(hasLegibleText('\ue8b8')).toBe(false);
  });

  it("leaves out OCR's word for an icon the DOM draws at either end, never a digit of an amount", () => {
    // Material Icons' gear, read "2" or "$" before an honest "Settings" (both browsers): a lone digit
    // or currency symbol there may be the icon's or a page font's "9" ("Buy 9"), so unsure, not agreed.
    expect(ocrAgreement('2 Settings', '\ue8b8Settings')).toBe('unsure');
    expect(ocrAgreement('| $ Settings', '\ue8b8Settings')).toBe('unsure');
    expect(ocrAgreement('| 2 Settings |', 'Settings', '\ue8b8 Settings')).toBe('unsure');
    expect(ocrAgreement('Buy 9', 'Buy \ue000')).toBe('unsure');
    expect(ocrAgreement('& Settings', '\ue8b8Settings')).toBe('agrees');
    expect(ocrAgreement('2 7 Settings', '\ue8b8Settings')).toBe('differs');
    expect(ocrAgrees('Next page &', 'Next page \ue5c8')).toBe(true);
    expect(ocrAgrees('@ Open menu Q)', '\ue000 Open menu \ue001')).toBe(true);
    // Not where the DOM draws no icon, nor inside the text, nor a word joined to the label.
    expect(ocrAgrees('2 Settings', 'Settings')).toBe(false);
    expect(ocrAgrees('Open 2 settings', 'Open \ue8b8 settings')).toBe(false);
    expect(ocrAgrees('2Settings', '\ue8b8Settings')).toBe(false);
    // Not an amount, a currency symbol or a number of two digits, nor beside an amount of the label's own.
    expect(ocrAgrees('12 Donate', '\ue000 Donate')).toBe(false);
    expect(ocrAgrees('$9 Donate', '\ue000 Donate')).toBe(false);
    // Nor a number with a unit or sign, a word, a name, a Han numeral (found reviewing the rule).
    for (const read of ['Donate 5k', 'Donate 5%', 'Donate x9', 'Donate 9+', 'Donate -5', 'Donate No'])
      expect(ocrAgrees(read, 'Donate \ue000'), read).toBe(false);
    expect(ocrAgrees('Pay Al Bo', 'Pay Al \ue000')).toBe(false);
    expect(ocrAgrees('万 付款', '\ue000 付款')).toBe(false);
    // Nor where the DOM draws no text of its own beside the icon (the places would be the claim's),
    // nor beside an amount the claim carries.
    expect(ocrAgrees('5 Pay Bob 9', '\ue000 Pay Bob \ue000', '')).toBe(false);
    expect(ocrAgrees('5 Pay Bob', 'Pay Bob', '\ue000')).toBe(false);
    expect(ocrAgrees('7 Pay $5', 'Pay $5', '\ue000 Pay')).toBe(false);
    // A symbol that NFKC makes letters is no icon; an emoji with its variation selector is one.
    expect(ocrAgrees('Upgrade to Pro 5', 'Upgrade to Pro\u2122')).toBe(false);
    expect(ocrAgrees('Settings &', 'Settings \u2699\ufe0f')).toBe(true);
    expect(ocrAgrees('2$ Donate', '\ue000 Donate')).toBe(false);
    expect(ocrAgrees('Pay $1,000 2', 'Pay $1,000 \ue000')).toBe(false);
    expect(ocrAgrees('7 Pay $1,000', '\ue000 Pay $1,000')).toBe(false);
    // Only one word per icon, and the label must still be read.
    expect(ocrAgrees('2 7 Settings', '\ue8b8 Settings')).toBe(false);
    expect(ocrAgrees('2', '\ue8b8 Settings')).toBe(false);
    expect(hasLegibleText('★ →')).toBe(false);
    expect(hasLegibleText('Save')).toBe(true);
  });

  it('accepts a reading truncated by an ellipsis only when the hidden rest holds no amount or name', () => {
    expect(ocrAgrees('Show all d...', 'Show all details of this item')).toBe(true);
    expect(ocrAgrees('Show all d…', 'Show all details of this item')).toBe(true);
    // The button's border read at the end of the crop (Chromium 156) does not hide the ellipsis.
    expect(ocrAgrees('Show all detail... |', 'Show all details of this item')).toBe(true);
    expect(ocrAgrees('| Show all d… ]', 'Show all details of this item')).toBe(true);
    expect(ocrAgrees('| 0... |', 'Open inbox')).toBe(false);
    expect(ocrAgrees('Cancel...', 'Cancel and pay $900')).toBe(false);
    expect(ocrAgrees('Send to...', 'Send to Mallory')).toBe(false);
    expect(ocrAgrees('Sh...', 'Show all details of this item')).toBe(false);
    expect(ocrAgrees('Delete a...', 'Show all details of this item')).toBe(false);
  });

  it('reads a value within a larger element, amounts exact', () => {
    expect(ocrContains('Balance $1,200.00', '$1,200.00')).toBe(true);
    expect(ocrContains('Balance $9,999.00', '$1,200.00')).toBe(false);
    expect(ocrContains('Balance $1,200.00', 'Balance')).toBe(true);
  });

  it('takes a claim ending in an ellipsis for the text it truncates, hiding no amount or name', () => {
    expect(truncatedClaimAgrees('Show all d…', 'Show all details of this item')).toBe(true);
    expect(truncatedClaimAgrees('Cancel…', 'Cancel and pay $900')).toBe(false);
    expect(truncatedClaimAgrees('Send to…', 'Send to Mallory')).toBe(false);
    expect(truncatedClaimAgrees('Show…', 'Delete everything')).toBe(false);
    expect(truncatedClaimAgrees('Show all details', 'Show all details of this item')).toBe(null);
  });

  it('counts letters outside the BMP as one letter each where a reading is cut or searched (𠮷 read as 吉)', () => {
    expect(ocrAgrees('吉野家の牛丼…', '𠮷野家の牛丼を注文する')).toBe(true);
    expect(ocrAgrees('吉野家の豚丼…', '𠮷野家の牛丼を注文する')).toBe(false);
    expect(ocrContains('注文 吉野家の牛丼 する', '𠮷野家の牛丼')).toBe(true);
    expect(ocrContains('注文 吉野家の豚汁 する', '𠮷野家の牛丼')).toBe(false);
    expect(truncatedClaimAgrees('𠮷野家の…', '𠮷野家の牛丼を注文する')).toBe(true);
    expect(truncatedClaimAgrees('İstanbul…', 'İstanbul uçuşu')).toBe(true);
  });
});

const image = (width: number, height: number, at: (x: number, y: number) => number): GrayImage => {
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data[y * width + x] = at(x, y);
  return { width, height, data };
};

describe('re-check thumbnail', () => {
  const glyphs = (digit: number, noise = 0) =>
    image(160, 40, (x, y) => {
      const jitter = noise ? ((x * 31 + y * 17) % 7) - 3 : 0;
      // A "digit" at x 100–108 whose middle bar depends on the digit.
      const ink =
        (x >= 20 && x < 90 && y > 12 && y < 28 && x % 6 < 2) ||
        (x >= 100 && x < 108 && y > 12 && y < 28 && (x < 102 || y === 12 + digit * 2));
      return Math.max(0, Math.min(255, (ink ? 30 : 230) + jitter));
    });

  it('tolerates small per-pixel noise and catches one changed glyph', () => {
    const reference = thumbnail(glyphs(3));
    expect(thumbnailDistance(reference, thumbnail(glyphs(3, 1)))).toBeLessThanOrEqual(RECHECK_TOLERANCE);
    expect(thumbnailDistance(reference, thumbnail(glyphs(6)))).toBeGreaterThan(RECHECK_TOLERANCE);
  });

  it('treats a crop of another shape as different', () => {
    expect(thumbnailDistance(thumbnail(glyphs(3)), thumbnail(image(80, 40, () => 230)))).toBe(255);
  });
});

describe('labels drawn with symbols alone', () => {
  it('agree only with a reading of exactly those symbols; no other reading without letters agrees', () => {
    expect(ocrAgreement('?', '?')).toBe('agrees');
    expect(ocrAgreement('| ? |', '?')).toBe('agrees');
    expect(ocrAgreement('+ +', '++')).toBe('agrees');
    expect(ocrAgreement('...', '…')).toBe('agrees');
    // Letters compare empty on both sides: a blank or another symbol agreed before this rule.
    expect(ocrAgreement('', '?')).toBe('unsure');
    expect(ocrAgreement('!', '?')).toBe('unsure');
    expect(ocrAgreement('??', '?')).toBe('unsure');
    // Words the DOM does not draw are still a mismatch.
    expect(ocrAgreement('Pay', '?')).toBe('differs');
    // A name the DOM does not draw (aria-label "Help" on "?"): the symbols cannot show it.
    expect(ocrAgreement('?', 'Help', '?')).toBe('unsure');
    // Icon glyphs OCR cannot read are no symbols: as before.
    expect(ocrAgreement('', '\ue8b8')).toBe('agrees');
  });

  it('keeps an icon-only reading only when it is exactly the drawn symbols', () => {
    expect(symbolsShown('?', '?')).toBe(true);
    expect(symbolsShown(' ? ', '?')).toBe(true);
    expect(symbolsShown('!', '?')).toBe(false);
    expect(symbolsShown('', '?')).toBe(false);
    expect(symbolsShown('?', '')).toBe(false);
    expect(symbolsShown('$', '\ue8b8')).toBe(false);
    expect(symbolsShown('Help', 'Help')).toBe(false);
  });
});

describe('label predicates for what OCR cannot read', () => {
  const ax = (name: string) => ({ role: 'button', name, hidden: false, visibleLabel: '' });
  it('checks the claim of an icon-only control against its accessible name', () => {
    expect(labelNamed('Search').evaluate(ax('Search'))).toEqual({ holds: true });
    expect(labelNamed('Delete').evaluate(ax('Search'))).toMatchObject({ holds: false, code: 'label_mismatch' });
    // A lookalike of the name is not the name.
    expect(labelNamed('Seаrch').evaluate(ax('Search'))).toMatchObject({ holds: false, code: 'label_mismatch' });
  });

  it('leaves an icon-font glyph out of the DOM label, but not a lookalike', () => {
    expect(
      labelShown('Settings').evaluate({
        text: '\ue8b8 Settings',
        doubts: [],
        hiddenText: false,
        unreadPicture: false,
        painted: null,
        pictures: [],
      }),
    ).toEqual({
      holds: true,
    });
    expect(
      labelShown('Sеttings').evaluate({
        text: '\ue8b8 Settings',
        doubts: [],
        hiddenText: false,
        unreadPicture: false,
        painted: null,
        pictures: [],
      }),
    ).toMatchObject({
      holds: false,
    });
    expect(
      labelShown('Show all d…').evaluate({
        text: 'Show all details of this item',
        doubts: [],
        hiddenText: false,
        unreadPicture: false,
        painted: null,
        pictures: [],
      }),
    ).toEqual({ holds: true });
    expect(
      labelShown('Cancel…').evaluate({
        text: 'Cancel and pay $900',
        doubts: [],
        hiddenText: false,
        unreadPicture: false,
        painted: null,
        pictures: [],
      }),
    ).toMatchObject({
      holds: false,
    });
  });

  it('maps OCR confidence to the gate scale at the calibrated threshold', () => {
    expect(calibratedOcrConfidence(OCR_MIN_CONFIDENCE)).toBeCloseTo(0.9);
    expect(calibratedOcrConfidence(0.8)).toBeGreaterThanOrEqual(0.9);
    expect(calibratedOcrConfidence(0.41)).toBeLessThan(0.9);
    expect(calibratedOcrConfidence(1)).toBe(1);
    expect(calibratedOcrConfidence(Number.NaN)).toBe(0);
  });
});

describe('borders read as glyphs, and scripts the OCR data cannot read', () => {
  it('does not let a border read as "|" count as the letter "l" (its skeleton)', () => {
    expect(ocrAgrees('Pay $500 |', 'Pay $500')).toBe(true);
    expect(ocrAgrees('| Open menu |', 'Open menu')).toBe(true);
    // A real extra letter still counts against agreement.
    expect(ocrAgrees('Pay $500 lo', 'Pay')).toBe(false);
  });

  it('reads Latin and Han only: kana, Hangul, Cyrillic, Greek, Arabic and Devanagari are no reading', () => {
    for (const text of ['Pay $500', 'Payer 50 €', 'Überweisen', '立即支付', '✓ Save']) expect(ocrReadsScriptOf(text), text).toBe(true);
    for (const text of ['注文を確定する', '결제하기', 'Удалить аккаунт', 'Πληρωμή', 'ادفع الآن', 'भुगतान करें'])
      expect(ocrReadsScriptOf(text), text).toBe(false);
  });
});

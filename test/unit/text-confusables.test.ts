import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfusables, renderConfusables, SOURCE, TARGET } from '../../scripts/gen-confusables';
import { confusable, foldedSkeleton, prototypeOf, skeleton } from '../../src/core/text';
import { CONFUSABLES_COUNT, CONFUSABLES_DATE, CONFUSABLES_VERSION } from '../../src/core/text/data/confusables.generated';

// Lookalikes are written as escapes so the test source shows which character is which.
const CYRILLIC_A = '\u0430';
const CYRILLIC_O = '\u043e';
const CYRILLIC_ER = '\u0440';
const GREEK_OMICRON = '\u03bf';
const GREEK_CAPITAL_ALPHA = '\u0391';
const vendored = readFileSync(SOURCE, 'utf8');

describe('the vendored UTS #39 data and its generated table', () => {
  it('keeps the Unicode header, copyright and terms of use', () => {
    const header = vendored.split('\n').slice(0, 9).join('\n');
    expect(header).toMatch(/^# confusables\.txt\n# Date: /);
    expect(header).toContain('# © 2025 Unicode®, Inc.');
    expect(header).toContain('https://www.unicode.org/terms_of_use.html');
    expect(header).toContain('# Version: 17.0.0');
  });

  it('has not drifted: regenerating from the vendored file reproduces the committed table byte for byte', () => {
    expect(renderConfusables(vendored)).toBe(readFileSync(TARGET, 'utf8'));
  });

  it('records the version and date of the data it was generated from', () => {
    expect(CONFUSABLES_VERSION).toBe('17.0.0');
    expect(CONFUSABLES_DATE).toBe('2025-07-22, 05:49:37 GMT');
  });

  it('stays compact', () => {
    expect(readFileSync(TARGET).byteLength).toBeLessThan(64 * 1024);
  });

  it('decodes every entry of confusables.txt to its prototype, and nothing else', () => {
    const entries = parseConfusables(vendored);
    expect(entries).toHaveLength(CONFUSABLES_COUNT);
    for (const { source, prototype } of entries) expect(prototypeOf(source), source.toString(16)).toBe(String.fromCodePoint(...prototype));
    let mapped = 0;
    for (let cp = 0; cp <= 0x10ffff; cp += 1) if (prototypeOf(cp) !== undefined) mapped += 1;
    expect(mapped).toBe(CONFUSABLES_COUNT);
  });
});

describe('skeleton (UTS #39 section 4)', () => {
  it('maps Cyrillic and Greek lookalikes onto Latin', () => {
    expect(skeleton(`p${CYRILLIC_A}ypal`)).toBe('paypal');
    expect(confusable('paypal', `p${CYRILLIC_A}ypal`)).toBe(true);
    expect(confusable('google', `g${CYRILLIC_O}${GREEK_OMICRON}gle`)).toBe(true);
    expect(confusable('Pay', `${CYRILLIC_ER.toUpperCase()}ay`)).toBe(true);
    expect(skeleton(`${GREEK_CAPITAL_ALPHA}BC`)).toBe('ABC');
  });

  it('follows the data on digits and letters: 0 is O (not o), 1 and I are l, m is rn', () => {
    expect(confusable('0', 'O')).toBe(true);
    expect(confusable('0', 'o')).toBe(false);
    expect(skeleton('1')).toBe('l');
    expect(skeleton('I')).toBe('l');
    expect(confusable('modern', 'rnodern')).toBe(true);
  });

  it('folds fullwidth forms and mathematical alphanumerics', () => {
    expect(skeleton('\uff50\uff41\uff59')).toBe('pay'); // FULLWIDTH p a y
    expect(skeleton('\u{1d429}\u{1d41a}\u{1d432}')).toBe('pay'); // MATHEMATICAL BOLD p a y
    expect(skeleton('\u{1d56d}\u{1d586}')).toBe('Ba'); // FRAKTUR / BOLD FRAKTUR
  });

  it('drops default-ignorable characters and decomposes', () => {
    expect(skeleton('pay\u200bpal\u00ad')).toBe('paypal');
    expect(skeleton('\u00e9')).toBe('e\u0301');
    expect(confusable('\u00e9', 'e\u0301')).toBe(true);
  });

  it('leaves different words different', () => {
    expect(confusable('paypal', 'paypals')).toBe(false);
    expect(confusable('Submit', 'Cancel')).toBe(false);
    expect(confusable('delete', 'deiete')).toBe(false);
  });

  it('is idempotent over every character in the table', () => {
    for (const { source } of parseConfusables(vendored)) {
      const once = skeleton(String.fromCodePoint(source));
      expect(skeleton(once), source.toString(16)).toBe(once);
    }
  });

  it('has a case-folded variant for case-insensitive names', () => {
    expect(foldedSkeleton('g00gle')).toBe(foldedSkeleton('google'));
    expect(foldedSkeleton('DeIete')).toBe(foldedSkeleton('delete'));
    expect(foldedSkeleton('paypal')).not.toBe(foldedSkeleton('paypa'));
  });

  it('takes microseconds for a 100-character label', () => {
    const label = `Confirm the transfer of 1,234.56 EUR to M\u00fcller GmbH, invoice 4471 ${CYRILLIC_A}`.padEnd(100, 'x');
    skeleton(label);
    const runs = 2000;
    const start = performance.now();
    for (let i = 0; i < runs; i += 1) skeleton(label);
    const micros = ((performance.now() - start) * 1000) / runs;
    expect(micros).toBeLessThan(100);
  });
});

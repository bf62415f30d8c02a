import { describe, expect, it } from 'vitest';
import { isMixedScript, resolvedScriptSet, restrictionLevel, scriptsOf } from '../../src/core/text';

const CYRILLIC_A = '\u0430';
const GREEK_OMICRON = '\u03bf';
const KANJI = '\u6f22\u5b57';
const HIRAGANA = '\u3072\u3089\u304c\u306a';
const KATAKANA = '\u30ab\u30bf\u30ab\u30ca';
const HANGUL = '\ud55c\uad6d\uc5b4';
const BOPOMOFO = '\u3105\u3106';
const DEVANAGARI = '\u0928\u092e\u0938\u094d\u0924\u0947';

describe('scriptsOf', () => {
  it('names the scripts by ISO 15924 code, leaving Common and Inherited out', () => {
    expect(scriptsOf('paypal')).toEqual(['Latn']);
    expect(scriptsOf(`p${CYRILLIC_A}ypal`)).toEqual(['Cyrl', 'Latn']);
    expect(scriptsOf(`g${GREEK_OMICRON}ogle`)).toEqual(['Grek', 'Latn']);
    expect(scriptsOf('123 - !?')).toEqual([]);
    expect(scriptsOf(`${KANJI}${HIRAGANA}${KATAKANA}`)).toEqual(['Hani', 'Hira', 'Kana']);
    expect(scriptsOf('e\u0301')).toEqual(['Latn']);
  });
});

describe('mixed-script detection (UTS #39 resolved script set)', () => {
  it('flags Latin mixed with Cyrillic or Greek lookalikes', () => {
    expect(isMixedScript(`p${CYRILLIC_A}ypal`)).toBe(true);
    expect(isMixedScript(`g${GREEK_OMICRON}ogle`)).toBe(true);
  });

  it('treats single scripts, digits, punctuation and combining marks as not mixed', () => {
    for (const text of ['paypal', 'PayPal 2FA: 123-456!', '\u043f\u0440\u0438\u0432\u0435\u0442', 'caf\u0065\u0301', '', '  ']) {
      expect(isMixedScript(text), text).toBe(false);
    }
    expect(resolvedScriptSet('123')).toBeNull();
  });

  it('treats the usual CJK combinations as a single script', () => {
    expect(resolvedScriptSet(`${KANJI}${HIRAGANA}${KATAKANA}`)).toEqual(['Jpan']);
    expect(resolvedScriptSet(`${HANGUL}${KANJI}`)).toEqual(['Kore']);
    expect(resolvedScriptSet(`${BOPOMOFO}${KANJI}`)).toEqual(['Hanb']);
    expect(isMixedScript(`${HIRAGANA}${HANGUL}`)).toBe(true);
  });

  it('uses Script_Extensions, so a character shared by scripts does not split them', () => {
    // U+30FC KATAKANA-HIRAGANA PROLONGED SOUND MARK is Common with extensions {Hira, Kana}.
    expect(isMixedScript(`${HIRAGANA}\u30fc`)).toBe(false);
    // U+0660 ARABIC-INDIC DIGIT ZERO belongs to Arabic and Thaana, not Latin.
    expect(isMixedScript('abc\u0660')).toBe(true);
  });
});

describe('restrictionLevel (UTS #39 section 5.2, script conditions)', () => {
  it('ranks text from ASCII-only to minimally restrictive', () => {
    expect(restrictionLevel('paypal.com')).toBe('ascii-only');
    expect(restrictionLevel('m\u00fcnchen')).toBe('single-script');
    expect(restrictionLevel(`${KANJI}${HIRAGANA}`)).toBe('single-script');
    expect(restrictionLevel(`abc${HIRAGANA}`)).toBe('highly-restrictive');
    expect(restrictionLevel(`abc${HANGUL}`)).toBe('highly-restrictive');
    expect(restrictionLevel(`hello ${DEVANAGARI}`)).toBe('moderately-restrictive');
    expect(restrictionLevel(`p${CYRILLIC_A}ypal`)).toBe('minimally-restrictive');
    expect(restrictionLevel(`g${GREEK_OMICRON}ogle`)).toBe('minimally-restrictive');
  });
});

import { domainToASCII, domainToUnicode } from 'node:url';
import { describe, expect, it } from 'vitest';
import { impersonation } from '../../src/core/plan/destinations';
import { decodePunycode, domainLookalike, hostToUnicode } from '../../src/core/text';

const CYRILLIC_A = '\u0430';
const GREEK_OMICRON = '\u03bf';

describe('decodePunycode (RFC 3492)', () => {
  it.each([
    ['egbpdaj6bu4bxfgehfvwxn', '\u0644\u064a\u0647\u0645\u0627\u0628\u062a\u0643\u0644\u0645\u0648\u0634\u0639\u0631\u0628\u064a\u061f'],
    ['ihqwcrb4cv8a8dqg056pqjye', '\u4ed6\u4eec\u4e3a\u4ec0\u4e48\u4e0d\u8bf4\u4e2d\u6587'],
    ['Proprostnemluvesky-uyb24dma41a', 'Pro\u010dprost\u011bnemluv\u00ed\u010desky'],
    ['-> $1.00 <--', '-> $1.00 <-'],
  ])('decodes the RFC 3492 sample %s', (encoded, decoded) => {
    expect(decodePunycode(encoded)).toBe(decoded);
  });

  it('agrees with the WHATWG URL parser on real IDN hosts', () => {
    for (const unicode of [
      `p${CYRILLIC_A}ypal.com`,
      'b\u00fccher.de',
      '\u4e2d\u56fd.cn',
      '\u{1f4a9}.la',
      'm\u00fcnchen.de',
      '\u0430\u0440\u0440\u04cf\u0435.com',
    ]) {
      const ascii = domainToASCII(unicode);
      expect(ascii).toMatch(/(^|\.)xn--/);
      expect(hostToUnicode(ascii)).toBe(domainToUnicode(ascii));
    }
  });

  it('refuses malformed input instead of guessing', () => {
    expect(decodePunycode('99999999999')).toBeNull();
    expect(decodePunycode('a\u00e9-b')).toBeNull();
    expect(decodePunycode('a'.repeat(300))).toBeNull();
    expect(hostToUnicode('xn--99999999999.com')).toBeNull();
  });
});

describe('domainLookalike', () => {
  it('finds the IDN homograph of paypal.com, in punycode and in Unicode', () => {
    const punycode = domainToASCII(`p${CYRILLIC_A}ypal.com`);
    expect(punycode).toBe('xn--pypal-4ve.com');
    for (const host of [punycode, `p${CYRILLIC_A}ypal.com`, `www.${punycode}`]) {
      expect(domainLookalike(host, 'paypal.com')).toEqual({
        sameSite: false,
        confusable: true,
        mixedScript: true,
        reason: 'homograph',
        display: host.startsWith('www.') ? `www.p${CYRILLIC_A}ypal.com` : `p${CYRILLIC_A}ypal.com`,
      });
    }
  });

  it('treats the same registrable domain as the same site, whatever its spelling', () => {
    for (const host of ['paypal.com', 'www.paypal.com', 'PAYPAL.COM.', 'paypal.com:443', '\uff50\uff41\uff59\uff50\uff41\uff4c.com']) {
      const result = domainLookalike(host, 'paypal.com');
      expect(result, host).toMatchObject({ sameSite: true, confusable: false, reason: 'same-site' });
    }
    expect(domainLookalike('b\u00fccher.de', 'xn--bcher-kva.de').sameSite).toBe(true);
  });

  it('leaves unrelated sites alone, private suffixes included', () => {
    expect(domainLookalike('example.org', 'paypal.com')).toMatchObject({ sameSite: false, confusable: false, reason: 'unrelated' });
    expect(domainLookalike('alice.github.io', 'bob.github.io')).toMatchObject({ sameSite: false, confusable: false, reason: 'unrelated' });
    expect(domainLookalike('paypal.co.uk', 'paypal.com').confusable).toBe(false);
  });

  it('catches ASCII lookalikes the data lists: 1 for l, rn for m, 0 for o', () => {
    expect(domainLookalike('paypa1.com', 'paypal.com').reason).toBe('homograph');
    expect(domainLookalike('rnicrosoft.com', 'microsoft.com').reason).toBe('homograph');
    expect(domainLookalike('g00gle.com', 'google.com').reason).toBe('homograph');
  });

  it('catches a spoofed top-level label and the all-Cyrillic apple', () => {
    expect(domainLookalike(`paypal.c${GREEK_OMICRON}m`, 'paypal.com')).toMatchObject({ confusable: true, reason: 'homograph' });
    // Whole-script: every letter Cyrillic, so not mixed, but still a homograph.
    expect(domainLookalike('xn--80ak6aa92e.com', 'apple.com')).toMatchObject({ confusable: true, mixedScript: false, reason: 'homograph' });
  });

  it('catches the trusted name worn as a subdomain of another site', () => {
    expect(domainLookalike('paypal.com.account-check.net', 'paypal.com')).toMatchObject({
      sameSite: false,
      confusable: true,
      reason: 'trusted-name-in-subdomain',
    });
    expect(domainLookalike('alice.github.io', 'github.io').confusable).toBe(false);
    expect(domainLookalike('www.paypal.com.evil.com.au', 'paypal.com').reason).toBe('trusted-name-in-subdomain');
    expect(domainLookalike('bank.example.evil.example', 'bank.example').reason).toBe('trusted-name-in-subdomain');
    expect(domainLookalike('xn--pypal-4ve.com.evil.net', 'paypal.com').reason).toBe('trusted-name-in-subdomain');
  });

  it('catches the name worn where it runs into a hosting platform, a private suffix, or a homograph of a twin', () => {
    // A review of the first country-twin rule (Dec 7), which let these through as unrelated sites.
    for (const host of [
      'paypal.com.netlify.app',
      'paypal.com.pages.dev',
      'paypal.com.github.io',
      'paypal.com.duckdns.org',
      'paypal.com.herokuapp.com',
      'paypal.com.ru.com',
      'paypal.com.de',
      'xn--80aa0cbo65f.com.ua',
    ]) {
      expect(domainLookalike(host, 'www.paypal.com').confusable, host).toBe(true);
      expect(impersonation(`https://${host}/login`, 'https://www.paypal.com'), host).not.toBeNull();
    }
    expect(domainLookalike('login.bank.co.uk.com', 'bank.co.uk').confusable).toBe(true);
  });

  it("leaves a site's country twins to the cross-site rules, not the lookalike block", () => {
    // The name runs into the public suffix (com.au, com.br, co.uk): no lookalike, another site.
    for (const [candidate, trusted] of [
      ['www.amazon.com.au', 'www.amazon.com'],
      ['www.amazon.com.br', 'amazon.com'],
      ['www.google.com.mx', 'www.google.com'],
      ['ebay.co.uk', 'ebay.co'],
    ]) {
      expect(domainLookalike(candidate!, trusted!), candidate).toMatchObject({ sameSite: false, confusable: false });
    }
  });

  it('flags a mixed-script label even when it imitates something else', () => {
    expect(domainLookalike(`g${CYRILLIC_A}mble.com`, 'paypal.com')).toMatchObject({
      confusable: false,
      mixedScript: true,
      reason: 'mixed-script',
    });
  });

  it('refuses URL syntax and malformed punycode rather than resolving it', () => {
    for (const host of ['paypal.com@evil.com', 'evil.com/paypal.com', 'evil.com#paypal.com', '', ' ', 'xn--99999999999.com']) {
      expect(domainLookalike(host, 'paypal.com'), host).toMatchObject({ sameSite: false, confusable: false, reason: 'invalid-host' });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { readsWords } from '../../src/core/plan';
import { pixelsNamed } from '../../src/core/plan/predicates';
import { nearName } from '../../src/core/plan/reads-words';

describe('readsWords: whether an OCR reading of an icon picture shows words', () => {
  it('takes a lone letter, a symbol or border strokes for no words', () => {
    for (const reading of ['', 'Q', ' O ', '|', '| Q |', 'l Q', '©', '\ue8b8', '→', '[ ]', '✓ x'])
      expect(readsWords(reading), reading).toBe(false);
  });

  it('takes two letters or digits or more for words, however spaced', () => {
    for (const reading of ['OK', 'No', '2FA', '| Delete account |', 'D e l e t e', 'Q a', '42', '删除', 'Pay $5']) {
      expect(readsWords(reading), reading).toBe(true);
    }
  });
});

describe('pixelsNamed: the words an icon shows must be said by its name', () => {
  const read = (text: string) => ({ text, confidence: 0.9 });
  it('holds where the name says all it shows, more or not', () => {
    expect(pixelsNamed('ACME home', 'target.pixels').evaluate(read('| ACME |'))).toEqual({ holds: true });
    expect(pixelsNamed('Search', 'target.pixels').evaluate(read('Search'))).toEqual({ holds: true });
  });
  it('fails on words the name does not say, and is unsure with no name to compare', () => {
    expect(pixelsNamed('Settings', 'target.pixels').evaluate(read('Delete account'))).toMatchObject({
      holds: false,
      code: 'pixel_mismatch',
    });
    expect(pixelsNamed('Pay $10', 'target.pixels').evaluate(read('Pay $70'))).toMatchObject({ holds: false, code: 'pixel_mismatch' });
    expect(pixelsNamed(null, 'target.pixels').evaluate(read('Delete account'))).toMatchObject({ holds: false, unsure: true });
  });
});

describe('nearName: a reading its name does not say, near it or not', () => {
  it('takes a stylised logo misread for near, other words and other amounts for not', () => {
    expect(nearName('| Acue [', 'ACME home')).toBe(true);
    expect(nearName('Delete account', 'Settings')).toBe(false);
    expect(nearName('Pay $70', 'Pay $10')).toBe(false);
    expect(nearName('Cancel order', 'Search')).toBe(false);
    expect(nearName('Unsubscribe', 'Subscribe')).toBe(false);
    expect(nearName('No', 'Settings')).toBe(false);
  });
});

describe('pixelsNamed reads words whole (a second review, Dec 6)', () => {
  const read = (text: string) => ({ text, confidence: 0.9 });
  it('does not take a word inside a longer one, or one a letter longer, for said', () => {
    for (const [name, shown] of [
      ['Play now video', 'Pay now'],
      ['Payment history', 'PAY'],
      ['Undelete', 'Delete'],
      ['Buyer guide', 'Buy'],
      ['Unconfirmed items', 'Confirm'],
      ['Sender details', 'Send'],
      ['Subscribe', 'Unsubscribe'],
      ['Keep subscription', 'Cancel subscription'],
    ]) {
      expect(pixelsNamed(name!, 'target.pixels').evaluate(read(shown!)), `${shown} on ${name}`).toMatchObject({
        holds: false,
        code: 'pixel_mismatch',
      });
    }
  });
  it("takes the name's words in order, a misread letter allowed", () => {
    expect(pixelsNamed('Go to ACME home', 'target.pixels').evaluate(read('ACME'))).toEqual({ holds: true });
    expect(pixelsNamed('Open the settings menu', 'target.pixels').evaluate(read('Settings menu'))).toEqual({ holds: true });
    expect(pixelsNamed('Open the settings menu', 'target.pixels').evaluate(read('Setlings'))).toEqual({ holds: true });
    expect(pixelsNamed('Open the settings menu', 'target.pixels').evaluate(read('menu Settings'))).toMatchObject({ holds: false });
  });
});

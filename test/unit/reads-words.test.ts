import { describe, expect, it } from 'vitest';
import { readsWords } from '../../src/core/plan';

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

import { describe, expect, it } from 'vitest';
import { labelsMatch } from '../../src/core/text';

const CYRILLIC_CAPITAL_ER = '\u0420';
const CYRILLIC_A = '\u0430';

describe('labelsMatch', () => {
  it('matches labels that are equal once normalised', () => {
    for (const [claimed, observed] of [
      ['Pay now', 'pay  now'],
      ['Pay now', ' PAY NOW '],
      ['Pay', 'Pa\u200by'],
      ['Pay', '\uff30\uff41\uff59'], // fullwidth, folded by NFKC
      ['Caf\u00e9', 'Cafe\u0301'],
    ]) {
      expect(labelsMatch(claimed!, observed!), `${claimed} / ${observed}`).toEqual({ equal: true, confusable: false });
    }
  });

  it('reports a homoglyph label as confusable, never as equal', () => {
    for (const [claimed, observed] of [
      ['Pay now', `${CYRILLIC_CAPITAL_ER}ay now`],
      ['Cancel', `C${CYRILLIC_A}ncel`],
      ['Delete', 'DeIete'], // capital I for l
      ['delete', 'DeIete'], // even when the claim was lowercased
      ['Confirm', 'Confirrn'], // rn for m
      ['Order', '0rder'],
    ]) {
      expect(labelsMatch(claimed!, observed!), `${claimed} / ${observed}`).toEqual({ equal: false, confusable: true });
    }
  });

  it('reports different labels as neither', () => {
    for (const [claimed, observed] of [
      ['Submit', 'Cancel'],
      ['Pay', 'Pay now'],
      ['Delete', 'Deiete'],
      ['', 'x'],
    ]) {
      expect(labelsMatch(claimed!, observed!), `${claimed} / ${observed}`).toEqual({ equal: false, confusable: false });
    }
  });
});

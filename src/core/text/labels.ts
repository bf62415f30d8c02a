import { foldedSkeleton } from './confusables';
import { stripInvisibles } from './invisibles';
import { normalizeLabel } from './normalize';

export interface LabelMatch {
  /** Equal once normalised (NFKC, invisibles dropped, spaces collapsed, lowercased). */
  equal: boolean;
  /**
   * Not equal, yet the same to the eye: a homoglyph of the claimed label (Cyrillic `а` for Latin
   * `a`, `I` for `l`, `rn` for `m`). The gate treats this as a contradiction, never as a match.
   */
  confusable: boolean;
}

/**
 * The key two labels look alike under. Case is kept until the skeleton has been taken: lowercasing
 * first would turn a spoofed capital `I` into `i`, which no longer resembles the `l` it imitates.
 */
function lookalikeKey(text: string): string {
  return foldedSkeleton(stripInvisibles(text.normalize('NFKC')).replace(/\s+/gu, ' ').trim());
}

export function labelsMatch(claimed: string, observed: string): LabelMatch {
  if (normalizeLabel(claimed) === normalizeLabel(observed)) return { equal: true, confusable: false };
  return { equal: false, confusable: lookalikeKey(claimed) === lookalikeKey(observed) };
}

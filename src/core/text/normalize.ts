/**
 * Zero-width and bidi control characters: invisible on screen, so never part of a label. The set is
 * Default_Ignorable_Code_Point plus the interlinear annotation controls (tag characters included),
 * kept equal to invisibles.ts by a unit test.
 */
export const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each member is stripped on its own; nothing here is meant to combine.
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;

/** The form in which two labels are compared: NFKC, no invisibles, collapsed spaces, case-folded. */
export function normalizeLabel(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim().toLowerCase();
}

export function hasInvisibleCharacters(text: string): boolean {
  return new RegExp(INVISIBLE.source, 'u').test(text);
}

import { normalizeLabel } from '../text/normalize';

/**
 * The option a `select` names: by visible text first (what the user reads), by value only when no
 * text matches. Null when nothing matches; several when the name is ambiguous.
 */
export function optionsNamed<T extends { value: string; text: string }>(options: readonly T[], option: string): T[] {
  const wanted = normalizeLabel(option);
  const byText = options.filter((o) => normalizeLabel(o.text) === wanted);
  return byText.length > 0 ? byText : options.filter((o) => o.value === option);
}

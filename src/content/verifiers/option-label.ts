/**
 * The text a select shows for an option: its `label` attribute when that holds more than white
 * space, else its text (what `optionsNamed` matches a `select` call against: core/plan/options.ts).
 * `option.label` returns the attribute whatever it holds, but an empty one shows the text. Measured
 * by the width each select takes (Chromium 156, Firefox 153 ESR, test/fixtures/quirks-select.html):
 * a long label attribute over a short text sizes the select, and an empty one leaves the text to,
 * in a quirks-mode document as in a standards-mode one.
 */
export function shownOptionLabel(option: HTMLOptionElement): string {
  const attribute = option.getAttribute('label');
  return attribute !== null && attribute.trim() !== '' ? attribute : option.text;
}

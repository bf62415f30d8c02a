import { normalizeLabel } from '../text/normalize';
import type { AxNameValue } from './observations';

/**
 * AX–DOM integrity, as plain logic without the certificate schema (zod), so the in-page assistant
 * check (src/content/agent-check.ts) can load it without a schema library: predicates.ts wraps it
 * as the `target.ax` predicate of G_a.
 */

const wordsOf = (text: string) =>
  normalizeLabel(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

const TEXT_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);
const CHOICE_ROLES = new Set(['combobox', 'listbox']);

/**
 * Why an agent reading the accessibility tree would not be told what a person sees, or null: the
 * accessible name must contain the visible label (label-in-name), the element must not be hidden
 * from the tree, and for typing and choosing its role must be a field of that kind.
 */
export function axProblem(v: AxNameValue, expectRoles: 'text' | 'choice' | null): string | null {
  if (v.hidden) return 'The target is hidden from the accessibility tree (aria-hidden) but shown on screen.';
  // Decorative symbols (▾, ★, ›) are not words a label can be spoken by: compare letters and digits.
  const label = wordsOf(v.visibleLabel);
  const name = wordsOf(v.name);
  if (label !== '' && name !== '' && !name.includes(label)) {
    return `The accessible name "${v.name.slice(0, 80)}" does not contain the visible label "${v.visibleLabel.slice(0, 80)}".`;
  }
  const roles = expectRoles === 'text' ? TEXT_ROLES : expectRoles === 'choice' ? CHOICE_ROLES : null;
  // No role at all (password inputs have none in HTML-AAM) is no evidence either way.
  if (roles && v.role !== null && !roles.has(v.role)) return `The target's role is ${v.role}, not a field of that kind.`;
  return null;
}

import type { z } from 'zod';
import { findInvisibles, foldedSkeleton, isMixedScript, normalizeLabel, stripInvisibles } from '../text';
import { impersonatingAny } from './links';
import type { FormEntry, FormRequest, UiElementValueSchema } from './observations';
import { type Evaluation, fails, holds, onElement, type Predicate } from './predicates';

/**
 * Forms certified to the request they send (issue 11 §2): the claimed fields against the entries
 * the browser would send, and where the request goes. The entries come from the form's own
 * document (src/content/verifiers/form-request.ts), never from the assistant.
 */

type Element = z.infer<typeof UiElementValueSchema>;

const cut = (text: string, max = 80) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A value as compared: NFKC, white space collapsed and trimmed; case and everything else kept. */
export function normalizeValue(value: string): string {
  return value.normalize('NFKC').replace(/\s+/gu, ' ').trim();
}

/** Two values that look alike share this key (invisibles dropped, UTS #39 skeleton). */
const lookalikeKey = (value: string) => foldedSkeleton(stripInvisibles(normalizeValue(value)));

/** A field's label as compared with a claimed key: normalised, without a trailing colon or required mark. */
const keyOf = (label: string) => normalizeLabel(label).replace(/[\s:*：]+$/u, '');

/**
 * Why a value sent cannot stand for the value claimed, even if equal once normalised: invisible or
 * bidi controls in it, or a word that mixes scripts (a lookalike spelling). Null when it can.
 */
export function untrustworthyValue(value: string): string | null {
  const invisible = findInvisibles(value);
  if (invisible.length > 0) return `it holds invisible or bidi control characters (${invisible[0]!.kind})`;
  const mixed = value.split(/\s+/u).find((word) => word !== '' && isMixedScript(word));
  return mixed === undefined ? null : `"${cut(mixed, 40)}" mixes scripts`;
}

/** The entries a claimed key names: by the control's visible label, its name, or its id. */
function entriesNamed(request: FormRequest, key: string): FormEntry[] {
  const wanted = keyOf(key);
  return request.entries.filter((e) => e.name === key || e.id === key || (e.label !== null && wanted !== '' && keyOf(e.label) === wanted));
}

/** The claimed fields against the request: each must be sent, with that value, and not contradicted. */
export function fieldsAgainst(request: FormRequest, claimed: Readonly<Record<string, string>>): Evaluation {
  for (const [key, value] of Object.entries(claimed)) {
    const named = entriesNamed(request, key);
    if (named.length === 0) {
      const more = request.truncated ? ' (among the entries listed; the form has more)' : '';
      return fails('form_mismatch', `The form sends no field "${cut(key)}"${more}.`);
    }
    const wanted = normalizeValue(value);
    const match = named.find((e) => normalizeValue(e.value) === wanted);
    if (!match) {
      const lookalike = named.find((e) => lookalikeKey(e.value) === lookalikeKey(value));
      if (lookalike)
        return fails(
          'form_mismatch',
          `The value sent as ${cut(key)} only looks like "${cut(value)}": ${untrustworthyValue(lookalike.value) ?? 'it is spelt with other characters'}.`,
        );
      const sent = named.map((e) => `"${cut(e.value)}"`).join(', ');
      return fails('form_mismatch', `The form sends ${cut(key)} = ${sent}, not the claimed "${cut(value)}".`);
    }
    const doubt = untrustworthyValue(match.value);
    if (doubt) return fails('form_mismatch', `The value sent as ${cut(key)} only looks like "${cut(value)}": ${doubt}.`);
    // A second entry of the same name that the user does not see, with another value: which one the
    // server takes is up to it (often the last), so the claim is contradicted.
    const duplicate = request.entries.find((e) => e.name === match.name && !e.shown && normalizeValue(e.value) !== wanted);
    if (duplicate) {
      return fails(
        'form_mismatch',
        `A hidden entry also sends ${cut(match.name)} = "${cut(duplicate.value)}", besides the claimed "${cut(value)}".`,
      );
    }
  }
  return holds;
}

/** Claimed form fields must be what the submission sends (a target that submits nothing fails). */
export function formSends(claimed: Readonly<Record<string, string>>): Predicate<Element> {
  return onElement('form.fields', (v) =>
    v.submission === null ? fails('form_mismatch', 'The target submits no form.') : fieldsAgainst(v.submission, claimed),
  );
}

/** Where a submission goes must not be a site that imitates the frame's own or the tab's (as for links). */
export function formGenuine(sites: string | readonly string[]): Predicate<Element> {
  return onElement('form.destination.genuine', (v) => {
    if (v.submission === null || v.submission.method === 'dialog') return holds;
    const problem = impersonatingAny(v.submission.action, sites);
    return problem === null ? holds : fails('lookalike_domain', `The form posts to ${problem}`);
  });
}

export { requestDifference } from './form-difference';

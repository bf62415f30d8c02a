import type { z } from 'zod';
import type { CertificateType, ReasonCode } from '../contracts';
import { labelsMatch, normalizeLabel } from '../text';
import { axProblem } from './ax-integrity';
import type { Parser } from './certificates';
import {
  AxNameValueSchema,
  FrameChainValueSchema,
  HitTestValueSchema,
  OcrTextValueSchema,
  OriginValueSchema,
  UiElementValueSchema,
  VisibleTextValueSchema,
} from './observations';
import { optionsNamed } from './options';
import { nearName, saidBy } from './reads-words';
import { ocrAgreement, ocrContains, readable, truncatedClaimAgrees } from './text-agreement';

/** `unsure`: the evidence neither supports nor contradicts the predicate (the policy decides). */
export type Evaluation = { holds: true } | { holds: false; code: ReasonCode; message: string; unsure?: true };

/**
 * One action-critical predicate of G_a: which certificate supports it and how its value decides it.
 * `value` parses the certificate's value (a zod schema); typed by what it yields, so a predicate
 * over one value type is a `Predicate` (the gate's view: parse, then evaluate) without a cast.
 */
export type Predicate<T = unknown> = {
  name: string;
  certificate: CertificateType;
  /** `target`: certificates must be about the call's target; `frame`: about the frame as a whole. */
  scope: 'target' | 'frame';
  value: Parser<T>;
  evaluate(value: T): Evaluation;
};

type Element = z.infer<typeof UiElementValueSchema>;
export const holds: Evaluation = { holds: true };
export const fails = (code: ReasonCode, message: string): Evaluation => ({ holds: false, code, message });
export const unsure = (code: ReasonCode, message: string): Evaluation => ({ holds: false, code, message, unsure: true });

export function onElement(name: string, evaluate: (v: Element) => Evaluation): Predicate<Element> {
  return { name, certificate: 'ui_element', scope: 'target', value: UiElementValueSchema, evaluate };
}

export const connected = onElement('target.connected', (v) =>
  v.connected ? holds : fails('target_detached', 'The target is not connected to the document.'),
);

export const enabled = onElement('target.enabled', (v) =>
  v.disabled || v.inert ? fails('target_disabled', `The target is ${v.disabled ? 'disabled' : 'inert'}.`) : holds,
);

export const visible = onElement('target.visible', (v) =>
  v.visible ? holds : fails('target_hidden', `The target is not visibly rendered (${v.hiddenBy ?? 'hidden'}).`),
);

export const editable = onElement('target.editable', (v) =>
  v.editable ? holds : fails('target_not_editable', `A <${v.tag}> cannot be typed into.`),
);

export const inForm = onElement('target.form', (v) => (v.inForm ? holds : fails('no_form', `The <${v.tag}> is not a form or inside one.`)));

export { optionsNamed } from './options';

export function hasOption(option: string): Predicate<Element> {
  return onElement('target.option', (v) => {
    if (v.options === null) return fails('option_not_found', `The <${v.tag}> is not a <select>.`);
    const named = optionsNamed(v.options, option);
    if (named.length === 0) return fails('option_not_found', `No option "${option.slice(0, 80)}".`);
    if (named.length > 1) return fails('option_ambiguous', `${named.length} options are named "${option.slice(0, 80)}".`);
    const [chosen] = named;
    if (chosen!.disabled || chosen!.hidden)
      return fails('option_ambiguous', `The option "${option.slice(0, 80)}" is ${chosen!.disabled ? 'disabled' : 'not shown'}.`);
    return holds;
  });
}

export const unobstructed: Predicate<z.infer<typeof HitTestValueSchema>> = {
  name: 'target.unobstructed',
  certificate: 'hit_test',
  scope: 'target',
  value: HitTestValueSchema,
  evaluate: (v) =>
    v.onTarget === v.points
      ? holds
      : fails(
          'target_covered',
          `Another element (${v.coveredBy ?? 'unknown'}) is on top of the target at ${v.points - v.onTarget} of ${v.points} points.`,
        ),
};

/**
 * A target in a subframe is seen only through every ancestor frame element: each must be shown,
 * opaque enough, unclipped, legibly scaled, on screen and on top where the target is. The
 * background certifies the chain (src/background/frame-chain.ts); without it this is unsupported.
 */
export const frameVisible: Predicate<z.infer<typeof FrameChainValueSchema>> = {
  name: 'target.frame.visible',
  certificate: 'frame_chain',
  scope: 'target',
  value: FrameChainValueSchema,
  evaluate: (v) => {
    if (v.visible) return holds;
    const where = `${v.frame ?? 'a frame element'}${v.at ? ` in ${v.at}` : ''}`;
    const detail = v.detail ?? 'not visible';
    return v.failure === 'covered'
      ? fails('target_covered', `The frame holding the target is covered: ${where} (${detail}).`)
      : fails('target_hidden', `The frame holding the target is not visibly rendered: ${where} (${detail}).`);
  },
};

export function labelShown(claimed: string): Predicate<z.infer<typeof VisibleTextValueSchema>> {
  return {
    name: 'target.label',
    certificate: 'visible_text',
    scope: 'target',
    value: VisibleTextValueSchema,
    evaluate: (v) => {
      const match = labelsMatch(claimed, v.text);
      if (match.equal) return holds;
      // What OCR could not read is no part of a label either: an icon-font glyph or arrow beside it.
      if (!match.confusable && readable(claimed) === readable(v.text) && readable(claimed) !== '') return holds;
      // "Show all d…" for a label the screen truncates; pixels must then show it (wantsPixels).
      if (truncatedClaimAgrees(claimed, v.text) === true) return holds;
      // A homoglyph of the claim is a deception, not a near match.
      const how = match.confusable ? ' (a lookalike, not the same text)' : '';
      return fails('label_mismatch', `The target shows "${v.text.slice(0, 80)}", not the claimed "${claimed.slice(0, 80)}"${how}.`);
    },
  };
}

/**
 * The label of a control that shows no text (an icon or image button): the claim must be its
 * accessible name (aria-label, alt, title). It says nothing the name does not; where the image
 * draws text, the pixels corroborate it too (when pixels are read).
 */
export function labelNamed(claimed: string): Predicate<z.infer<typeof AxNameValueSchema>> {
  return {
    name: 'target.label',
    certificate: 'ax_name',
    scope: 'target',
    value: AxNameValueSchema,
    evaluate: (v) => {
      const match = labelsMatch(claimed, v.name);
      if (match.equal && !match.confusable) return holds;
      const how = match.confusable ? ' (a lookalike, not the same text)' : '';
      return fails(
        'label_mismatch',
        `The target shows no text and is named "${v.name.slice(0, 80)}", not the claimed "${claimed.slice(0, 80)}"${how}.`,
      );
    },
  };
}

/**
 * Cross-modal corroboration: the pixels must show the expected text (what the DOM renders, or what
 * the assistant claims). OCR misreads letters a little, so lookalike-folded letters that are close
 * enough agree; amounts, currency symbols and names must be exact (text-agreement.ts). Text that
 * differs is a contradiction, not an average. `rendered` is what the DOM draws there (the claim is
 * compared with the pixels, the icons the DOM draws beside it are left out of the reading).
 */
export function pixelsShow(
  expected: string,
  name: string,
  within = false,
  rendered = expected,
): Predicate<z.infer<typeof OcrTextValueSchema>> {
  return {
    name,
    certificate: 'ocr_text',
    scope: 'target',
    value: OcrTextValueSchema,
    evaluate: (v) => {
      const agreement = within ? (ocrContains(v.text, expected) ? 'agrees' : 'differs') : ocrAgreement(v.text, expected, rendered);
      if (agreement === 'agrees') return holds;
      // A digit or currency symbol read where the DOM draws an icon: the icon's, or not (text-agreement.ts).
      if (agreement === 'unsure')
        return unsure('low_confidence', `The rendered pixels read "${v.text.slice(0, 80)}": beside the icon, an amount or not.`);
      return fails('pixel_mismatch', `The rendered pixels read "${v.text.slice(0, 80)}", not "${expected.slice(0, 80)}".`);
    },
  };
}

/**
 * An icon's picture: the words the pixels read on it (two letters or more: an icon that shows none
 * has no reading, background/pixels.ts) must all be said by `name` — its accessible name, or the
 * claim — which may say more ("ACME home" for a logo drawing "ACME"). An icon without a name that
 * shows words cannot be told apart from one showing what its name would not (unsure: the policy).
 */
export function pixelsNamed(name: string | null, predicate: string): Predicate<z.infer<typeof OcrTextValueSchema>> {
  return {
    name: predicate,
    certificate: 'ocr_text',
    scope: 'target',
    value: OcrTextValueSchema,
    evaluate: (v) => {
      const read = v.text.slice(0, 80);
      if (name === null || normalizeLabel(name) === '')
        return unsure('evidence_missing', `The rendered pixels read "${read}" on a control with no name to compare.`);
      if (saidBy(v.text, name)) return holds;
      if (nearName(v.text, name))
        return unsure('low_confidence', `The rendered pixels read "${read}", near "${name.slice(0, 80)}" but not it.`);
      return fails('pixel_mismatch', `The rendered pixels read "${read}", which "${name.slice(0, 80)}" does not say.`);
    },
  };
}

export function valueShown(claimed: string): Predicate<z.infer<typeof VisibleTextValueSchema>> {
  return {
    name: 'target.value',
    certificate: 'visible_text',
    scope: 'target',
    value: VisibleTextValueSchema,
    evaluate: (v) =>
      normalizeLabel(v.text).includes(normalizeLabel(claimed))
        ? holds
        : fails('value_mismatch', `The target does not show "${claimed.slice(0, 80)}".`),
  };
}

/** Only the browser-stamped origin counts; the claim is compared with it, never used. */
export function originIs(claimed: string | null): Predicate<z.infer<typeof OriginValueSchema>> {
  return {
    name: claimed === null ? 'frame.origin' : 'frame.origin.claim',
    certificate: 'origin',
    scope: 'frame',
    value: OriginValueSchema,
    evaluate: (v) =>
      claimed === null || sameOrigin(claimed, v.origin)
        ? holds
        : fails('origin_mismatch', `The frame is ${v.origin}, not the claimed ${claimed.slice(0, 120)}.`),
  };
}

export function sameOrigin(claimed: string, actual: string): boolean {
  try {
    return new URL(claimed.includes('://') ? claimed : `https://${claimed}`).origin === actual || claimed === actual;
  } catch {
    return false;
  }
}

/**
 * AX–DOM integrity (ax-integrity.ts): an agent reading the accessibility tree must be told what a
 * person sees.
 */
export function axIntegrity(expectRoles: 'text' | 'choice' | null): Predicate<z.infer<typeof AxNameValueSchema>> {
  return {
    name: 'target.ax',
    certificate: 'ax_name',
    scope: 'target',
    value: AxNameValueSchema,
    evaluate: (v) => {
      const problem = axProblem(v, expectRoles);
      return problem === null ? holds : fails('ax_mismatch', problem);
    },
  };
}

import type { z } from 'zod';
import type { CertificateType, ReasonCode } from '../contracts';
import type { ResolvedCall } from '../resolver';
import { normalizeLabel } from '../text';
import { HitTestValueSchema, UiElementValueSchema, VisibleTextValueSchema } from './observations';

export type Evaluation = { holds: true } | { holds: false; code: ReasonCode; message: string };

/** One action-critical predicate of G_a: which certificate supports it and how its value decides it. */
export type Predicate<T = unknown> = {
  name: string;
  certificate: CertificateType;
  value: z.ZodType<T>;
  evaluate(value: T): Evaluation;
};

const holds: Evaluation = { holds: true };
const fails = (code: ReasonCode, message: string): Evaluation => ({ holds: false, code, message });

const connected: Predicate<z.infer<typeof UiElementValueSchema>> = {
  name: 'target.connected',
  certificate: 'ui_element',
  value: UiElementValueSchema,
  evaluate: (v) => (v.connected ? holds : fails('target_detached', 'The target is not connected to the document.')),
};

const enabled: Predicate<z.infer<typeof UiElementValueSchema>> = {
  name: 'target.enabled',
  certificate: 'ui_element',
  value: UiElementValueSchema,
  evaluate: (v) => (v.disabled || v.inert ? fails('target_disabled', `The target is ${v.disabled ? 'disabled' : 'inert'}.`) : holds),
};

const visible: Predicate<z.infer<typeof UiElementValueSchema>> = {
  name: 'target.visible',
  certificate: 'ui_element',
  value: UiElementValueSchema,
  evaluate: (v) => (v.visible ? holds : fails('target_hidden', `The target is not visibly rendered (${v.hiddenBy ?? 'hidden'}).`)),
};

const unobstructed: Predicate<z.infer<typeof HitTestValueSchema>> = {
  name: 'target.unobstructed',
  certificate: 'hit_test',
  value: HitTestValueSchema,
  evaluate: (v) =>
    v.onTarget === v.points
      ? holds
      : fails(
          'target_covered',
          `Another element (${v.coveredBy ?? 'unknown'}) is on top of the target at ${v.points - v.onTarget} of ${v.points} points.`,
        ),
};

function labelShown(claimed: string): Predicate<z.infer<typeof VisibleTextValueSchema>> {
  return {
    name: 'target.label',
    certificate: 'visible_text',
    value: VisibleTextValueSchema,
    evaluate: (v) =>
      normalizeLabel(v.text) === normalizeLabel(claimed)
        ? holds
        : fails('label_mismatch', `The target shows "${v.text.slice(0, 80)}", not the claimed "${claimed.slice(0, 80)}".`),
  };
}

/** G_a: the predicates that must be certified before the call may run. */
export function planFor(call: ResolvedCall): Predicate[] {
  switch (call.tool) {
    case 'click': {
      const plan: Predicate<never>[] = [connected, enabled, visible, unobstructed] as Predicate<never>[];
      if (call.claims.label !== undefined) plan.push(labelShown(call.claims.label) as Predicate<never>);
      return plan as Predicate[];
    }
    default:
      // A tool without a plan cannot be certified; the gate treats an empty plan as unsupported.
      return [];
  }
}

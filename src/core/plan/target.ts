import { type Certificate, type Reason, reason } from '../contracts';
import { type UiElementValue, UiElementValueSchema } from './observations';

/**
 * Targets are part of the call: a selector that matches nothing or several elements cannot be
 * resolved, which is a rejection (not a gate decision).
 */
export function resolveTarget(
  certificates: readonly Certificate[],
  frame: string,
  selector: string,
): { ok: true; element: UiElementValue } | { ok: false; reasons: Reason[] } {
  const certificate = certificates.find((c) => c.type === 'ui_element' && c.region.frame === frame && c.region.selector === selector);
  const parsed = UiElementValueSchema.safeParse(certificate?.value);
  if (!parsed.success)
    return { ok: false, reasons: [reason('evidence_missing', 'No element certificate for the target.', 'target.exists')] };
  const element = parsed.data;
  if (element.selectorError !== null) return { ok: false, reasons: [reason('invalid_selector', element.selectorError.slice(0, 300))] };
  if (element.count === 0) return { ok: false, reasons: [reason('target_not_found', `No element matches "${selector.slice(0, 200)}".`)] };
  if (element.count > 1) {
    return { ok: false, reasons: [reason('target_ambiguous', `${element.count} elements match "${selector.slice(0, 200)}".`)] };
  }
  return { ok: true, element };
}

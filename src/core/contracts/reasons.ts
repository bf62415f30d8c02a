import { z } from 'zod';

/**
 * The closed list of reason codes. Every verdict reason carries one of these; the README table
 * is generated from the same descriptions (see test/unit/readme-reasons.test.ts).
 */
export const REASONS = {
  // Resolver (decision "reject")
  malformed_proposal: 'The proposal is not a plain object of the documented shape.',
  payload_too_large: 'The proposal exceeds the size, depth or key-count limits.',
  not_replayable:
    "An intercepted page call Warrant cannot perform on the page's behalf (a new window to another site, an element it cannot address); withheld.",
  unknown_tool: 'H1: the tool is not in the registry.',
  unknown_param: 'H2: an argument the tool does not declare.',
  missing_param: 'H2: a required argument is missing.',
  type_mismatch: 'H3: an argument has the wrong type, enum value, range or length.',
  unknown_claim: 'A claim key the tool does not declare (claims are closed).',
  no_provider: 'M1: no provider of this tab offers the tool (under the pinned provider).',
  ambiguous_provider: 'M2: several providers of one trust tier offer the tool; pin one with `provider`.',
  shadowed_tool: 'M3: providers of different trust tiers offer the tool; Warrant never picks one.',
  stale_definition: 'M4: the tool changed after the agent listed it; list tools again.',
  signature_mismatch: "M5: the arguments fit another provider's tool of that name, not the selected one.",
  invalid_selector: 'The target is not a valid CSS selector.',
  target_not_found: 'The target selector matches no element in the proposing frame.',
  target_ambiguous: 'The target selector matches more than one element.',
  // Gate (decision "block" unless stated)
  target_detached: 'The target is not connected to the document.',
  target_hidden: 'The target is not visibly rendered (display, visibility, opacity, size, viewport).',
  target_covered: 'Another element is on top of the target at its click point.',
  target_disabled: 'The target is disabled or inert.',
  label_mismatch: 'The claimed label differs from the text the target visibly shows.',
  pixel_mismatch: 'Cross-modal: the rendered pixels (OCR) do not show the text the DOM and the claim say.',
  ax_mismatch: 'AX–DOM integrity: the accessible name or role contradicts what the element visibly shows.',
  target_not_editable: 'H4: the target of `type` is not an editable field.',
  option_not_found: 'H4: the select element has no option with that value or visible text.',
  option_ambiguous:
    'The option named matches several options, or one that is disabled or not shown: which one would be chosen is not what the user sees.',
  no_form: 'H4: the target of `submit` is not a form or inside one.',
  value_mismatch: 'The claimed value is not visibly shown by the target.',
  origin_mismatch: 'The claimed origin is not the origin the browser reports for the frame.',
  destination_mismatch: "The claimed link destination (href or origin) is not where the target's link goes, or the target follows no link.",
  form_mismatch:
    'The request the form would send contradicts the claimed fields: a field missing, another value, a lookalike or invisible-laden value, or a second entry of that name with another value (a hidden duplicate).',
  lookalike_domain:
    "The link, form or navigation leads to another site that imitates the frame's own, or, in a frame, the tab's (a homograph, its name as a subdomain, mixed scripts).",
  offsite_redirect:
    'The action led on to another site it was not judged for (a server or page redirect, a new tab or window it opened): stopped before the request left, then judged as going there directly would be.',
  evidence_missing: 'A predicate of the plan has no certificate of the required type.',
  evidence_untrusted: 'A certificate comes from a source not trusted for the predicate.',
  evidence_expired: 'A certificate is older than the policy allows.',
  low_confidence: 'A certificate is below the confidence the policy requires.',
  requires_approval: 'The privilege class of the action needs the user, and no approval was given.',
  not_approved: 'The user denied the action, did not answer in time, or the tab closed first.',
  // Execution
  stale_evidence:
    'The target changed between certification and execution, or the request a form was about to send differs from the one certified.',
  execution_failed: 'The extension tried to perform the action and it failed.',
  over_budget:
    "The tab proposed more actions at once, or in a short time, than Warrant's per-tab budget allows; refused without being considered.",
  // Plumbing (fail closed)
  timeout: 'No decision arrived in time; nothing was executed.',
  not_connected: 'The page API has no channel to the extension in this frame.',
  internal_error: 'Warrant failed internally; the message says whether anything ran.',
} as const;

export type ReasonCode = keyof typeof REASONS;
export const REASON_CODES = Object.keys(REASONS) as [ReasonCode, ...ReasonCode[]];
export const ReasonCodeSchema = z.enum(REASON_CODES);

export const ReasonSchema = z.strictObject({
  code: ReasonCodeSchema,
  predicate: z.string().max(64).optional(),
  message: z.string().max(1_000),
});
export type Reason = z.infer<typeof ReasonSchema>;

export function reason(code: ReasonCode, message?: string, predicate?: string): Reason {
  const r: Reason = { code, message: message ?? REASONS[code] };
  if (predicate !== undefined) r.predicate = predicate;
  return r;
}

import type { ResolvedCall } from '../resolver';
import { formGenuine, formSends } from './forms';
import { destinationGenuine, linkGenuine, linkGoesTo } from './links';
import {
  axIntegrity,
  connected,
  editable,
  enabled,
  frameVisible,
  hasOption,
  inForm,
  labelNamed,
  labelShown,
  originIs,
  type Predicate,
  pixelsShow,
  unobstructed,
  valueShown,
  visible,
} from './predicates';
import { truncatedClaimAgrees } from './text-agreement';

export type { Evaluation, Predicate } from './predicates';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const plan = (...predicates: Predicate<never>[]) => predicates as Predicate[];

/**
 * G_a: the predicates that must be certified before the call may run. Claims add predicates
 * (they are checked against observations), they never remove any.
 */
export type PlanOptions = {
  /** Pixels were requested for this call (privileged, OCR on): corroborate the label across modalities. */
  pixels?: { renderedText: string | null };
  /** The browser-stamped origin of the proposing frame: links are judged against its site. */
  frameOrigin?: string | null;
  /**
   * The proposing frame is not the top frame: a target it certifies is seen only through its
   * ancestors' frame elements, so the frame chain must be certified too (wherever the frame's own
   * visibility is).
   */
  subframe?: boolean;
  /**
   * The target shows no legible text and its DOM holds none (an icon or image control): a claimed
   * label is checked against the accessible name (aria-label, alt, title) instead.
   */
  iconOnly?: boolean;
};

export function planFor(call: ResolvedCall, options: PlanOptions = {}): Predicate[] {
  const base = basePlan(call, options.iconOnly === true);
  if (options.subframe && targetOf(call) !== null && base.includes(visible as Predicate)) base.push(frameVisible as Predicate);
  if (call.tool === 'click' && options.frameOrigin) base.push(linkGenuine(options.frameOrigin) as Predicate);
  // A submission (a submit, or a click on a submit button) is judged by where its request goes.
  if ((call.tool === 'click' || call.tool === 'submit') && options.frameOrigin) base.push(formGenuine(options.frameOrigin) as Predicate);
  if (!options.pixels || targetOf(call) === null) return base;
  const { label, value } = call.claims;
  if (call.tool === 'read') return value === undefined ? base : [...base, pixelsShow(value, 'target.pixels.value', true) as Predicate];
  const expected = [
    ...(options.pixels.renderedText ? [pixelsShow(options.pixels.renderedText, 'target.pixels') as Predicate<never>] : []),
    ...(label !== undefined ? [pixelsShow(label, 'target.pixels.label') as Predicate<never>] : []),
  ];
  return [...base, ...(expected as Predicate[])];
}

function basePlan(call: ResolvedCall, iconOnly: boolean): Predicate[] {
  const { label, value, origin } = call.claims;
  const labelled = label === undefined ? [] : [(iconOnly ? labelNamed(label) : labelShown(label)) as Predicate<never>];
  const where = origin === undefined ? [] : [originIs(origin) as Predicate<never>];
  const operable = [connected, enabled, visible, unobstructed] as Predicate<never>[];
  const ax = (roles: 'text' | 'choice' | null) => axIntegrity(roles) as Predicate<never>;
  switch (call.tool) {
    case 'click': {
      const { href } = call.claims;
      // A click's origin claim is where its link goes, not the frame (that is the browser's to say).
      const destination = href === undefined && origin === undefined ? [] : [linkGoesTo(href, origin) as Predicate<never>];
      return plan(...operable, ax(null), ...labelled, ...destination);
    }
    case 'type':
      return plan(...operable, editable as Predicate<never>, ax('text'), ...labelled, ...where);
    case 'select':
      return plan(...operable, hasOption(str(call.args.option) ?? '') as Predicate<never>, ax('choice'), ...labelled, ...where);
    case 'submit': {
      const fields = call.claims.fields as Record<string, string> | undefined;
      const sends = fields === undefined ? [] : [formSends(fields) as Predicate<never>];
      return plan(connected as Predicate<never>, inForm as Predicate<never>, ...labelled, ...where, ...sends);
    }
    case 'read':
      return plan(
        connected as Predicate<never>,
        visible as Predicate<never>,
        ...(value === undefined ? [] : [valueShown(value) as Predicate<never>]),
        ...where,
      );
    case 'scroll':
      return call.args.target === undefined ? plan(originIs(null) as Predicate<never>) : plan(connected as Predicate<never>, ...where);
    case 'navigate':
      return plan(originIs(origin ?? null) as Predicate<never>, destinationGenuine(str(call.args.url) ?? '') as Predicate<never>);
    default:
      // Page tools: the provider must still be the frame the browser saw register the tool.
      return call.pageTool ? plan(originIs(call.pageTool.provider) as Predicate<never>) : [];
  }
}

/** Whether the call acts on an element in the proposing frame, which the content script certifies. */
export function targetOf(call: ResolvedCall): string | null {
  if (call.pageTool || call.tool === 'navigate') return null;
  return str(call.args.target);
}

/**
 * Whether the claim itself needs the pixels: a label claimed as truncated ("Show all d…") is what
 * the screen shows only if the pixels show it so.
 */
export function claimNeedsPixels(call: ResolvedCall, shownText: string | null): boolean {
  const label = call.claims.label;
  return label !== undefined && shownText !== null && truncatedClaimAgrees(label, shownText) !== null;
}

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
  pixelsNamed,
  pixelsShow,
  unobstructed,
  valueShown,
  visible,
} from './predicates';
import { truncatedClaimAgrees } from './text-agreement';

export type { Evaluation, Predicate } from './predicates';

/**
 * G_a: the predicates that must be certified before the call may run. Claims add predicates
 * (they are checked against observations), they never remove any.
 */
export type PlanOptions = {
  /**
   * The pixels must corroborate the label across modalities (a doubt, a claim that needs them, the
   * policy's OCR for a privileged click, an icon's picture that shows words): `renderedText` is what
   * the DOM draws, `iconName` an icon's accessible name, which the words its picture shows must say.
   */
  pixels?: { renderedText: string | null; iconName?: string | null };
  /** The browser-stamped origin of the proposing frame: links are judged against its site. */
  frameOrigin?: string | null;
  /**
   * The origin of the tab's top document, where it differs from the frame's: a link or form in a
   * frame may open in the tab (`_top`, `_blank`) or show in it, so a lookalike of the tab's site is
   * one too (a review, Dec 7: a frame's `_top` link to a lookalike of the tab's site was only asked).
   */
  tabOrigin?: string | null;
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
  const base = basePlan(call, options.iconOnly === true, options.tabOrigin ?? null);
  const target = targetOf(call);
  if (options.subframe && target !== null && base.includes(visible)) base.push(frameVisible);
  const sites = [options.frameOrigin, options.tabOrigin].filter(
    (origin, i, all): origin is string => !!origin && all.indexOf(origin) === i,
  );
  if (call.tool === 'click' && sites.length > 0) base.push(linkGenuine(sites));
  // A submission (a submit, or a click on a submit button) is judged by where its request goes.
  if ((call.tool === 'click' || call.tool === 'submit') && sites.length > 0) base.push(formGenuine(sites));
  if (!options.pixels || target === null || call.pageTool) return base;
  if (call.tool === 'read') {
    const { value } = call.claims;
    return value === undefined ? base : [...base, pixelsShow(value, 'target.pixels.value', true)];
  }
  const label = claimedLabel(call);
  const { renderedText } = options.pixels;
  // An icon's picture: the words it shows, if any, are said by its name and by the claim. (Symbols
  // the DOM draws, "?" or "×", are read as the symbols they are, below.)
  if (options.iconOnly && !renderedText) {
    const { iconName = null } = options.pixels;
    return [...base, pixelsNamed(iconName, 'target.pixels'), ...(label !== undefined ? [pixelsNamed(label, 'target.pixels.label')] : [])];
  }
  return [
    ...base,
    ...(renderedText ? [pixelsShow(renderedText, 'target.pixels')] : []),
    // Icons are left out only where the DOM draws them beside its own text (text-agreement.ts).
    ...(label !== undefined ? [pixelsShow(label, 'target.pixels.label', false, renderedText ?? '')] : []),
  ];
}

function basePlan(call: ResolvedCall, iconOnly: boolean, tabOrigin: string | null): Predicate[] {
  // Page tools: the provider must still be the frame the browser saw register the tool.
  if (call.pageTool) return [originIs(call.pageTool.provider)];
  const label = claimedLabel(call);
  const labelled = label === undefined ? [] : [iconOnly ? labelNamed(label) : labelShown(label)];
  const operable = [connected, enabled, visible, unobstructed];
  // Only a click and a navigation take an origin claim (the others' claim schemas have none).
  switch (call.tool) {
    case 'click': {
      const { href, origin } = call.claims;
      // A click's origin claim is where its link goes, not the frame (that is the browser's to say).
      const destination = href === undefined && origin === undefined ? [] : [linkGoesTo(href, origin)];
      return [...operable, axIntegrity(null), ...labelled, ...destination];
    }
    case 'type':
      return [...operable, editable, axIntegrity('text'), ...labelled];
    case 'select':
      return [...operable, hasOption(call.args.option), axIntegrity('choice'), ...labelled];
    case 'submit': {
      const { fields } = call.claims;
      return [connected, inForm, ...labelled, ...(fields === undefined ? [] : [formSends(fields)])];
    }
    case 'read': {
      const { value } = call.claims;
      return [connected, visible, ...(value === undefined ? [] : [valueShown(value)])];
    }
    case 'scroll':
      return call.args.target === undefined ? [originIs(null)] : [connected];
    case 'navigate':
      return [originIs(call.claims.origin ?? null), destinationGenuine(call.args.url, tabOrigin)];
    default:
      // No other tool resolves; a call that is none of these has no plan, and is never allowed.
      return [];
  }
}

/** Whether the call acts on an element in the proposing frame, which the content script certifies. */
export function targetOf(call: ResolvedCall): string | null {
  if (call.pageTool || call.tool === 'navigate') return null;
  return call.args.target ?? null;
}

/** The label the assistant claims the target shows, for the tools whose claims take one. */
export function claimedLabel(call: ResolvedCall): string | undefined {
  if (call.pageTool) return undefined;
  switch (call.tool) {
    case 'click':
    case 'type':
    case 'select':
    case 'submit':
      return call.claims.label;
    default:
      return undefined;
  }
}

/**
 * Whether the claim itself needs the pixels: a label claimed as truncated ("Show all d…") is what
 * the screen shows only if the pixels show it so.
 */
export function claimNeedsPixels(call: ResolvedCall, shownText: string | null): boolean {
  const label = claimedLabel(call);
  return label !== undefined && shownText !== null && truncatedClaimAgrees(label, shownText) !== null;
}

import type { Privilege } from '../contracts';
import { sameSite, scriptsOf } from '../text';
import { closedConfusables } from '../text/confusables';
import { NATIVE_OPS } from '../text/skeleton-ops';
import { amountReader } from './amounts';
import { LEXICON_LANGUAGES as LANGUAGES } from './commit-index.generated';
import { LEXICON_SCRIPTS } from './commit-lexicon';
import { commitmentClassifier } from './commit-match';
import { destinationsOf } from './destinations';
import type { UiElementValue } from './observations';
import { completedSensitive, sensitiveData } from './sensitive';
import { targetsElsewhere } from './targets';

/**
 * Whether a label names a commitment, on the label and on its UTS #39 skeleton ("Раy" with
 * Cyrillic letters, "Rҽmoѵe" commit the user just the same). The same classifier, over the same
 * data, runs in the MAIN world's interceptor with captured built-ins (commit-match.ts).
 */
export const namesCommitment = (label: string): boolean => CLASSIFIER.namesCommitment(label);
const CLASSIFIER = commitmentClassifier(NATIVE_OPS, closedConfusables);
const namesAmount = amountReader(NATIVE_OPS);

/**
 * What the extension observed that names or locates the target; never the assistant's claim.
 * `typed`: the text a `type` call would enter (the data itself, judged by its shape).
 */
export type TargetContext = {
  visibleText: string | null;
  accessibleName?: string | null;
  frameOrigin?: string | null;
  /** The tab's top-level origin: where a link that opens in another browsing context is judged too. */
  tabOrigin?: string | null;
  typed?: string;
  /** What was typed into the same field lately, by earlier calls (background/typed-history.ts): a piece that completes a card counts. */
  typedBefore?: string;
};

/**
 * The privilege of clicking this element, from what was observed of it. Submitting a form, a
 * download, and a control whose visible text or accessible name names a commitment are commits;
 * a form with a password field makes its submission a credential action; a link to another site
 * is a cross-site navigation.
 */
export function clickPrivilege(element: UiElementValue, context: TargetContext | string | null): Privilege {
  const { visibleText, accessibleName = null, frameOrigin = null } = contextOf(context);
  if (element.isSubmit && element.formHasPassword) return 'credential';
  if (element.download) return 'commit';
  // The words clicked on, and those of the control the click presses (a span's "account" in a "Delete account" button).
  const names = [visibleText, accessibleName, element.pressed];
  if (element.isSubmit) {
    const submitting = submissionPrivilege(element, names, contextOf(context));
    if (submitting !== 'interact') return submitting;
  } else if (names.some((name) => name !== null && namesCommitment(name))) return 'commit';
  // A button in a form that holds payment, password or personal-data fields, labelled in a script
  // the lexicon does not cover (Thai, Hebrew, Bengali…), may commit that data in words Warrant
  // cannot read: not a plain interaction. A label the lexicon can read and that names no
  // commitment ("Show password") stays one.
  // So may one in any script that names a sum of money ("Maksa 499 €", Finnish, which the lexicon
  // lacks): an amount on a button of such a form is what it pays.
  const sensitiveForm = element.formHasPayment || element.formHasPassword || element.formHasPersonal;
  // And one declared in a language the lexicon lacks ("Lipa sasa", lang="sw"): Warrant cannot read it.
  const foreign = langOutsideLexicon(element.lang);
  const unreadable = (name: string) => foreign || outsideLexicon(name) || namesAmount(name);
  // Anything else clicked in such a form that names a sum of money pays it just the same, whatever
  // presents it: a link, a focusable element the page gave a handler the DOM cannot see ("Maksa 499 €"
  // on an <a> and on a <div tabindex>, an attacker's pages, Dec 5). Not a field one types in, nor a choice one picks.
  const named = (test: (name: string) => boolean) => names.some((name) => name !== null && test(name));
  if (sensitiveForm && (isButton(element) ? named(unreadable) : !entered(element) && named(namesAmount))) return 'commit';
  if (element.href !== null && frameOrigin !== null && leavesSite(frameOrigin, element.href)) return 'navigate';
  // A link that opens elsewhere (`_top`, `_parent`, `_blank`, a named window) leaves the page the
  // user is on, not only the frame: a cross-site frame's `target=_top` link to its own site, or to a
  // lookalike of the tab's, was judged against the frame's site (a red team, Dec 7; the browsers
  // then blocked the top navigation, which Warrant's click gives no user activation for).
  if (element.href !== null && element.opensElsewhere && leavesTab(contextOf(context), element.href)) return 'navigate';
  return 'interact';
}

/** What was observed of the target, given whole or as its visible text alone. */
const contextOf = (context: TargetContext | string | null): TargetContext =>
  typeof context === 'object' && context !== null ? context : { visibleText: context };

/** The privilege of a built-in call on an observed element: raised by what the target is. */
export function targetPrivilege(tool: string, base: Privilege, element: UiElementValue, context: TargetContext | string | null): Privilege {
  if (tool === 'click') return clickPrivilege(element, context);
  if (tool === 'type' && (element.isPassword || element.isPayment)) return 'credential';
  const { visibleText, accessibleName = null, typed, typedBefore = '' } = contextOf(context);
  if (tool === 'type' && typed !== undefined && (sensitiveData(typed) !== null || completedSensitive(typedBefore, typed) !== null))
    return 'credential';
  if (tool === 'submit') {
    if (element.formHasPassword) return 'credential';
    // A form is submitted as the user sees it: a hidden one, or one named by a hidden field, asks;
    // what it does is what its submit buttons say, not the words of the field named (a red team, Dec 6).
    if (!element.visible) return 'commit';
    return submissionPrivilege(element, [visibleText, accessibleName, ...element.formButtons], contextOf(context));
  }
  return base;
}

/**
 * A submission, by what leaves (a utility test, Dec 6: every search box asked): a form posted is a
 * commit, and so is any submission of a form holding payment or personal data, or one whose
 * request was not read; a GET submission is a navigation to its URL, judged like a link (by its
 * words, and by where it goes), and a dialog form's (`method=dialog`) closes its dialog and sends
 * nothing: judged by its words.
 */
function submissionPrivilege(element: UiElementValue, names: readonly (string | null)[], context: TargetContext): Privilege {
  const { frameOrigin = null } = context;
  const method = element.submission?.method ?? 'post';
  if (method === 'post' || element.formHasPayment || element.formHasPersonal) return 'commit';
  if (names.some((name) => name !== null && namesCommitment(name))) return 'commit';
  if (method !== 'get') return 'interact';
  const url = getRequestUrl(element.submission!);
  // One that opens in another browsing context (`target=_top`…) is judged against the tab's site too, as a link is.
  if (frameOrigin === null || leavesSite(frameOrigin, url) || (targetsElsewhere(element.submission!.target) && leavesTab(context, url)))
    return 'navigate';
  return 'interact';
}

/**
 * The URL a GET submission requests: its action with the query replaced by the entries (HTML's
 * "mutate action URL"), so a destination a field carries counts as one a link's query carries (a
 * hidden `next=https://evil.example/` sent to the site's own open redirect, a review, Dec 6). The
 * frame's submission guard holds the request that leaves to these entries (submission-guard.ts).
 * Entries not all read, or an action that is no URL: no destination is known (the action's own
 * string, which is on no site).
 */
export function getRequestUrl(request: {
  action: string;
  entries: readonly { name: string; value: string }[];
  truncated?: boolean;
}): string {
  if (request.truncated) return 'about:unread-entries';
  try {
    const url = new URL(request.action);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return request.action;
    url.search = new URLSearchParams(request.entries.map(({ name, value }): [string, string] => [name, value])).toString();
    return url.href;
  } catch {
    return request.action;
  }
}

/** The scripts the commitment lexicon has words in (commit-lexicon.ts's 24 languages). */
const outsideLexicon = (label: string) => scriptsOf(label).some((script) => !LEXICON_SCRIPTS.includes(script));
/** A declared language (BCP 47: its primary subtag) the lexicon has no words in; an empty or absent one is not known to be. */
const langOutsideLexicon = (lang: string | null) => {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/u)[0] ?? '';
  return primary !== '' && primary !== 'und' && !LEXICON_LANGUAGES.has(primary);
};
const LEXICON_LANGUAGES = new Set(LANGUAGES);

const BUTTON_INPUTS = new Set(['submit', 'button', 'image', 'reset']);
/**
 * A field whose text is what the user enters, or a choice one picks among a form's (a box ticked,
 * an option, the label that ticks it: "Gift wrap +3 €"): its sum names no payment; the form's
 * submission does, and is a commit of its own.
 */
const PICKS = new Set(['select', 'textarea', 'label', 'option']);
const entered = (element: UiElementValue) =>
  element.editable ||
  PICKS.has(element.tag) ||
  (element.tag === 'input' && (element.inputType === 'checkbox' || element.inputType === 'radio'));
const isButton = (element: UiElementValue) =>
  element.tag === 'button' || element.inButton || (element.tag === 'input' && BUTTON_INPUTS.has(element.inputType ?? ''));

/**
 * A navigation within the frame's own site needs no more than a click; leaving the site (by
 * registrable domain) is the `navigate` privilege.
 */
export function navigationPrivilege(frameOrigin: string | null, url: string): Privilege {
  return frameOrigin !== null && !leavesSite(frameOrigin, url) ? 'interact' : 'navigate';
}

/** Whether `url` leaves the tab's site (an unknown tab origin: yes). */
const leavesTab = ({ tabOrigin = null }: TargetContext, url: string): boolean => tabOrigin === null || leavesSite(tabOrigin, url);

/** Whether `url`, or a URL it carries in its query or fragment (an open redirect), is on another site. */
function leavesSite(frameOrigin: string, url: string): boolean {
  return destinationsOf(url).some((destination) => !sameSite(frameOrigin, destination));
}

/**
 * Form submissions seen where they navigate, whatever tree or document their form is in (a red
 * team's round 9, Dec 6: a click certified to submit nothing moved its button into a form in a
 * shadow tree it attached during the click, or into a same-origin frame's document; the form's
 * `submit` event, which does not leave its tree or document, never reached Warrant's listener,
 * and the form posted). The Navigation API's `navigate` event fires in the frame being navigated
 * (not for a frame's initial `about:blank`), and says what started it: `formData` (a POST's
 * entries) or `sourceElement` (the submitter or the form; a link's is an `a` or `area`; from a
 * shadow tree, its host, which may be either). Kept free of imports: the port keeper
 * (bridge.iife.ts), which every frame loads at document_start, uses it.
 */

type NavigateLike = Event & {
  formData?: FormData | null;
  sourceElement?: Element | null;
  destination?: { url: string };
  downloadRequest?: string | null;
};

/** What started a navigation: its source element, or null where the browser does not say. */
export const navigationSource = (event: Event): Element | null => (event as NavigateLike).sourceElement ?? null;

/** Whether a navigation carries a POST's entries. */
export const navigationPosts = (event: Event): boolean => {
  const { formData } = event as NavigateLike;
  return formData !== null && formData !== undefined;
};

/** The file name a navigation that downloads asks for (its link's `download` attribute, '' for none given), or null: not a download. */
export const navigationDownload = (event: Event): string | null => (event as NavigateLike).downloadRequest ?? null;

/** Where a navigation goes. */
export const navigationDestination = (event: Event): string => (event as NavigateLike).destination?.url ?? '';

/**
 * Whether a trusted `navigate` event may be a form submission's: a POST's, one a submitter or a
 * form started, or one whose source is a shadow host (a link in the tree, or a form: which, the
 * caller may know). A link's, and one a script started (no source), are not.
 */
export function submissionNavigation(event: Event): boolean {
  if (!event.isTrusted) return false;
  if (navigationPosts(event)) return true;
  const source = navigationSource(event);
  return source !== null && source.localName !== 'a' && source.localName !== 'area';
}

/**
 * Asked by a frame of the frame above it (at its frame element, so the question reaches that
 * frame's window in the capturing phase, where its port keeper's listener is the first): may a
 * submission started by this element (`relatedTarget`: the submitter, the form, or the host the
 * browser names) go now, or does an action there, or further up, allow none? Cancelled means
 * none. A page can ask too, and cancel it itself; that only stops its own submissions. It cannot
 * keep the answer from the frame that asks: the keeper's listener is registered before any page script.
 */
export const SUBMITS_NOTHING_PROBE = 'warrant:submits-nothing?';

/** Whether a same-origin frame above this one performs an action that allows this submission no start. */
export function submitsNothingAbove(source: Element | null): boolean {
  let frame: Element | null = null;
  try {
    frame = window.frameElement;
  } catch {
    return false;
  }
  if (!frame) return false;
  const ask = (relatedTarget: Element | null) =>
    new MouseEvent(SUBMITS_NOTHING_PROBE, { bubbles: true, cancelable: true, composed: true, relatedTarget });
  let probe: MouseEvent;
  try {
    probe = ask(source);
  } catch {
    // An element this world holds only through another frame's event (Firefox, two frames down): asked unnamed.
    probe = ask(null);
  }
  frame.dispatchEvent(probe);
  return probe.defaultPrevented;
}

/**
 * Form submissions seen where they navigate, whatever tree or document their form is in (a red
 * team's round 9, Dec 6: a click certified to submit nothing moved its button into a form in a
 * shadow tree it attached during the click, or into a same-origin frame's document; the form's
 * `submit` event, which does not leave its tree or document, never reached Warrant's listener,
 * and the form posted). The Navigation API's `navigate` event fires in the frame being navigated
 * for every submission, and says what started it: `formData` (a POST's entries) or `sourceElement`
 * (the submitter or the form; a link's is an `a` or `area`). Kept free of imports: the port
 * keeper (bridge.iife.ts), which every frame loads at document_start, uses it.
 */

type NavigateLike = Event & { formData?: FormData | null; sourceElement?: Element | null; cancelable: boolean };

/** What started a navigation: its source element, or null where the browser does not say. */
export const navigationSource = (event: Event): Element | null => (event as NavigateLike).sourceElement ?? null;

/** Whether a trusted `navigate` event is a form submission's. */
export function submissionNavigation(event: Event): boolean {
  if (!event.isTrusted) return false;
  const { formData } = event as NavigateLike;
  if (formData !== null && formData !== undefined) return true;
  const source = navigationSource(event);
  return source !== null && source.localName !== 'a' && source.localName !== 'area';
}

/**
 * Asked by a frame of the frame above it (at its frame element, so the question reaches that
 * frame's window in the capturing phase, where its port keeper's listener is the first): is an
 * action under way there, or further up, that allows no form submission? Cancelled means yes. A
 * page can ask too, and cancel it itself; that only stops its own submissions. It cannot keep the
 * answer from the frame that asks: the keeper's listener is registered before any page script.
 */
export const SUBMITS_NOTHING_PROBE = 'warrant:submits-nothing?';

/** Whether a same-origin frame above this one performs an action that allows no submission now. */
export function submitsNothingAbove(): boolean {
  let frame: Element | null = null;
  try {
    frame = window.frameElement;
  } catch {
    return false;
  }
  if (!frame) return false;
  const probe = new Event(SUBMITS_NOTHING_PROBE, { bubbles: true, cancelable: true, composed: true });
  frame.dispatchEvent(probe);
  return probe.defaultPrevented;
}

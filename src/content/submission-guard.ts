import type { FormRequest } from '../core/plan';
import { requestDifference } from '../core/plan/form-difference';
import { onlySubmitting } from './only-submitting';
import { requestOf, type Submission } from './verifiers/form-request';
import { insertNodeBefore, isConnectedOf, nextSiblingOf, parentNodeOf, removeElement, rootNodeOf } from './verifiers/node-reads';

/**
 * The request that leaves is the one certified (issue 11 §3). Between certification and the request
 * the page's own handlers run: `submit` listeners may change the action, method or target, swap the
 * submitter or call `requestSubmit` again; `formdata` listeners may add, change or drop entries.
 * While Warrant performs a submission it watches the form's submission under way:
 *
 * 1. `submit` (window, or the form's shadow root, bubbling, registered last so it runs after the
 *    page's listeners on the form and on window): records the submitter the browser actually uses, when the event was not
 *    cancelled (a cancelled submission sends nothing from the form).
 * 2. `formdata` that follows: the entry list as final as the page made it; the browser reads the
 *    action, method and target right after this event. If the request built from them differs from
 *    the certified one, the form is taken out of the document for the rest of the dispatch: HTML's
 *    form submission algorithm checks, right after building the entry list, that the form can still
 *    navigate (is connected), and stops if not. The form goes back where it was at once.
 * 3. The Navigation API's `navigate` event (where the browser has it): its destination and
 *    `formData` are what will be requested; a submission that differs is cancelled there too. This
 *    also sees `form.submit()` from a page handler, which fires no `submit` event.
 *
 * Out of reach, and said so in the README: a listener on the form (or between it and the window)
 * that stops the `submit` or `formdata` event's propagation hides the submission from these
 * checks, so the request leaves unchecked (detaching every form while its handlers run would
 * reload the payment frames honest forms hold); a handler that cancels the submission and sends the
 * data itself (`fetch`, `XMLHttpRequest`, `sendBeacon`); a `formdata` listener the page adds to
 * window while the event is under way (it runs after this one; the `navigate` check still sees
 * the result where the Navigation API exists); a submission to a new window (`target=_blank`).
 */

type Navigation = EventTarget;
type NavigateEvent = Event & { destination: { url: string }; formData: FormData | null; cancelable: boolean };

/** How long the `navigate` check stays armed after the submission started. */
const NAVIGATE_WATCH_MS = 2_000;

export type Guarded = { problem: string | null; navigation: Promise<string | null> };

export function submitGuarded({ form, submitter }: Submission, certified: FormRequest, perform: () => void): Guarded {
  let problem: string | null = null;
  let pending: { submitter: HTMLButtonElement | HTMLInputElement | null } | null = null;
  // Another form submitted meanwhile (stopped by onlySubmitting); the certified one has not left yet.
  let other = false;
  let sent = false;
  const onSubmit = (event: Event) => {
    if (event.target !== form) return;
    const used = (event as SubmitEvent).submitter;
    pending = event.defaultPrevented
      ? null
      : { submitter: used instanceof HTMLButtonElement || used instanceof HTMLInputElement ? used : null };
  };
  // A listener's throw is swallowed by the browser and the submission goes on: whatever fails here
  // stops it (a red team's control named `remove` made form.remove() throw, and the rewritten request left).
  const onFormData = (event: Event) => {
    if (event.target !== form || pending === null) return;
    try {
      const leaving = requestOf(form, pending.submitter, (event as FormDataEvent).formData);
      pending = null;
      if (other) problem = OTHER_FORM;
      else {
        const difference = requestDifference(certified, leaving);
        if (difference === null) {
          sent = true;
          return;
        }
        problem = `The page changed the form's request after it was certified: ${difference}. It was not sent.`;
      }
    } catch (error) {
      pending = null;
      problem = `The form's request could not be checked as it left (${error instanceof Error ? error.message : String(error)}). It was not sent.`;
    }
    if (!detach(form)) problem = `${problem.replace(/ It was not sent\.$/u, '')} It could not be stopped and may have been sent.`;
  };
  // Armed first: a browser may fire `navigate` while the submission is still under way.
  const navigation = watchNavigation(form, certified);
  // A form in a shadow tree: its events do not leave the tree, so they are heard at its root.
  const root = rootNodeOf(form);
  const scope: EventTarget = root instanceof ShadowRoot ? root : window;
  scope.addEventListener('submit', onSubmit);
  scope.addEventListener('formdata', onFormData);
  try {
    onlySubmitting(form, submitter ?? form, perform, () => {
      other = true;
    });
    // Stopped while the certified form's own submission was cancelled by the page, or never began.
    if (other && !sent) problem ??= OTHER_FORM;
  } finally {
    scope.removeEventListener('submit', onSubmit);
    scope.removeEventListener('formdata', onFormData);
    reattach(form);
  }
  if (problem === null) return { problem, navigation: navigation.result };
  navigation.cancel();
  return { problem, navigation: Promise.resolve(null) };
}

const OTHER_FORM =
  "The page submitted another form while the certified one was submitted; it was stopped, and so was the certified form, unless the page's own listeners hid its submission from Warrant.";

const detached = new WeakMap<HTMLFormElement, { parent: Node; next: Node | null }>();

/** Takes the form out of its document for the rest of the dispatch; whether it is out. */
function detach(form: HTMLFormElement): boolean {
  const parent = parentNodeOf(form);
  if (parent && !detached.has(form)) {
    detached.set(form, { parent, next: nextSiblingOf(form) });
    removeElement(form);
  }
  return !isConnectedOf(form);
}

function reattach(form: HTMLFormElement): void {
  const place = detached.get(form);
  if (!place) return;
  detached.delete(form);
  const next = place.next && parentNodeOf(place.next) === place.parent ? place.next : null;
  insertNodeBefore(place.parent, form, next);
}

/**
 * Cancels a form navigation in this frame whose destination or entries are not the certified
 * request's, for a short while after the submission; resolves with what was stopped, or null.
 */
function watchNavigation(form: HTMLFormElement, expected: FormRequest): { result: Promise<string | null>; cancel(): void } {
  const navigation = (window as Window & { navigation?: Navigation }).navigation;
  // The Navigation API carries the entries of POST submissions only (a GET's are its query, checked
  // in `formdata` with the action they go to).
  if (!navigation || expected.method !== 'post') return { result: Promise.resolve(null), cancel: () => undefined };
  let cancel: () => void = () => undefined;
  const result = new Promise<string | null>((resolve) => {
    const stop = (result: string | null) => {
      navigation.removeEventListener('navigate', onNavigate);
      clearTimeout(timer);
      resolve(result);
    };
    const onNavigate = (event: Event) => {
      const navigate = event as NavigateEvent;
      if (!navigate.formData) return;
      const now = requestOf(form, null, navigate.formData);
      const difference =
        destinationDifference(expected, navigate.destination.url) ??
        requestDifference(expected, { ...expected, entries: now.entries, truncated: now.truncated });
      if (difference === null) return stop(null);
      if (navigate.cancelable) navigate.preventDefault();
      stop(`The page changed the form's request after it was certified: ${difference}. It was not sent.`);
    };
    const timer = setTimeout(() => stop(null), NAVIGATE_WATCH_MS);
    navigation.addEventListener('navigate', onNavigate);
    cancel = () => stop(null);
  });
  return { result, cancel };
}

/** A POST goes to its action, query included. */
function destinationDifference(expected: FormRequest, url: string): string | null {
  try {
    return new URL(url).href === new URL(expected.action).href ? null : `it would go to ${url.slice(0, 200)}`;
  } catch {
    return 'its destination is not a URL';
  }
}

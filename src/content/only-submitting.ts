import { portKeeper } from './port-keeper';
import { navigationSource, submissionNavigation } from './submission-navigation';
import { flatContains, hostedRoot } from './verifiers/flat-tree';

/** How long after an action a submission's navigation it started is still stopped: the browser starts it a task later. */
const AFTER_MS = 1_000;

/**
 * Runs an action letting no form submission start but `form`'s (none when null), and stops any
 * other before a page listener sees it: the page can change what a click activates after its
 * certification, or while its own listeners run (point a <label> at a submit button, make a button
 * a submit button), or submit another form from the approved one's handlers, into a hidden frame,
 * with a `requestSubmit` no wrapper holds (a review and a red team, Dec 5). The keeper's capturing
 * listener runs before any of the page's (bridge.iife.ts). A submission by `form.submit()` fires no
 * event: the MAIN world's wrapper holds those, and the `navigate` check (submission-guard.ts) sees
 * a POST's. `onStopped` is called at each submission stopped while the action still runs.
 *
 * A `submit` event does not leave its shadow tree, so one from a form in a shadow tree never
 * reaches the window: every tree, open or closed, gets a capturing listener too for the duration
 * (a red team's form in a closed tree, its button made a submit button mid-click, posted a card).
 * There a page's own capturing listener on its shadow root, added earlier, runs first and can stop
 * the event from reaching Warrant's (README, limits). A `submit` event a script dispatched
 * (untrusted) submits nothing, and is left alone.
 *
 * A tree attached during the action, or another document, is heard where the submission navigates
 * (submission-navigation.ts; a red team's round 9, Dec 6): both browsers start that navigation a
 * task after the click, so for a moment after the action a submission's navigation of this frame
 * that `target` started (its source is the target, or a shadow host around it) is cancelled, as is
 * one a same-origin frame below asks about (the frame's form, or this one's posting into it).
 * Those come after the verdict, which says what the click did: it ran, and what it submitted did not leave.
 */
export function onlySubmitting<T>(form: HTMLFormElement | null, target: Element | null, run: () => T, onStopped: () => void): T {
  const keeper = portKeeper();
  const stop = (event: Event) => {
    if (!event.isTrusted || (form !== null && event.target === form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onStopped();
  };
  const ours = (source: Element | null) =>
    source === form || (source !== null && form !== null && (source as { form?: unknown }).form === form);
  // While it runs: any submission but the certified form's (whose own is judged by submission-guard.ts,
  // as is one whose source the browser does not name).
  const during = (event: Event) => {
    if (!submissionNavigation(event) || !event.cancelable) return;
    const source = navigationSource(event);
    if (form !== null && (source === null || ours(source))) return;
    event.preventDefault();
    onStopped();
  };
  // After it ran: one the target started, from a form that is not the certified one.
  const after = (event: Event) => {
    if (!submissionNavigation(event) || !event.cancelable) return;
    const source = navigationSource(event);
    if (ours(source) || (source !== null && (target === null || !startedBy(source, target)))) return;
    event.preventDefault();
  };
  // The click's own activation, at the end of its dispatch (bubbling at the window, after the page's
  // listeners there): a target certified to submit nothing that now would (the page made it a submit
  // button of a form anywhere, another document's too) is cancelled before the browser activates it.
  const activation = (event: Event) => {
    if (form === null && target !== null && activatesSubmission(target)) {
      event.preventDefault();
      onStopped();
    }
  };
  const roots = shadowRoots();
  window.addEventListener('click', activation);
  if (keeper) {
    keeper.submitted = stop;
    keeper.navigating = during;
    keeper.submitsNothingUntil = form === null ? Number.POSITIVE_INFINITY : 0;
  }
  for (const root of roots) root.addEventListener('submit', stop, true);
  try {
    return run();
  } finally {
    for (const root of roots) root.removeEventListener('submit', stop, true);
    window.removeEventListener('click', activation);
    if (keeper) {
      keeper.submitted = null;
      keeper.navigating = after;
      keeper.submitsNothingUntil = form === null ? performance.now() + AFTER_MS : 0;
      setTimeout(() => {
        if (keeper.navigating === after) keeper.navigating = null;
      }, AFTER_MS);
    }
  }
}

/**
 * Whether activating the element submits a form: a submit button or input with a form owner, or a
 * label whose control is one. Read by name and property, not `instanceof`: the page may have moved it
 * into another frame's document, whose elements are of another realm.
 */
function activatesSubmission(element: Element): boolean {
  const control = element.localName === 'label' ? (element as HTMLLabelElement).control : element;
  if (!control) return false;
  const { type, form } = control as { type?: unknown; form?: unknown };
  const submits =
    control.localName === 'button' ? type === 'submit' : control.localName === 'input' && (type === 'submit' || type === 'image');
  return submits && form !== null && form !== undefined;
}

/** Whether a navigation's source is the target, or a shadow host around it (the browser names the outermost one). */
const startedBy = (source: Element, target: Element) => source === target || (target.isConnected && flatContains(source, target));

/** Every shadow tree in the document, open or closed, nested ones included. */
function shadowRoots(): ShadowRoot[] {
  const roots: ShadowRoot[] = [];
  const trees: (Document | ShadowRoot)[] = [document];
  for (let at = 0; at < trees.length; at += 1) {
    for (const element of Array.from(trees[at]!.querySelectorAll('*'))) {
      const root = hostedRoot(element, element.localName);
      if (root) {
        roots.push(root);
        trees.push(root);
      }
    }
  }
  return roots;
}

import { portKeeper } from './port-keeper';
import {
  navigationDestination,
  navigationDownload,
  navigationPosts,
  navigationSource,
  submissionNavigation,
} from './submission-navigation';
import { flatContains, flatParent, hostedRoot } from './verifiers/flat-tree';
import { submitterOf } from './verifiers/form-request';
import { LINK, linkDestination } from './verifiers/link-destination';

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
 * A tree attached during the action, or another document, is not heard so (a red team's round 9,
 * Dec 6; then the attack on this fix: a label whose control moved, a span in a button the page made
 * a submit button, a listener added to the window during the click that runs after Warrant's). What
 * the click may activate is read before the page's handlers run (the target, a label's control, the
 * controls and links around it); at the end of the click's dispatch, one that would now submit is
 * not activated; and where the submission navigates (submission-navigation.ts) — this frame, or a
 * same-origin frame below, which asks — one started by what the click activated (or by a shadow
 * host around it) is cancelled, for a second after the click too: both browsers start that
 * navigation a task later. Those come after the verdict, which says what the click did: it ran,
 * and what it submitted did not leave. A frame's submission the click did not start goes.
 */
export function onlySubmitting<T>(
  form: HTMLFormElement | null,
  target: Element | null,
  run: () => T,
  onStopped: (what?: 'download') => void,
): T {
  const keeper = portKeeper();
  const stop = (event: Event) => {
    if (!event.isTrusted || (form !== null && event.target === form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onStopped();
  };
  // What the click may activate, read before the page's handlers can move any of it: the target, a
  // label's control, the controls, links and labels around it (a span in a button activates the button).
  const activated = target === null ? [] : activatedBy(target);
  // A source the browser names is the element itself, or the host of the shadow tree it is in.
  const startedBy = (source: Element, element: Element) => source === element || flatContains(source, element);
  const related = (source: Element) => activated.some((element) => startedBy(source, element));
  // The certified form's own submission (from its submitter, itself, or the host around it).
  const ours = (source: Element | null) =>
    form !== null && source !== null && (startedBy(source, form) || (source as { form?: unknown }).form === form);
  // A host names a link in its tree too: the activated link's own navigation (no entries) is no submission.
  const link = (event: Event) =>
    !navigationPosts(event) && activated.some((element) => linkDestination(element) === navigationDestination(event));
  const submission = (event: Event) => submissionNavigation(event) && event.cancelable && !link(event);
  // While it runs: any submission but the certified form's (whose own is judged by submission-guard.ts,
  // as is one whose source the browser does not name).
  const during = failClosed(onStopped, (event: Event) => {
    if (uncertifiedDownload(event)) {
      event.preventDefault();
      onStopped('download');
      return;
    }
    if (!submission(event)) return;
    const source = navigationSource(event);
    if (form !== null && (source === null || ours(source))) return;
    event.preventDefault();
    onStopped();
  });
  // After it ran: one this click started (its source unknown, or what the click activated, or a host around it).
  const until = { at: Number.POSITIVE_INFINITY };
  const after = failClosed(onStopped, (event: Event) => {
    if (performance.now() > until.at || !submission(event)) return;
    const source = navigationSource(event);
    if (form !== null && source === null) return;
    if (ours(source) || (source !== null && !related(source))) return;
    event.preventDefault();
  });
  // The click's own activation, at the end of its dispatch (bubbling at the window, after the page's
  // listeners there): what it activates, certified to submit nothing, that now would (the page made
  // it a submit button of a form anywhere, another document's too) is not activated.
  // So is a link the page made a download during the click (its `download` attribute set or
  // changed by its own handler: a red team, Dec 7, had "Read the report" save guide.exe): a
  // download is a commit, judged by the attribute as certified, which was read before the handlers.
  const downloads = activated.filter(isLink).map((link) => ({ link, was: link.getAttribute('download'), to: linkDestination(link) }));
  // And a download what the click activated starts (or a host around it), seen where it navigates
  // (the Navigation API's `navigate`, whose first listener is the keeper's): one its handler makes
  // while it stops the click from reaching the window (a review and a red team, Dec 7). Only a link
  // certified to download that very name from that very address may. A download the page's own
  // script starts from another link is the MAIN world's (a script's click on a download link).
  const uncertifiedDownload = (event: Event) => {
    const name = navigationDownload(event);
    const source = navigationSource(event);
    if (name === null || !event.cancelable || (source !== null && !related(source))) return false;
    const to = navigationDestination(event);
    return !downloads.some(
      ({ link, was, to: certified }) => source !== null && startedBy(source, link) && was === name && certified === to,
    );
  };
  const activation = failClosed(onStopped, (event: Event) => {
    if (form === null && activated.some((element) => submitterOf(element) !== null)) {
      event.preventDefault();
      onStopped();
    } else if (downloads.some(({ link, was }) => link.getAttribute('download') !== was)) {
      event.preventDefault();
      onStopped('download');
    }
  });
  const roots = shadowRoots();
  window.addEventListener('click', activation);
  // A second after an earlier action may still be running: its watch stays, beside this one's.
  const earlier = { navigating: keeper?.navigating ?? null, forbids: keeper?.forbids ?? null };
  const navigatingToo = (mine: (event: Event) => void) => (event: Event) => {
    earlier.navigating?.(event);
    if (!event.defaultPrevented) mine(event);
  };
  const forbidsToo = (mine: (source: Element | null) => boolean) => (source: Element | null) =>
    earlier.forbids?.(source) === true || mine(source);
  if (keeper) {
    keeper.submitted = stop;
    keeper.navigating = navigatingToo(during);
    // A frame below asks while it runs: only the certified form's own may go (none, certified to submit nothing).
    keeper.forbids = forbidsToo((source) => !ours(source));
  }
  for (const root of roots) root.addEventListener('submit', stop, true);
  try {
    return run();
  } finally {
    for (const root of roots) root.removeEventListener('submit', stop, true);
    window.removeEventListener('click', activation);
    if (keeper) {
      // A frame below asks of a submission by its source: what the click activated (or a host around
      // it) may not submit; nor may one of no name, or a shadow host, which may hold anything — in
      // Firefox the host of a tree in a frame below was not found around the moved target. A form's
      // own, or its submitter's, in that frame goes: the page's, not the click's.
      until.at = performance.now() + AFTER_MS;
      const forbids = forbidsToo(
        (source) =>
          performance.now() <= until.at &&
          !ours(source) &&
          (source === null || related(source) || (form === null && !SUBMITTERS.has(source.localName))),
      );
      const navigating = navigatingToo(after);
      keeper.submitted = null;
      keeper.navigating = navigating;
      keeper.forbids = forbids;
      setTimeout(() => {
        if (keeper.navigating === navigating) keeper.navigating = null;
        if (keeper.forbids === forbids) keeper.forbids = null;
      }, AFTER_MS);
    }
  }
}

/**
 * A listener that stops what its event would start when it throws: the browser swallows a
 * listener's exception and goes on with the submission (a red team's control named `remove` made
 * the submission guard's listener throw, and a rewritten request left).
 */
function failClosed(onStopped: () => void, listener: (event: Event) => void): (event: Event) => void {
  return (event) => {
    try {
      listener(event);
    } catch {
      if (event.cancelable) event.preventDefault();
      onStopped();
    }
  };
}

/** The target, a label's control, and the controls, links and labels (and their controls) around it in the flat tree. */
function activatedBy(target: Element): Element[] {
  const found: Element[] = [];
  for (let node: Element | null = target; node; node = flatParent(node)) {
    if (node !== target && !ACTIVATES.has(node.localName)) continue;
    found.push(node);
    const control = node.localName === 'label' ? (node as HTMLLabelElement).control : null;
    if (control) found.push(control);
  }
  return found;
}

const ACTIVATES = new Set(['button', 'input', 'a', 'area', 'label', 'summary']);
/** One reading of what a link is for the certification (control-facts.ts linkOf) and this check: SVG's <a xlink:href> too. */
const isLink = (element: Element) => element.matches(LINK);
/** What a navigation names as its source when a form in its own tree submits: the submitter, or the form. */
const SUBMITTERS = new Set(['button', 'input', 'form']);

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

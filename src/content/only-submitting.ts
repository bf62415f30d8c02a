import { portKeeper } from './port-keeper';
import { hostedRoot } from './verifiers/flat-tree';

/**
 * Runs an action letting no form submission start but `form`'s (none when null), and stops any
 * other before a page listener sees it: the page can change what a click activates after its
 * certification, or while its own listeners run (point a <label> at a submit button, make a button
 * a submit button), or submit another form from the approved one's handlers, into a hidden frame,
 * with a `requestSubmit` no wrapper holds (a review and a red team, Dec 5). The keeper's capturing
 * listener runs before any of the page's (bridge.iife.ts). A submission by `form.submit()` fires no
 * event: the MAIN world's wrapper holds those, and the `navigate` check (submission-guard.ts) sees
 * a POST's. `onStopped` is called at each submission stopped, while the action still runs.
 *
 * A `submit` event does not leave its shadow tree, so one from a form in a shadow tree never
 * reaches the window: every tree, open or closed, gets a capturing listener too for the duration
 * (a red team's form in a closed tree, its button made a submit button mid-click, posted a card).
 * There a page's own capturing listener on its shadow root, added earlier, runs first and can stop
 * the event from reaching Warrant's (README, limits). A `submit` event a script dispatched
 * (untrusted) submits nothing, and is left alone.
 */
export function onlySubmitting<T>(form: HTMLFormElement | null, run: () => T, onStopped: () => void): T {
  const keeper = portKeeper();
  const stop = (event: Event) => {
    if (!event.isTrusted || (form !== null && event.target === form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    onStopped();
  };
  const roots = shadowRoots();
  if (keeper) keeper.submitted = stop;
  for (const root of roots) root.addEventListener('submit', stop, true);
  try {
    return run();
  } finally {
    if (keeper) keeper.submitted = null;
    for (const root of roots) root.removeEventListener('submit', stop, true);
  }
}

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

import { portKeeper } from './port-keeper';

/**
 * Runs an action letting no form submission start but `form`'s (none when null), and stops any
 * other before a page listener sees it: the page can change what a click activates after its
 * certification, or while its own listeners run (point a <label> at a submit button, make a button
 * a submit button), or submit another form from the approved one's handlers, into a hidden frame,
 * with a `requestSubmit` no wrapper holds (a review and a red team, Dec 5). The keeper's capturing
 * listener runs before any of the page's (bridge.iife.ts). A submission by `form.submit()` fires no
 * event: the MAIN world's wrapper holds those, and the `navigate` check (submission-guard.ts) sees
 * a POST's. `onStopped` is called at each submission stopped, while the action still runs.
 */
export function onlySubmitting<T>(form: HTMLFormElement | null, run: () => T, onStopped: () => void): T {
  const keeper = portKeeper();
  if (keeper)
    keeper.submitted = (event) => {
      if (form !== null && event.target === form) return;
      event.preventDefault();
      event.stopImmediatePropagation();
      onStopped();
    };
  try {
    return run();
  } finally {
    if (keeper) keeper.submitted = null;
  }
}

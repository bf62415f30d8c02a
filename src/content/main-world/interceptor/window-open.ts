import { patch } from '../patches';
import { apply, getOwnPropertyDescriptor, StringCtor, text } from '../primordials';
import { hold, intercept, mustHold } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { leavesSite } from './privilege';

type Open = (this: Window, url?: string | URL, target?: string, features?: string) => Window | null;

/**
 * window.open to another site from script. Warrant cannot open the window on the page's behalf
 * later (a popup needs the user's activation), so under enforce such a call is withheld: it
 * returns null, as a popup blocker's would, and the audit says so.
 */
export function patchWindowOpen(): void {
  const descriptor = getOwnPropertyDescriptor(window, 'open');
  const original = descriptor?.value as Open | undefined;
  if (!descriptor || typeof original !== 'function') return;
  const open = function open(this: Window, ...args: Parameters<Open>): Window | null {
    const requested = args[0] === undefined || args[0] === null ? '' : StringCtor(args[0]);
    // An empty URL (about:blank) stays in this origin and leaves nothing.
    const privileged = requested !== '' && leavesSite(requested);
    const withheld = {
      tool: 'withheld',
      what: `window.open of ${text.slice(requested, 0, 200)} (another site)`,
      via: 'window.open',
      privileged,
    } as const;
    if (mustHold(withheld)) {
      hold(withheld);
      return null;
    }
    return intercept(withheld, () => apply(original, this, args));
  };
  patch(window, 'open', { ...descriptor, value: open }, INTERCEPTOR_GROUP);
}

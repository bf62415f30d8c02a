import { patch, replaced, wrap } from '../patches';
import { apply, ownDescriptor, StringCtor, text } from '../primordials';
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
  const descriptor = ownDescriptor(window, 'open');
  const native = descriptor?.value as Open | undefined;
  if (!descriptor || typeof native !== 'function') return;
  const open = wrap(native, (original, self, args) => {
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
    return intercept(withheld, () => apply(original, self, args));
  });
  patch(window, 'open', replaced(descriptor, 'value', open), INTERCEPTOR_GROUP);
}

import { patch, replaced, wrap } from '../patches';
import { append, apply, dom, ownDescriptor, PAGE_DOCUMENT, StringCtor, text, URLCtor, urlHref } from '../primordials';
import { hold, intercept, mustHold } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { leavesSite } from './privilege';

type Open = (this: Window, url?: string | URL, target?: string, features?: string) => Window | null;

/** The URL as the browser will open it; an unparsable one is left as it is (the browser throws on it). */
function absolute(url: string): string {
  if (url === '') return url;
  try {
    return urlHref(new URLCtor(url, dom.baseURI(PAGE_DOCUMENT)));
  } catch {
    return url;
  }
}

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
    // Read once, and what was judged is what is opened: a URL object or one whose toString answers
    // differently the second time is opened as the string judged (a review, Dec 5). Resolved against
    // the document's base URL now (a <base> element, pushState), as the browser resolves it.
    const requested = absolute(args[0] === undefined || args[0] === null ? '' : StringCtor(args[0]));
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
    const forwarded: unknown[] = [requested];
    // Defined, not assigned: an index setter a page put on Array.prototype must not swallow them.
    for (let at = 1; at < args.length; at += 1) append(forwarded, args[at]);
    return intercept(withheld, () => apply(original, self, forwarded));
  });
  patch(window, 'open', replaced(descriptor, 'value', open), INTERCEPTOR_GROUP);
}

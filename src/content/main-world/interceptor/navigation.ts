import { addEventListener, apply, dom, getOwnPropertyDescriptor, StringCtor } from '../primordials';
import { allowedElement, takeAllowedUrl } from './allowances';
import { hold, type Intercepted, observe, passingFor } from './hold';
import { interceptionMode } from './mode';
import { leavesSite } from './privilege';

/** The Navigation API's navigate event (Chromium 102+, Firefox 147+); not in TypeScript's DOM lib yet. */
type NavigateEventLike = Event & {
  readonly cancelable: boolean;
  readonly userInitiated: boolean;
  readonly hashChange: boolean;
  readonly formData: FormData | null;
  readonly sourceElement?: Element | null;
  readonly destination: { readonly url: string; readonly sameDocument: boolean };
};

type NavigateReader = (event: NavigateEventLike) => unknown;

function readerOf(proto: object | undefined, key: string): NavigateReader | null {
  const get = proto ? getOwnPropertyDescriptor(proto, key)?.get : undefined;
  return get ? (event) => apply(get, event, []) : null;
}

/**
 * location.assign / replace / href and their kin are [LegacyUnforgeable]: they cannot be patched.
 * The navigate event sees every navigation the page starts and can cancel it before it leaves, so
 * script navigations to another site are held there. Link clicks and form submissions reach here
 * as well; the click and submit wrappers (or the untrusted-click guard) already decided on those.
 */
export function guardNavigations(): void {
  const navigation = (globalThis as { navigation?: EventTarget }).navigation;
  const proto = (globalThis as { NavigateEvent?: { prototype: object } }).NavigateEvent?.prototype;
  const destinationProto = (globalThis as { NavigationDestination?: { prototype: object } }).NavigationDestination?.prototype;
  const read = {
    userInitiated: readerOf(proto, 'userInitiated'),
    cancelable: readerOf(Event.prototype, 'cancelable'),
    formData: readerOf(proto, 'formData'),
    sourceElement: readerOf(proto, 'sourceElement'),
    destination: readerOf(proto, 'destination'),
    url: readerOf(destinationProto, 'url') as ((destination: unknown) => unknown) | null,
    sameDocument: readerOf(destinationProto, 'sameDocument') as ((destination: unknown) => unknown) | null,
  };
  const readers = [read.userInitiated, read.cancelable, read.formData, read.sourceElement, read.destination, read.url, read.sameDocument];
  for (let at = 0; at < readers.length; at += 1) if (readers[at] === null) return; // Documented limit.
  if (navigation === undefined) return;
  const onNavigate = (event: NavigateEventLike) => {
    if (interceptionMode() === 'off' || read.userInitiated!(event) === true || read.cancelable!(event) !== true) return;
    const destination = read.destination!(event);
    if (read.sameDocument!(destination) === true || read.formData!(event) !== null) return;
    const source = read.sourceElement!(event) as Element | null;
    // An activation of the very element the wrappers let through, or one Warrant performs itself.
    if (source !== null && (passingFor(source) || allowedElement(source))) return;
    const url = StringCtor(read.url!(destination));
    if (source === null && takeAllowedUrl(url)) return;
    const action: Intercepted = {
      tool: 'navigate',
      url,
      via: source === null ? 'location' : 'untrusted-click',
      privileged: leavesSite(url),
    };
    if (interceptionMode() !== 'enforce' || !action.privileged) {
      observe(action);
      return;
    }
    dom.preventDefault(event);
    hold(action);
  };
  apply(addEventListener, navigation, ['navigate', onNavigate]);
}

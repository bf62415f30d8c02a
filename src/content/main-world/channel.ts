import { HANDSHAKE_EVENT, SITE_MODE_QUERY } from '../../messages/handshake';
import {
  addEventListener,
  append,
  apply,
  bag,
  createObject,
  defineProperty,
  dispatchEvent,
  EventCtor,
  freeze,
  isArray,
  messageData,
  objectKeys,
  own,
  PromiseCtor,
  postToPort,
  randomHex,
  wasPrevented,
} from './primordials';

/**
 * The private channel to the isolated world. The bridge's listener is registered first (it is
 * listed first in the manifest); it takes the port during this synchronous dispatch, before any
 * page script exists. Nothing posted to `window` is ever read.
 *
 * Messages arrive as structured clones made in this realm, so their objects inherit from the
 * page's Object.prototype: every field is read as an own property (issue 13 §4: a page that set
 * `Object.prototype.url` was otherwise handed a navigation allowance with each of Warrant's clicks),
 * and `data` through the getter captured at document_start.
 */
const channel = new MessageChannel();
const port = channel.port1;
/**
 * The site's interception mode, asked synchronously (issue 10 follow-up: the mode that came only over
 * the port arrived after the page's first scripts, so on an observe site their privileged clicks
 * were held). The event types are secret: named in the handshake, which no page script sees, so a
 * page can neither ask nor answer. See SITE_MODE_QUERY.
 */
const siteModeType = `${SITE_MODE_QUERY}${randomHex(16)}:`;
const SITE_MODES_ASKED = ['enforce', 'observe', 'off'] as const;
let onSiteModeReady: (() => void) | null = null;
apply(addEventListener, window, [`${siteModeType}ready`, () => onSiteModeReady?.(), true]);
const handshake = new MessageEvent(HANDSHAKE_EVENT, bag({ ports: [channel.port2], cancelable: true, data: siteModeType }));
apply(dispatchEvent, window, [handshake]);
export const connected = wasPrevented(handshake);

/**
 * The mode the isolated world holds for this site now (the background's registered script at
 * document_start, or its answer over the port), or null if it holds none yet. Synchronous: one
 * cancelable event per mode, the isolated world cancels the one that is the site's.
 */
export function askSiteMode(): (typeof SITE_MODES_ASKED)[number] | null {
  if (!connected) return null;
  for (let at = 0; at < SITE_MODES_ASKED.length; at += 1) {
    const mode = SITE_MODES_ASKED[at]!;
    const question = new EventCtor(`${siteModeType}${mode}`, bag({ cancelable: true }));
    apply(dispatchEvent, window, [question]);
    if (wasPrevented(question)) return mode;
  }
  return null;
}

/** Called when the isolated world learns the site's mode (its script ran after this one). */
export function handleSiteModeReady(handler: () => void): void {
  onSiteModeReady = handler;
}

type Settle = (value: unknown) => void;
const pending: Record<string, Settle> = createObject(null);
let counter = 0;
let onRunTool: ((message: { runId: string; name: string; args: Record<string, unknown> }) => void) | null = null;
type Mode = 'off' | 'observe' | 'enforce';
let onInterceptionMode: ((mode: Mode) => void) | null = null;
let onAllow: ((allowance: { selector?: unknown; url?: unknown }) => void) | null = null;

/**
 * The bridge's answer rebuilt with null-prototype objects, for the page: resolving a promise with
 * it looks up `then`, and reading an absent field (`approved`, `result`) would otherwise find
 * whatever a page put on Object.prototype. A top-level array (the tool list) keeps its methods and
 * gets an own `then` of undefined instead.
 */
function detached(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > 64) return null;
  if (isArray(value)) {
    const list: unknown[] = [];
    for (let at = 0; at < value.length; at += 1) append(list, detached(own(value, at), depth + 1));
    if (depth === 0) defineProperty(list, 'then', bag({ value: undefined }));
    return list;
  }
  const copy: Record<string, unknown> = createObject(null);
  const keys = objectKeys(value);
  for (let at = 0; at < keys.length; at += 1) copy[keys[at]!] = detached(own(value, keys[at]!), depth + 1);
  return copy;
}

port.onmessage = (event: MessageEvent) => {
  const data = messageData(event);
  if (data === null || typeof data !== 'object') return;
  const kind = own(data, 'kind');
  const id = own(data, 'id');
  if (kind === 'run-tool') {
    const runId = own(data, 'runId');
    const name = own(data, 'name');
    const args = own(data, 'args');
    if (typeof runId !== 'string' || typeof name !== 'string' || args === null || typeof args !== 'object') return;
    onRunTool?.(bag({ runId, name, args: args as Record<string, unknown> }));
    return;
  }
  if (kind === 'interception-mode') {
    const mode = own(data, 'mode');
    if (mode === 'off' || mode === 'observe' || mode === 'enforce') onInterceptionMode?.(mode);
    return;
  }
  if (kind === 'allow' && typeof id === 'string') {
    onAllow?.(bag({ selector: own(data, 'selector'), url: own(data, 'url') }));
    post({ kind: 'allowed', id });
    return;
  }
  if (typeof id !== 'string') return;
  const settle = pending[id];
  if (settle === undefined) return;
  delete pending[id];
  settle(detached(kind === 'tools' ? own(data, 'tools') : kind === 'verdict' ? own(data, 'verdict') : data));
};

export function handleRunTool(handler: typeof onRunTool): void {
  onRunTool = handler;
}

export function handleInterceptionMode(handler: typeof onInterceptionMode): void {
  onInterceptionMode = handler;
}

export function handleAllow(handler: typeof onAllow): void {
  onAllow = handler;
}

/** Structured cloning reads own properties only, so an object literal is safe to post. */
export function post(message: object): void {
  apply(postToPort, port, [message]);
}

export function localVerdict(id: string, code: string, message: string) {
  const reason = freeze(bag({ code, message }));
  return freeze(bag({ id, decision: 'block', executed: false, reasons: freeze([reason]) }));
}

/** Sends a request and resolves with the bridge's answer to it (never with anything else). */
export function request(kind: string, body: object): Promise<unknown> {
  return new PromiseCtor((resolve) => {
    counter += 1;
    const id = `${kind}-${counter}`;
    if (!connected) {
      resolve(localVerdict(id, 'not_connected', 'Warrant has no channel to the extension in this frame.'));
      return;
    }
    pending[id] = resolve;
    post({ kind, id, ...body });
  });
}

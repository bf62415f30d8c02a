/**
 * `window.warrant`, defined in the MAIN world of every frame at document_start, before any page
 * script. Everything it relies on is captured here, so a page that later patches globals or
 * prototypes cannot reroute proposals or answer them. Verdicts arrive only on a MessagePort that
 * was handed to the isolated world synchronously at start-up and is never exposed to the page.
 */
import { HANDSHAKE_EVENT } from '../../messages/handshake';

const API_VERSION = '1.0.0';

const apply = Reflect.apply;
const freeze = Object.freeze;
const defineProperty = Object.defineProperty;
const PromiseCtor = Promise;
const channel = new MessageChannel();
const postToBridge = MessagePort.prototype.postMessage;
const dispatchEvent = EventTarget.prototype.dispatchEvent;
const stringify = JSON.stringify;
const getPrototypeOf = Object.getPrototypeOf;
const ObjectPrototype = Object.prototype;
const ArrayPrototype = Array.prototype;

type Settle = (value: unknown) => void;
const pending: Record<string, Settle> = Object.create(null);
let counter = 0;
let connected = false;
const port = channel.port1;

port.onmessage = (event: MessageEvent) => {
  const data = event.data as { kind?: unknown; id?: unknown; verdict?: unknown; tools?: unknown } | null;
  if (data === null || typeof data !== 'object' || typeof data.id !== 'string') return;
  const settle = pending[data.id];
  if (settle === undefined) return;
  delete pending[data.id];
  settle(data.kind === 'tools' ? data.tools : data.verdict);
};

// The bridge's listener is already registered (it is listed first in the manifest and runs first);
// it takes the port during this synchronous dispatch, before any page script exists.
const handshake = new MessageEvent(HANDSHAKE_EVENT, { ports: [channel.port2], cancelable: true });
apply(dispatchEvent, window, [handshake]);
connected = (handshake as MessageEvent & { defaultPrevented: boolean }).defaultPrevented;

function localVerdict(id: string, code: string, message: string) {
  return freeze({ id, decision: 'block', executed: false, reasons: freeze([freeze({ code, message })]) });
}

function request(kind: 'propose' | 'tools', payload: unknown): Promise<unknown> {
  return new PromiseCtor((resolve) => {
    counter += 1;
    const id = `${kind}-${counter}`;
    if (!connected) {
      resolve(localVerdict(id, 'not_connected', 'Warrant has no channel to the extension in this frame.'));
      return;
    }
    pending[id] = resolve;
    if (kind === 'tools') {
      apply(postToBridge, port, [{ kind, id }]);
      return;
    }
    const encoded = encode(payload);
    // Anything that is not plain data still reaches the background, to be rejected and audited.
    apply(postToBridge, port, ['json' in encoded ? { kind, id, json: encoded.json } : { kind: 'malformed', id, problem: encoded.problem }]);
  });
}

/**
 * Proposals cross to the isolated world as JSON text: structured clones reach Firefox content
 * scripts through Xray wrappers, which hide own `__proto__` keys and so would launder them.
 * Only plain data is accepted; functions, symbols, DOM nodes and class instances are refused.
 */
function encode(value: unknown): { json: string } | { problem: string } {
  let problem: string | null = null;
  try {
    const json = apply(stringify, null, [
      value,
      (_key: string, member: unknown) => {
        if (problem !== null) return undefined;
        const type = typeof member;
        if (type === 'function' || type === 'symbol' || type === 'undefined') problem = `A ${type} is not data.`;
        else if (member !== null && type === 'object') {
          const proto = getPrototypeOf(member);
          if (proto !== ObjectPrototype && proto !== ArrayPrototype && proto !== null) problem = 'Only plain objects and arrays are data.';
        }
        return member;
      },
    ]) as string | undefined;
    if (problem !== null) return { problem };
    return typeof json === 'string' ? { json } : { problem: 'The proposal is not JSON data.' };
  } catch (error) {
    return { problem: `The proposal is not JSON data (${error instanceof Error ? error.name : 'error'}).` };
  }
}

const api = freeze({
  version: API_VERSION,
  propose: freeze(function propose(call: unknown) {
    return request('propose', call);
  }),
  tools: freeze(function tools() {
    return request('tools', undefined);
  }),
});

try {
  defineProperty(window, 'warrant', { value: api, writable: false, configurable: false, enumerable: true });
} catch {
  // Something already defined it non-configurably; that object is not ours and we cannot replace it.
}

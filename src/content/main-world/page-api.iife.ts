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
    try {
      apply(postToBridge, port, [kind === 'propose' ? { kind, id, proposal: payload } : { kind, id }]);
    } catch (error) {
      // Functions, DOM nodes, proxies and the like cannot be cloned; the background still hears of it.
      const problem = `The proposal cannot be cloned (${error instanceof Error ? error.name : 'error'}).`;
      apply(postToBridge, port, [{ kind: 'malformed', id, problem }]);
    }
  });
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

import { HANDSHAKE_EVENT } from '../../messages/handshake';
import { apply, dispatchEvent, freeze, PromiseCtor, postToPort } from './primordials';

/**
 * The private channel to the isolated world. The bridge's listener is registered first (it is
 * listed first in the manifest); it takes the port during this synchronous dispatch, before any
 * page script exists. Nothing posted to `window` is ever read.
 */
const channel = new MessageChannel();
const port = channel.port1;
const handshake = new MessageEvent(HANDSHAKE_EVENT, { ports: [channel.port2], cancelable: true });
apply(dispatchEvent, window, [handshake]);
export const connected = handshake.defaultPrevented;

type Settle = (value: unknown) => void;
const pending: Record<string, Settle> = Object.create(null);
let counter = 0;
let onRunTool: ((message: { runId: string; name: string; args: Record<string, unknown> }) => void) | null = null;
type Mode = 'off' | 'observe' | 'enforce';
let onInterceptionMode: ((mode: Mode) => void) | null = null;
let onAllow: ((allowance: { selector?: unknown; url?: unknown }) => void) | null = null;

port.onmessage = (event: MessageEvent) => {
  const data = event.data as Record<string, unknown> | null;
  if (data === null || typeof data !== 'object') return;
  if (data.kind === 'run-tool' && typeof data.runId === 'string' && typeof data.name === 'string') {
    onRunTool?.(data as { runId: string; name: string; args: Record<string, unknown> });
    return;
  }
  if (data.kind === 'interception-mode') {
    if (data.mode === 'off' || data.mode === 'observe' || data.mode === 'enforce') onInterceptionMode?.(data.mode);
    return;
  }
  if (data.kind === 'allow' && typeof data.id === 'string') {
    onAllow?.({ selector: data.selector, url: data.url });
    post({ kind: 'allowed', id: data.id });
    return;
  }
  if (typeof data.id !== 'string') return;
  const settle = pending[data.id];
  if (settle === undefined) return;
  delete pending[data.id];
  settle(data.kind === 'tools' ? data.tools : data.kind === 'verdict' ? data.verdict : data);
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

export function post(message: object): void {
  apply(postToPort, port, [message]);
}

export function localVerdict(id: string, code: string, message: string) {
  return freeze({ id, decision: 'block', executed: false, reasons: freeze([freeze({ code, message })]) });
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

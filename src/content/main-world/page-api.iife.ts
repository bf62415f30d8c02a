/**
 * `window.warrant`, defined in the MAIN world of every frame at document_start, before any page
 * script. A page can call it, but not replace it, forge its answers or reach the extension around it.
 */
import { request } from './channel';
import { encode } from './encode';
import { installInterceptor } from './interceptor/install';
import { defineProperty, freeze } from './primordials';
import { installWebMcpGate } from './webmcp';

const API_VERSION = '1.0.0';

function proposeCall(call: unknown): Promise<unknown> {
  const encoded = encode(call);
  // Anything that is not plain data still reaches the background, to be rejected and audited.
  return 'json' in encoded ? request('propose', { json: encoded.json }) : request('malformed', { problem: encoded.problem });
}

const api = freeze({
  version: API_VERSION,
  propose: freeze(function propose(call: unknown) {
    return proposeCall(call);
  }),
  tools: freeze(function tools() {
    return request('tools', {});
  }),
});

try {
  defineProperty(window, 'warrant', { value: api, writable: false, configurable: false, enumerable: true });
} catch {
  // Something already defined it non-configurably; that object is not ours and we cannot replace it.
}

installWebMcpGate(proposeCall);
installInterceptor();

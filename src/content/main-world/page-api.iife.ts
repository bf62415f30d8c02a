/**
 * `window.warrant`, defined in the MAIN world of every frame at document_start, before any page
 * script. A page can call it, but not replace it, forge its answers or reach the extension around it.
 */
import { request } from './channel';
import { encode } from './encode';
import { installInterceptor } from './interceptor/install';
import { disguiseWrappers } from './patches';
import { bag, defineProperty, freeze } from './primordials';
import { installWebMcpGate } from './webmcp';
import { sweepContexts } from './webmcp-contexts';

const API_VERSION = '1.0.0';

function proposeCall(call: unknown): Promise<unknown> {
  const encoded = encode(call);
  // Anything that is not plain data still reaches the background, to be rejected and audited.
  return 'json' in encoded ? request('propose', { json: encoded.json }) : request('malformed', { problem: encoded.problem });
}

/** Methods, so the functions keep their names through minification (built without keepNames). */
const methods = {
  propose(call: unknown) {
    sweepContexts();
    return proposeCall(call);
  },
  tools() {
    sweepContexts();
    return request('tools', {});
  },
};

const api = freeze({ version: API_VERSION, propose: freeze(methods.propose), tools: freeze(methods.tools) });

try {
  defineProperty(window, 'warrant', bag({ value: api, writable: false, configurable: false, enumerable: true }));
} catch {
  // Something already defined it non-configurably; that object is not ours and we cannot replace it.
}

disguiseWrappers();
installWebMcpGate(proposeCall);
installInterceptor();

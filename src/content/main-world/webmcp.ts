import { handleRunTool, post, request } from './channel';
import { encode } from './encode';
import { patch } from './patches';
import {
  apply,
  defineProperty,
  getOwnPropertyDescriptor,
  getPrototypeOf,
  hasOwn,
  ORIGIN,
  PromiseCtor,
  parseJson,
  stringify,
  WeakSetCtor,
  weakSetAdd,
  weakSetHas,
} from './primordials';

/**
 * WebMCP page tools (native `document.modelContext` in Chromium, the @mcp-b polyfill elsewhere):
 * every registration is reported to Warrant's registry, and every tool's `execute` is replaced by
 * one that asks Warrant. The page's own function runs only when the background says so.
 */
type Tool = { name?: unknown; title?: unknown; description?: unknown; inputSchema?: unknown; annotations?: unknown; execute?: unknown };
type Execute = (input: unknown, client?: unknown) => unknown;
type Propose = (call: unknown) => Promise<unknown>;

const ANNOTATIONS = [
  'title',
  'readOnlyHint',
  'destructiveHint',
  'idempotentHint',
  'openWorldHint',
  'consequentialHint',
  'untrustedContentHint',
];
const ours = new WeakSetCtor<object>();
/** name → the page's own execute and the definition it came with; the first definition wins until it changes. */
const tools: Record<string, { original: Execute; definition: string }> = Object.create(null);

export function installWebMcpGate(propose: Propose): void {
  handleRunTool(runTool);
  const native = (window as unknown as { ModelContext?: { prototype: object } }).ModelContext;
  if (native) gateRegisterTool(native.prototype, propose);
  for (const holder of [document, navigator]) {
    const context = (holder as unknown as { modelContext?: object }).modelContext;
    if (context) gateContext(context, propose);
  }
  watchDefinitions(propose);
}

/** Libraries (the polyfill, @mcp-b/global) install their contexts later, with defineProperty. */
function watchDefinitions(propose: Propose): void {
  const originalDefine = Object.defineProperty;
  const watched = function defineProperty<T>(target: T, key: PropertyKey, attributes: PropertyDescriptor & ThisType<unknown>): T {
    const result = apply(originalDefine, Object, [target, key, attributes]) as T;
    try {
      if (key === 'ModelContext' && target === (window as unknown)) {
        const ctor = (window as unknown as { ModelContext?: { prototype?: object } }).ModelContext;
        if (ctor?.prototype) gateRegisterTool(ctor.prototype, propose);
      } else if (key === 'modelContext' && typeof target === 'object' && target !== null) {
        const holder = target as unknown;
        const context = (holder === document || holder === navigator ? holder : document) as { modelContext?: object };
        if (context.modelContext) gateContext(context.modelContext, propose);
      }
    } catch {
      // Never break the page's own definitions.
    }
    return result;
  };
  patch(Object, 'defineProperty', { value: watched, writable: true, configurable: true, enumerable: false });
}

function gateContext(context: object, propose: Propose): void {
  for (let holder: object | null = context; holder; holder = getPrototypeOf(holder)) {
    if (hasOwn(holder, 'registerTool')) return gateRegisterTool(holder, propose);
  }
}

function gateRegisterTool(holder: object, propose: Propose): void {
  const descriptor = getOwnPropertyDescriptor(holder, 'registerTool');
  const original = descriptor?.value as ((tool: Tool, options?: { signal?: AbortSignal }) => unknown) | undefined;
  if (typeof original !== 'function' || apply(weakSetHas, ours, [original])) return;
  const gated = function registerTool(this: unknown, tool: Tool, options?: { signal?: AbortSignal }) {
    const gatedTool = tool && typeof tool === 'object' ? gateTool(tool, options?.signal, propose) : tool;
    return apply(original, this, [gatedTool, options]);
  };
  apply(weakSetAdd, ours, [gated]);
  patch(holder, 'registerTool', { ...descriptor, value: gated });
}

/** Reports the definition and returns a copy of the tool whose execute goes through Warrant. */
function gateTool(tool: Tool, signal: AbortSignal | undefined, propose: Propose): Tool {
  const name = typeof tool.name === 'string' ? tool.name : '';
  const execute = tool.execute;
  if (typeof execute !== 'function' || apply(weakSetHas, ours, [execute])) return tool;
  const definition = describe(tool);
  const json = encode(definition);
  if ('json' in json) {
    const known = tools[name];
    if (!known || known.definition !== json.json) tools[name] = { original: execute as Execute, definition: json.json };
    void request('register-tool', { json: json.json });
  }
  signal?.addEventListener('abort', () => {
    if (tools[name]?.original === execute) delete tools[name];
    void request('unregister-tool', { name });
  });
  const gatedExecute = async function execute(input: unknown) {
    // Native Chromium passes an object; the polyfill's types say a JSON string: accept both.
    const args = typeof input === 'string' ? parseJson(input) : (input ?? {});
    const verdict = (await propose({ tool: name, provider: ORIGIN, args, agent: 'webmcp:native' })) as {
      decision: string;
      executed: boolean;
      reasons: { code: string }[];
      result?: { value?: unknown };
    };
    if (verdict.executed) return verdict.result?.value;
    const codes = verdict.reasons.map((r) => r.code).join(', ');
    throw new Error(`Warrant ${verdict.decision}: ${codes || 'not executed'}`);
  };
  apply(weakSetAdd, ours, [gatedExecute]);
  const copy: Tool = { ...tool };
  defineProperty(copy, 'execute', { value: gatedExecute, writable: true, enumerable: true, configurable: true });
  return copy;
}

function describe(tool: Tool) {
  let inputSchema = tool.inputSchema ?? { type: 'object', properties: {} };
  if (typeof inputSchema === 'string') inputSchema = parseJson(inputSchema);
  const annotations: Record<string, unknown> = {};
  const given = (tool.annotations ?? {}) as Record<string, unknown>;
  for (const key of ANNOTATIONS) if (given[key] !== undefined) annotations[key] = given[key];
  if (typeof tool.title === 'string' && annotations.title === undefined) annotations.title = tool.title;
  return { name: tool.name, description: typeof tool.description === 'string' ? tool.description : '', inputSchema, annotations };
}

/** Runs the page's own execute, on the background's word only (the bridge relays nothing else). */
function runTool(message: { runId: string; name: string; args: Record<string, unknown> }): void {
  const entry = tools[message.name];
  const reply = (ok: boolean, extra: { json?: string; error?: string }) =>
    post({ kind: 'tool-result', runId: message.runId, ok, ...extra });
  if (!entry) return reply(false, { error: `This frame has no tool "${message.name}".` });
  new PromiseCtor((resolve) => resolve(apply(entry.original, undefined, [message.args, { signal: new AbortController().signal }])))
    .then((value) => {
      let json: string | undefined;
      try {
        json = apply(stringify, null, [{ value }]) as string | undefined;
      } catch {
        json = undefined;
      }
      reply(true, json === undefined ? {} : { json });
    })
    .catch((error: unknown) => reply(false, { error: error instanceof Error ? error.message : String(error) }));
}

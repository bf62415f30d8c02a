import { handleRunTool, post, request } from './channel';
import { encode } from './encode';
import { patch } from './patches';
import {
  addEventListener,
  apply,
  defineProperty,
  functionToString,
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
/** Captured at document_start, before any page script could replace it. */
const promiseThen = PromiseCtor.prototype.then;
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
    if (hasOwn(holder, 'registerTool')) {
      gateRegisterTool(holder, propose);
      return;
    }
  }
}

/**
 * Libraries such as @mcp-b/global register each tool again with the context underneath, from
 * inside their own registerTool and before it first awaits. That mirror carries the library's
 * wrapper of our gated execute, so it is passed through rather than gated (and run) twice.
 * Only a registration of the same name, made synchronously inside ours, counts as a mirror; the
 * tool handed to the library is a data snapshot, so no page getter runs while this is set.
 */
let mirroring: string | null = null;

function gateRegisterTool(holder: object, propose: Propose): void {
  const descriptor = getOwnPropertyDescriptor(holder, 'registerTool');
  const original = descriptor?.value as ((tool: Tool, options?: { signal?: AbortSignal }) => unknown) | undefined;
  if (typeof original !== 'function' || apply(weakSetHas, ours, [original])) return;
  const gated = function registerTool(this: unknown, tool: Tool, options?: { signal?: AbortSignal }) {
    if (mirroring !== null && tool && typeof tool === 'object' && tool.name === mirroring) return apply(original, this, [tool, options]);
    const gatedTool = tool && typeof tool === 'object' ? gateTool(tool, options?.signal, propose) : null;
    const passed: Tool | null | undefined = gatedTool ? gatedTool.tool : tool;
    const outer = mirroring;
    mirroring = passed && typeof passed === 'object' && typeof passed.name === 'string' ? passed.name : null;
    let result: unknown;
    try {
      result = apply(original, this, [passed, options]);
    } finally {
      mirroring = outer;
    }
    // Warrant offers the tool only once the page's WebMCP has accepted it (a throw skips this). A
    // registration the browser or the polyfill refuses — the embedder withheld the "tools"
    // Permissions Policy, the polyfill will not serve a cross-origin frame, a duplicate name —
    // reaches no agent through WebMCP, so it must not reach one through Warrant either.
    if (gatedTool) {
      const accepted = new PromiseCtor<unknown>((resolve) => resolve(result));
      apply(promiseThen, accepted, [gatedTool.accept, () => undefined]);
    }
    return result;
  };
  apply(weakSetAdd, ours, [gated]);
  patch(holder, 'registerTool', { ...descriptor, value: gated });
}

/**
 * Returns a data snapshot of the tool whose execute goes through Warrant, and `accept`, which
 * reports the definition to Warrant once the page's WebMCP has taken the registration.
 */
function gateTool(tool: Tool, signal: AbortSignal | undefined, propose: Propose): { tool: Tool; accept: () => void } | null {
  const name = typeof tool.name === 'string' ? tool.name : '';
  const execute = tool.execute;
  if (typeof execute !== 'function' || apply(weakSetHas, ours, [execute])) return null;
  let definition: ReturnType<typeof describe>;
  try {
    definition = describe(tool, execute);
  } catch {
    return null;
  }
  const json = encode(definition);
  const accept = () => {
    if (!('json' in json) || signal?.aborted) return;
    const known = tools[name];
    if (!known || known.definition !== json.json) tools[name] = { original: execute as Execute, definition: json.json };
    void request('register-tool', { json: json.json });
    if (signal) {
      apply(addEventListener, signal, [
        'abort',
        () => {
          if (tools[name]?.original === execute) delete tools[name];
          void request('unregister-tool', { name });
        },
      ]);
    }
  };
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
  const snapshot: Tool = { name, description: definition.description, inputSchema: definition.inputSchema };
  if (typeof tool.title === 'string') snapshot.title = tool.title;
  if (tool.annotations && typeof tool.annotations === 'object') snapshot.annotations = definition.annotations;
  defineProperty(snapshot, 'execute', { value: gatedExecute, writable: true, enumerable: true, configurable: true });
  return { tool: snapshot, accept };
}

/** Plain data only: getters run once, here, and the schema is copied through JSON. */
function describe(tool: Tool, execute: unknown) {
  let inputSchema = tool.inputSchema ?? { type: 'object', properties: {} };
  inputSchema = parseJson(typeof inputSchema === 'string' ? inputSchema : (apply(stringify, null, [inputSchema]) as string));
  const annotations: Record<string, unknown> = {};
  const given = (tool.annotations ?? {}) as Record<string, unknown>;
  for (const key of ANNOTATIONS) if (given[key] !== undefined) annotations[key] = given[key];
  if (typeof tool.title === 'string' && annotations.title === undefined) annotations.title = tool.title;
  const source = (apply(functionToString, execute, []) as string).slice(0, 50_000);
  return { name: tool.name, source, description: typeof tool.description === 'string' ? tool.description : '', inputSchema, annotations };
}

/** Runs the page's own execute, on the background's word only (the bridge relays nothing else). */
function runTool(message: { runId: string; name: string; args: Record<string, unknown> }): void {
  const entry = tools[message.name];
  const reply = (ok: boolean, extra: { json?: string; error?: string }) =>
    post({ kind: 'tool-result', runId: message.runId, ok, ...extra });
  if (!entry) {
    reply(false, { error: `This frame has no tool "${message.name}".` });
    return;
  }
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

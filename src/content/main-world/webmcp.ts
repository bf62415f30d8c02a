import { handleRunTool, post, request } from './channel';
import { encode } from './encode';
import { patch, replaced, wrap } from './patches';
import {
  addEventListener,
  apply,
  bag,
  createObject,
  defineProperty,
  functionToString,
  getPrototypeOf,
  hasOwn,
  ORIGIN,
  ownDescriptor,
  PromiseCtor,
  parseJson,
  StringCtor,
  stringify,
  text,
  WeakSetCtor,
  weakSetAdd,
  weakSetHas,
} from './primordials';
import { watchContexts } from './webmcp-contexts';

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
const ErrorCtor = Error;
/** name → the page's own execute and the definition it came with; the first definition wins until it changes. */
const tools: Record<string, { original: Execute; definition: string }> = createObject(null);

/** Native contexts now; a polyfill's as it appears (webmcp-contexts.ts: no global hook). */
export function installWebMcpGate(propose: Propose): void {
  handleRunTool(runTool);
  watchContexts((context) => {
    try {
      gateContext(context, propose);
    } catch {
      // An exotic context: never break the page's WebMCP.
    }
  });
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
  const descriptor = ownDescriptor(holder, 'registerTool');
  const native = descriptor?.value as ((tool: Tool, options?: { signal?: AbortSignal }) => unknown) | undefined;
  if (descriptor === undefined || typeof native !== 'function' || apply(weakSetHas, ours, [native])) return;
  const gated = wrap(native, (original, self, args) => {
    const given = args[0] as Tool;
    const options = args[1] as { signal?: AbortSignal } | undefined;
    // Read once, here: the mirror's name is checked on the same copy the page's WebMCP is handed (a
    // review, Dec 7: a name read again inside the native call could register an ungated execute).
    let tool: Tool | null = null;
    try {
      tool = given && typeof given === 'object' ? readOnce(given) : null;
    } catch {
      tool = null;
    }
    if (mirroring !== null && tool !== null && tool.name === mirroring) return apply(original, self, [tool, options]);
    const gatedTool = tool !== null ? gateTool(tool, options?.signal, propose) : null;
    const passed: Tool | null | undefined = gatedTool ? gatedTool.tool : given;
    const outer = mirroring;
    mirroring = passed && typeof passed === 'object' && typeof passed.name === 'string' ? passed.name : null;
    let result: unknown;
    try {
      result = apply(original, self, [passed, options]);
    } finally {
      mirroring = outer;
    }
    // Warrant offers the tool only once the page's WebMCP has accepted it (a throw skips this). A
    // registration the browser or the polyfill refuses — the embedder withheld the "tools"
    // Permissions Policy, the polyfill will not serve a cross-origin frame, a duplicate name —
    // reaches no agent through WebMCP, so it must not reach one through Warrant either.
    // A native promise is waited on with the captured `then` (a page's Promise.prototype.then or
    // Object.prototype.then is never asked); anything else was accepted when the call returned.
    if (gatedTool) {
      try {
        apply(promiseThen, result, [gatedTool.accept, () => undefined]);
      } catch {
        gatedTool.accept();
      }
    }
    return result;
  });
  apply(weakSetAdd, ours, [gated]);
  patch(holder, 'registerTool', replaced(descriptor, 'value', gated));
}

/**
 * Returns a data snapshot of the tool whose execute goes through Warrant, and `accept`, which
 * reports the definition to Warrant once the page's WebMCP has taken the registration.
 */
function gateTool(given: Tool, signal: AbortSignal | undefined, propose: Propose): { tool: Tool; accept: () => void } | null {
  let tool: Tool;
  try {
    tool = readOnce(given);
  } catch {
    return null;
  }
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
  /** Without `await`, which would consult the page's Promise.prototype.constructor and `then`. */
  const gatedExecute = function execute(input: unknown) {
    return new PromiseCtor((resolve, reject) => {
      // Native Chromium passes an object; the polyfill's types say a JSON string: accept both.
      const args = typeof input === 'string' ? parseJson(input) : (input ?? {});
      const decided = (answer: unknown) => {
        const verdict = answer as { decision: string; executed: boolean; reasons: { code: string }[]; result?: { value?: unknown } };
        if (verdict.executed) {
          resolve(verdict.result?.value);
          return;
        }
        let codes = '';
        for (let at = 0; at < verdict.reasons.length; at += 1) codes += `${at === 0 ? '' : ', '}${StringCtor(verdict.reasons[at]!.code)}`;
        reject(new ErrorCtor(`Warrant ${verdict.decision}: ${codes || 'not executed'}`));
      };
      apply(promiseThen, propose({ tool: name, provider: ORIGIN, args, agent: 'webmcp:native' }), [decided, reject]);
    });
  };
  apply(weakSetAdd, ours, [gatedExecute]);
  // The page's WebMCP reads this tool as it would the page's own (a dictionary, inherited fields included).
  const snapshot: Tool = { name, description: definition.description, inputSchema: definition.inputSchema };
  if (typeof tool.title === 'string') snapshot.title = tool.title;
  if (tool.annotations && typeof tool.annotations === 'object') snapshot.annotations = definition.annotations;
  defineProperty(snapshot, 'execute', bag({ value: gatedExecute, writable: true, enumerable: true, configurable: true }));
  return { tool: snapshot, accept };
}

/**
 * Each of the page's fields read once, here: the name that keys this frame's table of functions,
 * the name reported to Warrant and the name the page's WebMCP holds come from one read. A red team
 * (Dec 7, Chromium) gave a tool a `name` getter that answered differently on its third read: a
 * listed read-only tool's name ran a payment tool's function, with no ask.
 */
function readOnce(tool: Tool): Tool {
  const read: Tool = createObject(null);
  for (let at = 0; at < FIELDS.length; at += 1) {
    const key = FIELDS[at]!;
    read[key] = tool[key];
  }
  const annotations = read.annotations;
  if (annotations && typeof annotations === 'object') {
    const copy: Record<string, unknown> = createObject(null);
    for (let at = 0; at < ANNOTATIONS.length; at += 1) {
      const key = ANNOTATIONS[at]!;
      copy[key] = (annotations as Record<string, unknown>)[key];
    }
    read.annotations = copy;
  }
  return read;
}

const FIELDS = ['name', 'title', 'description', 'inputSchema', 'annotations', 'execute'] as const;

/** Plain data only, from readOnce's copy; the schema is copied through JSON. */
function describe(tool: Tool, execute: unknown) {
  let inputSchema = tool.inputSchema ?? { type: 'object', properties: {} };
  inputSchema = parseJson(typeof inputSchema === 'string' ? inputSchema : (apply(stringify, null, [inputSchema]) as string));
  const annotations: Record<string, unknown> = {};
  const given = (tool.annotations ?? {}) as Record<string, unknown>;
  for (let at = 0; at < ANNOTATIONS.length; at += 1) {
    const key = ANNOTATIONS[at]!;
    if (given[key] !== undefined) annotations[key] = given[key];
  }
  if (typeof tool.title === 'string' && annotations.title === undefined) annotations.title = tool.title;
  const source = text.slice(apply(functionToString, execute, []) as string, 0, 50_000);
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
  const ran = new PromiseCtor((resolve) =>
    resolve(apply(entry.original, undefined, [message.args, { signal: new AbortController().signal }])),
  );
  const done = (value: unknown) => {
    let json: string | undefined;
    try {
      json = apply(stringify, null, [{ value }]) as string | undefined;
    } catch {
      json = undefined;
    }
    reply(true, json === undefined ? {} : { json });
  };
  const failed = (error: unknown) => reply(false, { error: error instanceof ErrorCtor ? StringCtor(error.message) : StringCtor(error) });
  apply(promiseThen, ran, [done, failed]);
}

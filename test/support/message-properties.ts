import fc from 'fast-check';
import { execute, forget, rememberCertified } from '../../src/content/executor';
import { PROPOSAL_LIMITS, VerdictSchema } from '../../src/core/contracts';
import { inspectShape, resolve } from '../../src/core/resolver';
import { ExecuteCommandSchema } from '../../src/messages/background-content';
import { ContentRequestSchema } from '../../src/messages/content-background';
import { PageRequestSchema } from '../../src/messages/page-bridge';

/**
 * Properties of the whole message path from the page API to the background (issue 14 §1), run by
 * the unit tests (a few hundred cases each) and by the bench (ten thousand). Each stage is the
 * real code a hostile page's input meets: the bridge's reading of page messages, the shape check,
 * the resolver, the background's reading of frame messages, and the frame's reading of commands.
 */

/** Keys that have broken parsers before: prototype pollution, accessors' names, our own fields. */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'then', 'get', 'url', 'selector', 'tool', 'args', 'claims'];
/** Strings with the Unicode a label or a selector may carry: bidi, invisibles, astral, lone surrogates. */
const awkwardString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 64 }),
  fc.constantFrom('\u202e', '\u200b', '\ufeff', '\ud800', '\udfff', 'x\u0000y', '𝐏𝐚𝐲', 'Ра\u0443', '#pay', '>>> #x', ''),
  fc.string({ maxLength: 8 }).map((s) => s.repeat(1_000)),
);
const key = fc.oneof(fc.constantFrom(...HOSTILE_KEYS), fc.string({ maxLength: 12 }));
const leaf = fc.oneof(awkwardString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.bigInt());
/** Any JSON-like or not-quite-JSON value, nested, with hostile keys (built with own properties). */
export const hostileValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 6 }),
    fc.array(fc.tuple(key, tie('value')), { maxLength: 6 }).map((entries) => {
      const object: Record<string, unknown> = {};
      for (const [k, v] of entries) Object.defineProperty(object, k, { value: v, enumerable: true, configurable: true, writable: true });
      return object;
    }),
  ),
})).value;
/** Proposal-like objects: a known tool name with hostile args and claims, so the resolver is exercised past H1. */
const proposalLike = fc.record(
  {
    tool: fc.oneof(fc.constantFrom('click', 'type', 'select', 'submit', 'navigate', 'read', 'scroll', 'wipe_disk'), awkwardString),
    args: hostileValue,
    claims: hostileValue,
    agent: hostileValue,
    provider: hostileValue,
  },
  { requiredKeys: ['tool'] },
);
/** Deeply nested arrays, past every limit. */
const deep = fc.integer({ min: PROPOSAL_LIMITS.maxDepth - 2, max: 2_000 }).map((n) => {
  let value: unknown = 'x';
  for (let i = 0; i < n; i++) value = [value];
  return { tool: 'click', args: { target: value } };
});

const PAGE_KINDS = new Set(PageRequestSchema.options.map((option) => option.shape.kind.value));

const GOOD = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay' } };

/** The bridge's reading of one proposal from the page: JSON text → shape → the background's resolver. */
function throughTheBridge(json: string): 'refused' | 'resolved' {
  if (json.length > PROPOSAL_LIMITS.maxBytes) return 'refused';
  let proposal: unknown;
  try {
    proposal = JSON.parse(json);
  } catch {
    return 'refused';
  }
  if (inspectShape(proposal) !== null) return 'refused';
  const resolution = resolve(proposal);
  if (!resolution.ok) {
    if (resolution.reasons.length === 0) throw new Error('a refusal without a reason');
    return 'refused';
  }
  return 'resolved';
}

const OBJECT_KEYS = Reflect.ownKeys(Object.prototype).length;
const ARRAY_KEYS = Reflect.ownKeys(Array.prototype).length;

/** Throws if a run left anything on Object.prototype or Array.prototype (pollution through parsing). */
function prototypesClean(): void {
  if (Reflect.ownKeys(Object.prototype).length !== OBJECT_KEYS || Reflect.ownKeys(Array.prototype).length !== ARRAY_KEYS)
    throw new Error('a prototype was polluted');
}

export type MessageProperty = { name: string; property: fc.IPropertyWithHooks<unknown[]> | fc.IAsyncPropertyWithHooks<unknown[]> };

export const MESSAGE_PROPERTIES: MessageProperty[] = [
  {
    name: 'the resolver refuses or resolves any proposal-like value, with reasons, and never throws',
    property: fc.property(fc.oneof(proposalLike, hostileValue, deep), (value) => {
      const shape = inspectShape(value);
      if (shape) return ['malformed_proposal', 'payload_too_large'].includes(shape.code);
      const resolution = resolve(value);
      prototypesClean();
      return resolution.ok ? typeof resolution.call.tool === 'string' : resolution.reasons.length > 0;
    }),
  },
  {
    name: 'proposals that reach the bridge as JSON text are refused or resolved, and the next good one still resolves',
    property: fc.property(fc.oneof(proposalLike, hostileValue, deep), awkwardString, (value, junk) => {
      let json: string | undefined;
      try {
        json = JSON.stringify(value);
      } catch {
        json = undefined; // not serialisable (a bigint): the page API reports it as malformed
      }
      for (const text of [json ?? '', junk, `${json ?? ''}${junk}`]) throughTheBridge(text);
      prototypesClean();
      return throughTheBridge(JSON.stringify(GOOD)) === 'resolved';
    }),
  },
  {
    name: 'forged page messages are read only in their declared shapes',
    property: fc.property(
      fc.oneof(
        hostileValue,
        fc.record({
          kind: fc.constantFrom('propose', 'tools', 'allowed', 'tool-result', 'agent-check', 'x'),
          id: hostileValue,
          json: hostileValue,
        }),
      ),
      (message) => {
        const parsed = PageRequestSchema.safeParse(message);
        if (!parsed.success) return true;
        // Accepted: one of the declared kinds, a fresh object, and its id (where it has one) bounded.
        const id = (parsed.data as { id?: unknown }).id;
        return (
          PAGE_KINDS.has(parsed.data.kind) && parsed.data !== message && (id === undefined || (typeof id === 'string' && id.length <= 64))
        );
      },
    ),
  },
  {
    name: 'forged frame requests and commands are refused unless they have exactly their declared shape',
    property: fc.property(
      fc.oneof(
        hostileValue,
        fc.record({
          kind: fc.constantFrom('propose', 'unforwarded', 'execute', 'tools'),
          requestId: hostileValue,
          proposal: hostileValue,
          certificates: hostileValue,
          digest: hostileValue,
          action: hostileValue,
        }),
      ),
      (message) => {
        const request = ContentRequestSchema.safeParse(message);
        const command = ExecuteCommandSchema.safeParse(message);
        const verdict = VerdictSchema.safeParse(message);
        prototypesClean();
        // Whatever was accepted is a fresh object of the declared shape, never the page's own.
        return [request, command, verdict].every((r) => !r.success || r.data !== message);
      },
    ),
  },
  {
    name: 'the frame performs no command it did not certify: forged ids, wrong digests and replays are refused',
    property: fc.asyncProperty(
      fc.record({ requestId: fc.string({ minLength: 1, maxLength: 64 }), digest: fc.string({ maxLength: 128 }) }),
      fc.boolean(),
      async ({ requestId, digest }, replay) => {
        const command = ExecuteCommandSchema.parse({
          kind: 'execute',
          requestId,
          digest,
          action: { tool: 'scroll', direction: 'down', amount: 1 },
        });
        // Nothing certified under this id in this frame.
        forget(requestId);
        const forged = await execute(command, null);
        // Certified under another digest (another request): the command does not match what was certified.
        const other = ExecuteCommandSchema.parse({ ...command, requestId: `${requestId.slice(0, 60)}:dig` });
        forget(other.requestId);
        rememberCertified(other.requestId, null, null, `${digest}-other`);
        const mismatched = await execute(other, null);
        // A command is good once: the same one again, even with a certificate now, is answered as the first was.
        if (replay) rememberCertified(requestId, null, null, digest);
        const again = replay ? await execute(command, null) : forged;
        return [forged, mismatched, again].every((r) => !r.executed && r.code === 'stale_evidence');
      },
    ),
  },
];

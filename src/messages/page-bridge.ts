import { z } from 'zod';

/**
 * Main world ⇄ isolated world, over the private MessagePort handed across at document_start.
 * The page API is the only holder of its end; nothing posted to `window` is ever read.
 */
export { HANDSHAKE_EVENT } from './handshake';

export const PageRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('propose'), id: z.string().max(64), json: z.string() }),
  z.strictObject({ kind: z.literal('malformed'), id: z.string().max(64), problem: z.string().max(300) }),
  /** An intercepted page call Warrant cannot perform on the page's behalf: audited, not performed. */
  z.strictObject({ kind: z.literal('withheld'), id: z.string().max(64), problem: z.string().max(300) }),
  /** The page API took an allowance the bridge announced (see AllowMessage). */
  z.strictObject({ kind: z.literal('allowed'), id: z.string().max(64) }),
  z.strictObject({ kind: z.literal('tools'), id: z.string().max(64) }),
  z.strictObject({ kind: z.literal('register-tool'), id: z.string().max(64), json: z.string() }),
  z.strictObject({ kind: z.literal('unregister-tool'), id: z.string().max(64), name: z.string().max(128) }),
  /** The event type for synchronous checks of an assistant's clicks (src/content/agent-check.ts). */
  z.strictObject({ kind: z.literal('agent-check'), type: z.string().regex(/^warrant-check-[0-9a-f]{32}$/) }),
  /** An intercepted action the page performed itself (observe): reported, never answered. */
  z.strictObject({ kind: z.literal('observed'), json: z.string().max(2_000) }),
  z.strictObject({
    kind: z.literal('tool-result'),
    runId: z.string().max(64),
    ok: z.boolean(),
    json: z.string().optional(),
    error: z.string().optional(),
  }),
]);
export type PageRequest = z.infer<typeof PageRequestSchema>;

/** Answers carry the request id; the page API only resolves promises it is waiting on. */
export type BridgeReply =
  | { kind: 'verdict'; id: string; verdict: unknown }
  | { kind: 'tools'; id: string; tools: unknown }
  | { kind: 'registered'; id: string; ok: boolean; message?: string };

/** Isolated world → page API: the interception mode of this frame's site, from the policy. */
export type InterceptionModeMessage = { kind: 'interception-mode'; mode: 'off' | 'observe' | 'enforce' };

/**
 * Isolated world → page API: Warrant is about to click this element or go to this URL itself;
 * the interceptor's guards let exactly that through. Answered with `allowed`.
 */
export type AllowMessage = { kind: 'allow'; id: string; selector?: string; url?: string };

/** Isolated world → page API: run a tool this frame registered (only on the background's word). */
export type RunToolRequest = { kind: 'run-tool'; runId: string; name: string; args: Record<string, unknown> };

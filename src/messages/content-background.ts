import { z } from 'zod';
import { CertificateSchema, ToolDescriptorSchema, VerdictSchema } from '../core/contracts';
import { lengthSafe } from '../core/contracts/length-safe';
import { ViewportSchema } from './viewport';

/** What a page says about a tool it registers: all of it untrusted, bounded here. */
export const PageToolRegistrationSchema = z.strictObject({
  name: z.string().min(1).max(128),
  /** The page's `execute`, as the captured Function.prototype.toString reads it (part of the digest). */
  source: z.string().max(50_000),
  description: z.string().max(4_000),
  inputSchema: z.record(z.string(), z.unknown()),
  annotations: z
    .strictObject({
      title: z.string().max(200).optional(),
      readOnlyHint: z.boolean().optional(),
      destructiveHint: z.boolean().optional(),
      consequentialHint: z.boolean().optional(),
      untrustedContentHint: z.boolean().optional(),
      idempotentHint: z.boolean().optional(),
      openWorldHint: z.boolean().optional(),
    })
    .optional(),
});
export type PageToolRegistration = z.infer<typeof PageToolRegistrationSchema>;

/**
 * What the MAIN-world interceptor saw a page script do and let run (benign, or observe mode).
 * All of it comes from the page and is only recorded, never acted on.
 */
export const ObservationSchema = z.strictObject({
  tool: z.enum(['click', 'submit', 'type', 'select', 'navigate']),
  target: z.string().max(512).nullable(),
  url: z.string().max(2_048).nullable(),
  agent: z.string().max(200),
  via: z.enum([
    'click',
    'dispatchEvent',
    'submit',
    'requestSubmit',
    'value',
    'beforeinput',
    'execCommand',
    'location',
    'window.open',
    'untrusted-click',
  ]),
  privileged: z.boolean(),
});
export type Observation = z.infer<typeof ObservationSchema>;

/** Isolated world → background. The sender (tab, frame, URL) comes from the browser, not from here. */
export const ContentRequestSchema = lengthSafe(
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('propose'),
      requestId: z.string().min(1).max(64),
      proposal: z.unknown(),
      certificates: z.array(CertificateSchema).max(64),
      /** How long the content script took to gather them, for the audit and the benchmark. */
      certifyMs: z.number().nonnegative().max(600_000).optional(),
      /** For cropping the target out of a screenshot of the tab. */
      devicePixelRatio: z.number().positive().max(16).optional(),
      /** This frame's layout viewport, for capturing only the target (messages/viewport.ts). */
      viewport: ViewportSchema.optional(),
    }),
    /**
     * A proposal the frame did not forward, and why: its shape or size, a replay, or the frame's own
     * failure to gather evidence (internal_error). The background records it like any other.
     */
    z.strictObject({
      kind: z.literal('unforwarded'),
      requestId: z.string().min(1).max(64),
      code: z.enum(['malformed_proposal', 'payload_too_large', 'not_replayable', 'internal_error']),
      problem: z.string().max(300),
      /** The parsed proposal, where the frame has one (internal_error): the record names its tool and target. */
      proposal: z.unknown().optional(),
    }),
    z.strictObject({ kind: z.literal('tools') }),
    /** The definition is validated by its own schema on receipt, so the page learns what was wrong with it. */
    z.strictObject({ kind: z.literal('tool:register'), definition: z.unknown() }),
    z.strictObject({ kind: z.literal('tool:unregister'), name: z.string().max(128) }),
    z.strictObject({ kind: z.literal('interception:mode') }),
    z.strictObject({ kind: z.literal('interception:observed'), observation: ObservationSchema }),
  ]),
);
export type ContentRequest = z.infer<typeof ContentRequestSchema>;
/** A proposal as a frame hands it over: each gets one decision and one audit record. */
export type ProposalRequest = Extract<ContentRequest, { kind: 'propose' | 'unforwarded' }>;

export const ProposeResponseSchema = VerdictSchema;
export const ToolsResponseSchema = z.array(ToolDescriptorSchema);

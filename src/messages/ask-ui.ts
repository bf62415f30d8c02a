import { z } from 'zod';
import { ReasonSchema } from '../core/contracts';

const QuotedSchema = z.strictObject({ text: z.string().max(400), removed: z.number().int().nonnegative() });

/** What the prompt shows (src/core/plan/ask-summary.ts builds it from certified facts). */
export const AskSummarySchema = z.strictObject({
  site: z.string().max(300).nullable(),
  action: z.enum(['click', 'type', 'submit', 'select', 'navigate', 'scroll', 'page-tool', 'other']),
  label: QuotedSchema.nullable(),
  destination: z
    .strictObject({
      url: QuotedSchema,
      host: z.string().max(300),
      reads: z.string().max(300).nullable(),
      otherSite: z.boolean(),
      impersonates: z.string().max(500).nullable(),
    })
    .nullable(),
  fields: z
    .array(
      z.strictObject({ label: QuotedSchema.nullable(), name: QuotedSchema, value: QuotedSchema, shown: z.boolean(), masked: z.boolean() }),
    )
    .max(12),
  moreFields: z.number().int().nonnegative(),
  typed: z.strictObject({ text: QuotedSchema, masked: z.boolean() }).nullable(),
  option: QuotedSchema.nullable(),
  toolName: QuotedSchema.nullable(),
  agent: QuotedSchema.nullable(),
});

/** An action waiting for the user, as stored (storage.session, version 1) and as the popup shows it. */
export const PendingAskSchema = z.strictObject({
  id: z.string(),
  tabId: z.number(),
  frameId: z.number(),
  origin: z.string().nullable(),
  tool: z.string(),
  target: z.string().nullable(),
  label: z.string().nullable(),
  agent: z.string().nullable(),
  /** Where the action leads, as builds before `summary` wrote it; still accepted, so such asks parse (the summary now says it). */
  destination: z.string().nullable().optional(),
  evidence: z.array(z.string()),
  reasons: z.array(ReasonSchema),
  /** Identifies this exact action for a transaction-bound approval. */
  transaction: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  crop: z.string().nullable(),
  /** Added within version 1 (optional: asks stored before it still parse; the popup then shows the older lines). */
  summary: AskSummarySchema.optional(),
});
export type PendingAsk = z.infer<typeof PendingAskSchema>;

/** Extension pages (popup, prompt window) → background: list pending asks, answer one. */
export const AskRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('ask:list') }),
  z.strictObject({
    kind: z.literal('ask:answer'),
    id: z.string().max(64),
    approved: z.boolean(),
    /** Approve this same transaction on this site for this many minutes. */
    rememberMinutes: z.number().int().min(1).max(60).optional(),
  }),
]);
export type AskRequest = z.infer<typeof AskRequestSchema>;

export const AskListResponseSchema = z.array(PendingAskSchema);

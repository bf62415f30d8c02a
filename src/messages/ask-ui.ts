import { z } from 'zod';
import { ReasonSchema } from '../core/contracts';

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
  /** Where the action leads (a link's or navigation's URL, and the host as it reads), if anywhere. */
  destination: z.string().nullable().optional(),
  evidence: z.array(z.string()),
  reasons: z.array(ReasonSchema),
  /** Identifies this exact action for a transaction-bound approval. */
  transaction: z.string(),
  createdAt: z.number(),
  expiresAt: z.number(),
  crop: z.string().nullable(),
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

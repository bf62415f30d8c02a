import { z } from 'zod';
import { MANAGEABLE_KEYS, PolicySchema } from '../core/policy';

/**
 * Background → options page: the answers to policy:get and policy:set (requests are in
 * ui-background.ts). Kept apart so the popup, which never reads the policy, does not load its schema.
 */
export const PolicyIssueSchema = z.strictObject({
  path: z.string(),
  message: z.string(),
  source: z.enum(['stored', 'managed', 'storage']).optional(),
});
export type PolicyIssueMessage = z.infer<typeof PolicyIssueSchema>;

/** The answer to policy:get, and to policy:set once saved. */
export const PolicyStateSchema = z.strictObject({
  /** The user's policy as stored (null when nothing is), even when invalid, so it can be corrected. */
  stored: z.unknown(),
  /** What decisions use: the user's policy with the managed keys on top, or the strict fallback. */
  effective: PolicySchema,
  managed: z.record(z.string(), z.unknown()),
  locked: z.array(z.enum(MANAGEABLE_KEYS)),
  errors: z.array(PolicyIssueSchema),
});
export type PolicyState = z.infer<typeof PolicyStateSchema>;

export const PolicySetResponseSchema = z.discriminatedUnion('ok', [
  z.strictObject({ ok: z.literal(true), state: PolicyStateSchema }),
  z.strictObject({ ok: z.literal(false), errors: z.array(PolicyIssueSchema) }),
]);
export type PolicySetResponse = z.infer<typeof PolicySetResponseSchema>;

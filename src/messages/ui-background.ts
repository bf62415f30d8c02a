import { z } from 'zod';
import { AuditRecordSchema, DecisionSchema } from '../core/contracts';

/** What the popup can narrow the audit list to. All given conditions must hold. */
export const AuditFilterSchema = z.strictObject({
  decision: DecisionSchema.optional(),
  /** Only actions Warrant stopped: block, reject, or an ask the user did not approve. */
  blockedOnly: z.boolean().optional(),
  /** An origin; matches the tab's or the frame's. */
  site: z.string().max(2_048).optional(),
  tool: z.string().max(128).optional(),
  /** Free text, case-insensitive, over the site, the tool, the target, its label and the reasons. */
  search: z.string().min(1).max(200).optional(),
  /** Epoch milliseconds, both inclusive: records from `from` up to `to`. */
  from: z.number().int().nonnegative().optional(),
  to: z.number().int().nonnegative().optional(),
});
export type AuditFilter = z.infer<typeof AuditFilterSchema>;

/** Paging by seq: `before` lists older records than the last one shown, `after` newer than the newest. */
export const AuditCursorSchema = z.strictObject({
  before: z.number().int().nonnegative().optional(),
  after: z.number().int().nonnegative().optional(),
});
export type AuditCursor = z.infer<typeof AuditCursorSchema>;

/**
 * An export is always one unbroken run of the chain (a filtered subset could never verify):
 * from the first record at or after `since` to the last before any record after `until`.
 */
export const AuditRangeSchema = z.strictObject({
  since: z.number().optional(),
  until: z.number().optional(),
});
export type AuditRange = z.infer<typeof AuditRangeSchema>;

/** Extension pages (popup, options) → background. Only accepted from this extension's own pages. */
export const UiRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('audit:list'),
    limit: z.number().int().min(1).max(500),
    ...AuditFilterSchema.shape,
    ...AuditCursorSchema.shape,
  }),
  /** One page of the export; `after` is the `next` of the previous page. */
  z.strictObject({ kind: z.literal('audit:export'), ...AuditRangeSchema.shape, after: z.number().int().nonnegative().optional() }),
  /** The tools and sites present in the log, for the filter menus. */
  z.strictObject({ kind: z.literal('audit:facets') }),
  /** The extension's own check of the log: chain, macs under its key, head. */
  z.strictObject({ kind: z.literal('audit:check') }),
  /** The user's, the managed and the effective policy; answers are in policy-ui.ts. */
  z.strictObject({ kind: z.literal('policy:get') }),
  /** The policy is checked by the background (migrations, then PolicySchema), which answers with the errors. */
  z.strictObject({ kind: z.literal('policy:set'), policy: z.unknown() }),
]);
export type UiRequest = z.infer<typeof UiRequestSchema>;
export type AuditRequest = Extract<UiRequest, { kind: `audit:${string}` }>;
export type PolicyRequest = Extract<UiRequest, { kind: `policy:${string}` }>;

export const AuditListResponseSchema = z.array(AuditRecordSchema);
/** JSON Lines, oldest first; `next` is null on the last page. */
export const AuditExportResponseSchema = z.strictObject({ jsonl: z.string(), next: z.number().int().nonnegative().nullable() });
export type AuditExportPage = z.infer<typeof AuditExportResponseSchema>;
export const AuditFacetsResponseSchema = z.strictObject({ tools: z.array(z.string()), sites: z.array(z.string()) });
export type AuditFacets = z.infer<typeof AuditFacetsResponseSchema>;

const AuditCheckPartSchema = z.strictObject({ ok: z.boolean(), message: z.string() });
export type AuditCheckPart = z.infer<typeof AuditCheckPartSchema>;
/** `ok` only when the chain holds, every sealed record's mac verifies and the head names the newest record. */
export const AuditCheckResponseSchema = z.strictObject({
  ok: z.boolean(),
  records: z.number().int().nonnegative(),
  first: z.number().int().nonnegative().nullable(),
  last: z.number().int().nonnegative().nullable(),
  chain: AuditCheckPartSchema,
  seals: AuditCheckPartSchema.extend({
    sealed: z.number().int().nonnegative(),
    unsealed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    withoutKey: z.number().int().nonnegative(),
  }),
  head: AuditCheckPartSchema,
  /** Whether the last verdict's record could be written (while it could not, nothing is performed). */
  writable: z.boolean(),
});
export type AuditCheck = z.infer<typeof AuditCheckResponseSchema>;
/** The check could not read the log at all (the database cannot be opened): why, and whether writes still succeed. */
export const AuditUnreadableResponseSchema = z.strictObject({ unreadable: z.string().max(300), writable: z.boolean() });

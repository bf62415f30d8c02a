import { z } from 'zod';
import { CertificateTypeSchema, RectSchema, TrustSchema } from './certificate';
import { ReasonSchema } from './reasons';
import { DecisionSchema } from './verdict';

/**
 * Format 2 adds `mac`: an HMAC-SHA-256 over the record's hash under a key only the extension holds.
 * Format-1 records (written before it) stay valid in the chain and are reported as unsealed.
 */
export const AUDIT_FORMAT = 2;
export const AUDIT_FORMATS = [1, 2] as const;
const HEX64 = /^[0-9a-f]{64}$/;

/** A crop is a thumbnail, not a screenshot: at most 64 KiB of PNG, base64 in a data: URL. */
export const AUDIT_CROP_MAX_BYTES = 64 * 1024;
const CROP_PREFIX = 'data:image/png;base64,';
export const AUDIT_CROP_MAX_CHARS = CROP_PREFIX.length + Math.ceil(AUDIT_CROP_MAX_BYTES / 3) * 4;

/** The pixels of a blocked target as the browser rendered them, and where (CSS px in the tab's viewport). */
export const AuditCropSchema = z.strictObject({
  png: z
    .string()
    .max(AUDIT_CROP_MAX_CHARS)
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/),
  rect: RectSchema,
});
export type AuditCrop = z.infer<typeof AuditCropSchema>;

export const AuditCertificateSchema = z.strictObject({
  id: z.string(),
  type: CertificateTypeSchema,
  value: z.unknown(),
  verifier: z.string(),
  source: z.string(),
  trust: TrustSchema,
  confidence: z.number(),
});

/** The record body; `hash` covers every field but itself and `mac` (canonical JSON, SHA-256). */
export const AuditRecordSchema = z
  .strictObject({
    format: z.union([z.literal(1), z.literal(2)]),
    /** Verdicts, and changes to the tool registry a page made (registrations refused or redefined). */
    event: z.enum(['verdict', 'tool_refused', 'tool_changed']).optional(),
    id: z.string(),
    seq: z.number().int().nonnegative(),
    time: z.number(),
    prev: z.string(),
    hash: z.string(),
    tab: z.strictObject({ id: z.number().nullable(), origin: z.string().nullable() }),
    frame: z.strictObject({ id: z.number().nullable(), origin: z.string().nullable() }),
    proposal: z.strictObject({
      tool: z.string().nullable(),
      target: z.string().nullable(),
      claims: z.unknown(),
      agent: z.string().nullable(),
      preview: z.string().nullable(),
    }),
    resolution: z.strictObject({ tool: z.string(), provider: z.string(), privilege: z.string() }).nullable(),
    certificates: z.array(AuditCertificateSchema),
    decision: DecisionSchema,
    reasons: z.array(ReasonSchema),
    approval: z.strictObject({ approved: z.boolean(), by: z.literal('user'), time: z.number() }).nullable(),
    execution: z.strictObject({ executed: z.boolean(), error: z.string().nullable() }),
    targetLabel: z.string().nullable(),
    /** Milliseconds spent gathering evidence in the page, deciding in the background, and executing. */
    timings: z
      .strictObject({ certifyMs: z.number().nullable(), decideMs: z.number().nullable(), executeMs: z.number().nullable() })
      .optional(),
    /** For blocked clicks: what the target looked like. Optional, so records without it keep their hashes. */
    crop: AuditCropSchema.nullable().optional(),
    /** Format 2 only: HMAC-SHA-256 (hex) of the `hash`, under the extension's non-extractable key. */
    mac: z.string().regex(HEX64).optional(),
  })
  .refine((record) => (record.format === 2) === (record.mac !== undefined), {
    message: 'A format-2 record carries a mac; a format-1 record does not.',
    path: ['mac'],
  });
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
/** A record chained (seq, prev, hash) but not yet sealed with its mac. */
export type ChainedRecord = Omit<AuditRecord, 'mac'>;
export type AuditBody = Omit<AuditRecord, 'hash' | 'prev' | 'seq' | 'format' | 'mac'>;

/**
 * The chain's head as the store keeps it beside the records, written in the same transaction as
 * each record: the newest record's `seq` and `hash`, the first `seq` still kept after rotation,
 * and an HMAC over `seq` and `hash` (null when carried over from a store written before sealing).
 */
export const AuditHeadSchema = z.strictObject({
  version: z.literal(1),
  seq: z.number().int().nonnegative(),
  hash: z.string().regex(HEX64),
  first: z.number().int().nonnegative(),
  /**
   * Set once the background found the head missing, unsealed, not verifying or not matching the
   * newest record when it appended: the seq of the record it then wrote. Covered by `mac`, and
   * carried forward, so a break once seen cannot be cleared without the key.
   */
  brokenAt: z.number().int().nonnegative().nullable(),
  mac: z.string().regex(HEX64).nullable(),
});
export type AuditHead = z.infer<typeof AuditHeadSchema>;

/**
 * The last line of an export: the head as it was when the export's last page was read, and the
 * range the export was asked for. Records ending before `seq` without an `until` were cut off.
 */
export const AuditExportHeadSchema = z.strictObject({
  kind: z.literal('audit-head'),
  format: z.literal(1),
  seq: z.number().int().nonnegative(),
  hash: z.string().regex(HEX64),
  first: z.number().int().nonnegative(),
  brokenAt: z.number().int().nonnegative().nullable(),
  mac: z.string().regex(HEX64).nullable(),
  exported: z.number(),
  since: z.number().optional(),
  until: z.number().optional(),
});
export type AuditExportHead = z.infer<typeof AuditExportHeadSchema>;

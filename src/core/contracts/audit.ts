import { z } from 'zod';
import { CertificateTypeSchema, RectSchema, TrustSchema } from './certificate';
import { ReasonSchema } from './reasons';
import { DecisionSchema } from './verdict';

export const AUDIT_FORMAT = 1;

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

/** The record body; `hash` covers every field but itself (canonical JSON, SHA-256). */
export const AuditRecordSchema = z.strictObject({
  format: z.literal(AUDIT_FORMAT),
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
});
export type AuditRecord = z.infer<typeof AuditRecordSchema>;
export type AuditBody = Omit<AuditRecord, 'hash' | 'prev' | 'seq' | 'format'>;

import { z } from 'zod';
import { AuditRecordSchema } from '../core/contracts';

/** Extension pages (popup, options) → background. Only accepted from this extension's own pages. */
export const UiRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('audit:list'), limit: z.number().int().min(1).max(500) }),
]);
export type UiRequest = z.infer<typeof UiRequestSchema>;

export const AuditListResponseSchema = z.array(AuditRecordSchema);

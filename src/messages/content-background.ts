import { z } from 'zod';
import { CertificateSchema, ToolDescriptorSchema, VerdictSchema } from '../core/contracts';

/** Isolated world → background. The sender (tab, frame, URL) comes from the browser, not from here. */
export const ContentRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('propose'),
    requestId: z.string().min(1).max(64),
    proposal: z.unknown(),
    certificates: z.array(CertificateSchema).max(64),
  }),
  z.strictObject({
    kind: z.literal('malformed'),
    requestId: z.string().min(1).max(64),
    code: z.enum(['malformed_proposal', 'payload_too_large']),
    problem: z.string().max(300),
  }),
  z.strictObject({ kind: z.literal('tools') }),
]);
export type ContentRequest = z.infer<typeof ContentRequestSchema>;

export const ProposeResponseSchema = VerdictSchema;
export const ToolsResponseSchema = z.array(ToolDescriptorSchema);

import { z } from 'zod';

export const RectSchema = z.strictObject({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
});
export type Rect = z.infer<typeof RectSchema>;

export const CertificateTypeSchema = z.enum([
  'ui_element',
  'visible_text',
  'ax_name',
  'ocr_text',
  'hit_test',
  'origin',
  'field_value',
  'skeleton',
  'pixel_hash',
  'frame_chain',
]);
export type CertificateType = z.infer<typeof CertificateTypeSchema>;

export const TrustSchema = z.enum(['browser', 'extension', 'page']);
export type Trust = z.infer<typeof TrustSchema>;

/** e = (τ, v, r, s, ν, κ, t, λ) — DESIGN §3. */
export const CertificateSchema = z.strictObject({
  id: z.string().min(1).max(64),
  type: CertificateTypeSchema,
  value: z.unknown(),
  region: z.strictObject({
    frame: z.string().max(256),
    selector: z.string().max(4_096).optional(),
    rect: RectSchema.optional(),
  }),
  source: z.enum(['dom', 'ax', 'ocr', 'browser', 'policy']),
  verifier: z.string().regex(/^[a-z0-9_-]+@\d+$/),
  confidence: z.number().min(0).max(1),
  time: z.number(),
  trust: TrustSchema,
});
export type Certificate = z.infer<typeof CertificateSchema>;

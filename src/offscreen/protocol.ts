import { z } from 'zod';

/** Marks messages for the offscreen document, so no other listener mistakes them for its own. */
export const OFFSCREEN_TARGET = 'warrant-offscreen';
export const OFFSCREEN_PATH = 'src/offscreen/index.html';

/** Larger crops are refused: an element bigger than a 4K screen is not a control to read. */
export const MAX_SIDE = 4096;
export const MAX_PIXELS = 4_000_000;

export const OcrRequestSchema = z
  .object({
    target: z.literal(OFFSCREEN_TARGET),
    kind: z.literal('ocr'),
    /** The language data to read with: `chi_sim` only for text with Han characters. */
    lang: z.enum(['eng', 'chi_sim']).default('eng'),
    width: z.number().int().min(1).max(MAX_SIDE),
    height: z.number().int().min(1).max(MAX_SIDE),
    /** The grayscale crop, one byte a pixel, base64 (runtime messages are JSON: no typed arrays). */
    gray: z.string().max(Math.ceil(MAX_PIXELS / 3) * 4),
  })
  .strict()
  .refine((r) => r.width * r.height <= MAX_PIXELS, 'crop too large');
export type OcrRequest = z.input<typeof OcrRequestSchema>;
export type OcrLang = 'eng' | 'chi_sim';

export const OcrResponseSchema = z.discriminatedUnion('ok', [
  z
    .object({
      ok: z.literal(true),
      text: z.string().max(10_000),
      confidence: z.number().min(0).max(1),
      engineMs: z.number().nonnegative(),
      cold: z.boolean(),
    })
    .strict(),
  z.object({ ok: z.literal(false), error: z.enum(['timeout', 'engine_error', 'bad_request']), detail: z.string().optional() }).strict(),
]);
export type OcrResponse = z.infer<typeof OcrResponseSchema>;

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

import { z } from 'zod';
import { RectSchema } from '../core/contracts';
import { ViewportSchema } from './viewport';

/**
 * Background ⇄ the bridges of a subframe's ancestors, for the frame chain (src/background/frame-chain.ts).
 * One step of the walk, for child frame C and its parent P:
 *   1. `frame:expect` to P: remember that a window will post this nonce (the document_start
 *      listener in bridge.iife.ts records which window posts it, as the browser names it).
 *   2. `frame:announce` to C: post the nonce to `window.parent`; answers C's viewport size.
 *   3. `frame:certify` to P: find the frame element whose contentWindow posted the nonce and
 *      certify it at `rect` (C's viewport coordinates).
 */

export { FRAME_NONCE_PREFIX } from './frame-nonce';
export const NonceSchema = z.string().regex(/^[0-9a-f]{32}$/);

export const FrameRequestSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('frame:expect'), nonce: NonceSchema }),
  z.strictObject({ kind: z.literal('frame:announce'), nonce: NonceSchema }),
  z.strictObject({
    kind: z.literal('frame:certify'),
    nonce: NonceSchema,
    rect: RectSchema,
    /** The child's viewport (innerWidth × innerHeight) as its own bridge measured it, for zoom. */
    childViewport: z.strictObject({ width: z.number().nonnegative(), height: z.number().nonnegative() }).nullable(),
  }),
]);
export type FrameRequest = z.infer<typeof FrameRequestSchema>;

export const FrameExpectReplySchema = z.strictObject({ ok: z.literal(true) });
export const FrameAnnounceReplySchema = z.strictObject({
  posted: z.boolean(),
  viewport: z.strictObject({ width: z.number().nonnegative(), height: z.number().nonnegative() }),
});

/**
 * The parent's answer. `unknown`: it could not tell (no frame element posted the nonce, a rotated
 * or masked frame): the background then issues no certificate, and the policy decides.
 */
export const FrameCertifyReplySchema = z.discriminatedUnion('status', [
  z.strictObject({
    status: z.literal('visible'),
    frame: z.string().max(200),
    rect: RectSchema,
    scale: z.number().nonnegative(),
    opacity: z.number().min(0).max(1),
    devicePixelRatio: z.number().positive().max(16),
    /** This (parent) frame's layout viewport; the top frame's places the capture (messages/viewport.ts). */
    viewport: ViewportSchema.optional(),
    /** The frame's map from the child's CSS px to this frame's (the background composes the chain's to turn the crop upright). */
    linear: z.tuple([z.number().finite(), z.number().finite(), z.number().finite(), z.number().finite()]).optional(),
    /** What this document paints onto the frame that the DOM cannot judge: the pixels decide. */
    doubts: z.array(z.string().max(300)).max(8),
  }),
  z.strictObject({ status: z.enum(['hidden', 'covered']), frame: z.string().max(200), detail: z.string().max(300) }),
  z.strictObject({ status: z.literal('unknown'), detail: z.string().max(300) }),
]);
export type FrameCertifyReply = z.infer<typeof FrameCertifyReplySchema>;

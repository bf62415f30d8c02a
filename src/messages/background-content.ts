import { z } from 'zod';
import { ReasonCodeSchema } from '../core/contracts';

/** Background → isolated world of one frame: perform what was certified, or nothing. */
export const ExecuteCommandSchema = z.strictObject({
  kind: z.literal('execute'),
  requestId: z.string().min(1).max(64),
  digest: z.string().max(128),
});
export type ExecuteCommand = z.infer<typeof ExecuteCommandSchema>;

export const ExecuteResultSchema = z.strictObject({
  executed: z.boolean(),
  code: ReasonCodeSchema.nullable(),
  message: z.string().max(1_000).nullable(),
});
export type ExecuteResult = z.infer<typeof ExecuteResultSchema>;

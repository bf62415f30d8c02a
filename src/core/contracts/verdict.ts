import { z } from 'zod';
import { lengthSafe } from './length-safe';
import { ReasonSchema } from './reasons';

export const DecisionSchema = z.enum(['allow', 'ask', 'block', 'reject']);
export type Decision = z.infer<typeof DecisionSchema>;

export const VerdictSchema = lengthSafe(
  z.strictObject({
    id: z.string(),
    decision: DecisionSchema,
    approved: z.boolean().optional(),
    executed: z.boolean(),
    reasons: z.array(ReasonSchema),
    result: z.unknown().optional(),
  }),
);
export type Verdict = z.infer<typeof VerdictSchema>;

import { z } from 'zod';
import type { Privilege } from '../contracts';

/** A selector in the proposing frame; `>>>` steps into open shadow roots. */
export const SelectorSchema = z.string().min(1).max(4_096);

export type BuiltinTool = {
  name: string;
  description: string;
  privilege: Privilege;
  args: z.ZodObject;
  claims: z.ZodObject;
};

/**
 * The built-in registry. Argument and claim schemas are strict: undeclared keys are H2 errors.
 * Further tools (type, select, submit, navigate, read, scroll) join this list as their executors land.
 */
export const BUILTIN_TOOLS: readonly BuiltinTool[] = [
  {
    name: 'click',
    description: 'Click the element matched by `target` in the proposing frame.',
    privilege: 'interact',
    args: z.strictObject({ target: SelectorSchema }),
    claims: z.strictObject({ label: z.string().max(1_000).optional() }),
  },
];

import { z } from 'zod';
import type { Privilege } from '../contracts';

/** A selector in the proposing frame; `>>>` steps into open shadow roots. */
export const SelectorSchema = z.string().min(1).max(4_096);

const BLOCKED_SCHEMES = 'javascript:, data:, file:, blob:, chrome: and extension URLs';

/** Only web navigations: script, data, local-file and browser-internal URLs are never a destination. */
export const WebUrlSchema = z
  .string()
  .min(1)
  .max(8_192)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, `must be an absolute http or https URL (${BLOCKED_SCHEMES} are refused)`);

export type BuiltinTool = {
  name: string;
  description: string;
  /** The least privilege of the call; the plan may raise it from what it observes of the target. */
  privilege: Privilege;
  args: z.ZodObject;
  claims: z.ZodObject;
};

const label = z.string().max(1_000);
const fields = z.record(z.string().max(1_000), z.string().max(10_000));

/** The built-in registry. Argument and claim schemas are strict: undeclared keys are H2 errors. */
const BUILTINS = {
  click: {
    description: 'Click the element matched by `target` in the proposing frame.',
    privilege: 'interact',
    args: z.strictObject({ target: SelectorSchema }),
    // href and origin: where a link the target follows goes (checked against the resolved URL).
    claims: z.strictObject({ label: label.optional(), href: z.string().max(8_192).optional(), origin: z.string().max(2_048).optional() }),
  },
  type: {
    description: 'Type `text` into the field matched by `target`, appending unless `replace` is true.',
    privilege: 'interact',
    args: z.strictObject({ target: SelectorSchema, text: z.string().max(10_000), replace: z.boolean().optional() }),
    claims: z.strictObject({ label: label.optional() }),
  },
  select: {
    description: 'Choose the option whose value or visible text is `option` in the <select> matched by `target`.',
    privilege: 'interact',
    args: z.strictObject({ target: SelectorSchema, option: z.string().min(1).max(1_000) }),
    claims: z.strictObject({ label: label.optional() }),
  },
  submit: {
    description: 'Submit the form matched by `target` (or the form that contains it).',
    privilege: 'commit',
    args: z.strictObject({ target: SelectorSchema }),
    claims: z.strictObject({ label: label.optional(), fields: fields.optional() }),
  },
  navigate: {
    description: 'Load `url` (http or https only) in the proposing frame.',
    privilege: 'navigate',
    args: z.strictObject({ url: WebUrlSchema }),
    claims: z.strictObject({ origin: z.string().max(2_048).optional() }),
  },
  read: {
    description: 'Return the text the element matched by `target` visibly shows.',
    privilege: 'read',
    args: z.strictObject({ target: SelectorSchema }),
    claims: z.strictObject({ value: z.string().max(10_000).optional() }),
  },
  scroll: {
    description: 'Scroll the page, or the element matched by `target`, by `amount` pixels in `direction`.',
    privilege: 'read',
    args: z.strictObject({
      target: SelectorSchema.optional(),
      direction: z.enum(['up', 'down', 'left', 'right']),
      amount: z.number().int().min(1).max(100_000),
    }),
    claims: z.strictObject({}),
  },
} satisfies Record<string, Omit<BuiltinTool, 'name'>>;

export type BuiltinName = keyof typeof BUILTINS;

/** The built-ins in the order they are listed. */
export const BUILTIN_TOOLS: readonly BuiltinTool[] = Object.entries(BUILTINS).map(([name, tool]) => ({ name, ...tool }));

/** One built-in's call: its name with the arguments and claims its own schemas accept. */
const callOf = <N extends BuiltinName, A extends z.ZodObject, C extends z.ZodObject>(tool: N, schemas: { args: A; claims: C }) =>
  z.strictObject({ tool: z.literal(tool), args: schemas.args, claims: schemas.claims });

/**
 * Every built-in call, discriminated by `tool`: the resolver parses a call with it, so what it
 * returns is typed per tool (`call.args.target` of a click is a string) with no cast. A built-in
 * left out of this list resolves to nothing (the unit tests resolve every one).
 */
export const BuiltinCallSchema = z.discriminatedUnion('tool', [
  callOf('click', BUILTINS.click),
  callOf('type', BUILTINS.type),
  callOf('select', BUILTINS.select),
  callOf('submit', BUILTINS.submit),
  callOf('navigate', BUILTINS.navigate),
  callOf('read', BUILTINS.read),
  callOf('scroll', BUILTINS.scroll),
]);
export type BuiltinCallData = z.output<typeof BuiltinCallSchema>;

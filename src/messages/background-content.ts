import { z } from 'zod';
import { ReasonCodeSchema } from '../core/contracts';
import { lengthSafe } from '../core/contracts/length-safe';

/** What the proposing frame is to do with the element it certified (or the page, for scroll). */
export const ActionSchema = z.discriminatedUnion('tool', [
  z.strictObject({ tool: z.literal('click') }),
  z.strictObject({ tool: z.literal('type'), text: z.string(), replace: z.boolean() }),
  z.strictObject({ tool: z.literal('select'), option: z.string() }),
  z.strictObject({ tool: z.literal('submit') }),
  z.strictObject({ tool: z.literal('read') }),
  z.strictObject({ tool: z.literal('scroll'), direction: z.enum(['up', 'down', 'left', 'right']), amount: z.number() }),
  z.strictObject({ tool: z.literal('navigate'), url: z.string() }),
]);
export type Action = z.infer<typeof ActionSchema>;

/** Background → isolated world of one frame: perform what was certified, or nothing. */
export const ExecuteCommandSchema = lengthSafe(
  z.strictObject({
    kind: z.literal('execute'),
    requestId: z.string().min(1).max(64),
    digest: z.string().max(128),
    action: ActionSchema,
    /** The target's area was to be watched since the re-check's capture: no watch is stale evidence. */
    watched: z.literal(true).optional(),
    /** Epoch ms after which the frame starts nothing: the background has stopped waiting by then. */
    startBy: z.number().finite().optional(),
  }),
);
export type ExecuteCommand = z.infer<typeof ExecuteCommandSchema>;

/** Background → the frame that registered a page tool: run it with these arguments. */
export const RunToolCommandSchema = z.strictObject({
  kind: z.literal('run-tool'),
  requestId: z.string().min(1).max(64),
  name: z.string().max(128),
  digest: z.string().max(128),
  args: z.record(z.string(), z.unknown()),
});
export type RunToolCommand = z.infer<typeof RunToolCommandSchema>;

/**
 * Background → the proposing frame, before the decision's capture: answer once the page has painted
 * a frame after certification (the target may just have been scrolled into view, or the page may
 * have scrolled itself), so the pixels show the layout the DOM evidence describes.
 */
export const SettleCommandSchema = z.strictObject({
  kind: z.literal('settle'),
  /** Before the re-check's capture: watch the request's target area until its command (content/watch.ts). */
  watch: z.string().min(1).max(64).optional(),
  /**
   * Before the decision's capture: the request whose certification the paint must follow. The frame
   * began waiting for that paint when it certified, so it is often painted already (content/evidence.ts).
   */
  after: z.string().min(1).max(64).optional(),
});
export type SettleCommand = z.infer<typeof SettleCommandSchema>;
export const SettleResultSchema = z.strictObject({ painted: z.boolean() });

export const ExecuteResultSchema = z.strictObject({
  executed: z.boolean(),
  code: ReasonCodeSchema.nullable(),
  message: z.string().max(1_000).nullable(),
  result: z.unknown().optional(),
});
export type ExecuteResult = z.infer<typeof ExecuteResultSchema>;

/**
 * Background → the frame that was sent an execute command, from a background started after the
 * one that sent it stopped: what became of that command (an ExecuteResult), or null if the frame
 * never got it.
 */
export const PerformedQuerySchema = z.strictObject({ kind: z.literal('performed?'), requestId: z.string().min(1).max(64) });
export type PerformedQuery = z.infer<typeof PerformedQuerySchema>;

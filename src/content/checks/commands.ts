import { REASON_CODE_LIST } from '../../core/contracts/reason-codes';
import type { Verdict } from '../../core/contracts/verdict';
import type { ExecuteCommand, RunToolCommand } from '../../messages/background-content';
import { arrayOf, boolean, finite, isRecord, literal, oneOf, optional, strict, string, union, unknown } from './shape';

/**
 * Background → this frame (messages/background-content.ts), checked by hand: the background is
 * trusted, but what does not fit is still refused.
 */
const requestId = string(64, 1);

const ACTIONS = {
  click: { tool: literal('click') },
  type: { tool: literal('type'), text: (v: unknown) => typeof v === 'string', replace: boolean },
  select: { tool: literal('select'), option: (v: unknown) => typeof v === 'string' },
  submit: { tool: literal('submit') },
  read: { tool: literal('read') },
  scroll: { tool: literal('scroll'), direction: oneOf(['up', 'down', 'left', 'right']), amount: finite },
  navigate: { tool: literal('navigate'), url: (v: unknown) => typeof v === 'string' },
};

const EXECUTE = {
  kind: literal('execute'),
  requestId,
  digest: string(128),
  action: (v: unknown) => union(v, 'tool', ACTIONS) !== null,
  watched: optional((v: unknown) => v === true),
  startBy: optional(finite),
};

const RUN_TOOL = { kind: literal('run-tool'), requestId, name: string(128), digest: string(128), args: isRecord };

export type Command =
  | { kind: 'execute'; command: ExecuteCommand }
  | { kind: 'run-tool'; command: RunToolCommand }
  | { kind: 'settle'; watch: string | null; after: string | null }
  | { kind: 'performed?'; requestId: string };

export function backgroundCommand(value: unknown): Command | null {
  if (strict(value, EXECUTE)) return { kind: 'execute', command: value as ExecuteCommand };
  if (strict(value, RUN_TOOL)) return { kind: 'run-tool', command: value as RunToolCommand };
  if (strict(value, { kind: literal('settle'), watch: optional(requestId), after: optional(requestId) }))
    return { kind: 'settle', watch: (value as { watch?: string }).watch ?? null, after: (value as { after?: string }).after ?? null };
  if (strict(value, { kind: literal('performed?'), requestId }))
    return { kind: 'performed?', requestId: (value as { requestId: string }).requestId };
  return null;
}

const REASON = { code: oneOf(REASON_CODE_LIST), predicate: optional(string(64)), message: string(1_000) };

const VERDICT = {
  id: (v: unknown) => typeof v === 'string',
  decision: oneOf(['allow', 'ask', 'block', 'reject']),
  approved: optional(boolean),
  executed: boolean,
  reasons: arrayOf((reason) => strict(reason, REASON)),
  result: unknown,
};

/** The background's answer to a proposal, before it is handed to the page. */
export const verdict = (value: unknown): Verdict | null => (strict(value, VERDICT) ? (value as Verdict) : null);

import { type Certificate, type Reason, reason } from '../core/contracts';
import { gate } from '../core/gate';
import type { Predicate } from '../core/plan';
import type { GatePolicy } from '../core/policy';
import type { ResolvedCall } from '../core/resolver';
import type { ExecuteResult } from '../messages/background-content';
import { type AskInput, askUser } from './ask/ask-user';
import type { Outcome } from './audit-body';
import { type Ledger, performLogged } from './boundary';
import { textOf } from './evidence';

/** GATE ▶ ASK ▶ EXECUTE for one decided call: the steps every path of the pipeline shares. */

export type Base = Omit<Outcome, 'decision' | 'reasons' | 'executed'>;

/** Allowed → perform. Ask → the user decides first (denied or unanswered: nothing happens). Else nothing. */
export async function conclude(
  base: Base,
  decided: Decided,
  asking: AskInput,
  ledger: Ledger,
  perform: () => Promise<ExecuteResult>,
): Promise<Outcome> {
  let approval: Outcome['approval'];
  if (decided.decision === 'ask') {
    const answer = await askUser(asking);
    approval = answer.record;
    if (!answer.approved) return { ...base, ...decided, reasons: [...decided.reasons, answer.reason], executed: false, approval };
  } else if (decided.decision !== 'allow') {
    return { ...base, ...decided, executed: false };
  }
  const executing = performance.now();
  const settled = settle(base, await performLogged(ledger, perform));
  const decision = approval && settled.decision === 'allow' ? 'ask' : settled.decision;
  return { ...settled, decision, approval, executeMs: performance.now() - executing };
}

export type Decided = { decision: 'allow' | 'ask' | 'block'; reasons: Reason[] };

/** The gate. An "ask" always names requires_approval, whatever made the evidence fall short. */
export function decide(
  plan: Predicate[],
  certificates: Certificate[],
  scope: { frame: string; selector: string | null },
  privilege: ResolvedCall['privilege'],
  policy: GatePolicy,
): Decided {
  const verdict = gate({ plan, certificates, scope, privilege, policy, now: Date.now() });
  if (verdict.decision !== 'ask') return { decision: verdict.decision, reasons: verdict.reasons };
  const reasons = verdict.reasons.some((r) => r.code === 'requires_approval')
    ? verdict.reasons
    : [...verdict.reasons, reason('requires_approval', 'The evidence falls short; the user decides.')];
  return { decision: 'ask', reasons };
}

function settle(
  base: Omit<Outcome, 'decision' | 'reasons' | 'executed'>,
  result: { executed: boolean; code: Reason['code'] | null; message: string | null; result?: unknown },
): Outcome {
  if (result.executed) return { ...base, decision: 'allow', reasons: [], executed: true, result: result.result };
  const code = result.code ?? 'execution_failed';
  // Stale evidence means the page changed under us, and an audit that cannot be written stops
  // everything: those are blocks, not failed allows.
  return {
    ...base,
    decision: code === 'stale_evidence' || code === 'internal_error' ? 'block' : 'allow',
    reasons: [reason(code, result.message ?? undefined)],
    executed: false,
    executionError: result.message,
  };
}

/**
 * A proposal the frame did not forward: a malformed or replayed one is rejected; one the frame could
 * not gather evidence for is a failure of Warrant's, blocked as every internal_error is (fail closed).
 */
export function unforwarded(request: { code: Reason['code']; problem: string }): Outcome {
  const outcome = rejected([reason(request.code, request.problem)]);
  return request.code === 'internal_error' ? { ...outcome, decision: 'block' } : outcome;
}

export function rejected(reasons: Reason[], call: ResolvedCall | null = null, certificates: Certificate[] = []): Outcome {
  return { decision: 'reject', reasons, call, certificates, executed: false, executionError: null, targetLabel: textOf(certificates) };
}

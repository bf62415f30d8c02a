import { reason, type Verdict } from '../core/contracts';
import type { ExecuteResult } from '../messages/background-content';
import type { ProposalRequest } from '../messages/content-background';
import { auditBody, type Outcome } from './audit-body';
import { appendAudit } from './audit-store';
import type { FrameSender } from './sender';

/**
 * The AUDIT stage and the boundary around the others: whatever happens in them, one proposal gets
 * exactly one audit record and a verdict whose `executed` says what really happened.
 */

/**
 * What the EXECUTE stage did, written as it happens, so that a failure anywhere after it still
 * knows: nothing was sent; a command was sent and no answer came (it may have run); or the frame's
 * answer.
 */
export type Ledger = { sent: boolean; result: ExecuteResult | null; beforeSend?: () => Promise<void> };

export const newLedger = (beforeSend?: () => Promise<void>): Ledger => ({ sent: false, result: null, beforeSend });

/** Runs `perform` (the one execute command of a decision) and keeps what happened in the ledger. */
export async function performLogged(ledger: Ledger, perform: () => Promise<ExecuteResult>): Promise<ExecuteResult> {
  if (ledger.sent) throw new Error('A decision may send one execute command only.');
  if (!auditWritable()) {
    // The last record could not be written: nothing is performed that might go unrecorded.
    return {
      executed: false,
      code: 'internal_error',
      message: 'The audit log cannot be written; Warrant performs nothing it cannot record.',
    };
  }
  // Written ahead (in-flight.ts): a background stopped from here on leaves "the command was sent".
  await ledger.beforeSend?.();
  ledger.sent = true;
  const result = await perform();
  ledger.result = result;
  return result;
}

/** Runs the stages; a throw in any of them becomes an internal_error outcome that tells the truth. */
export async function bounded(ledger: Ledger, stages: () => Promise<Outcome>): Promise<Outcome> {
  try {
    return await stages();
  } catch (error) {
    return failedInternally(error, ledger);
  }
}

export function failedInternally(error: unknown, ledger: Ledger): Outcome {
  const what = describe(error);
  const base = { call: null, certificates: [], targetLabel: null };
  if (ledger.result) {
    const executed = ledger.result.executed;
    const message = `Warrant failed after the frame ${executed ? 'performed the action' : 'refused the action'}: ${what}`;
    return {
      ...base,
      decision: executed ? 'allow' : 'block',
      reasons: [reason('internal_error', message)],
      executed,
      executionError: null,
    };
  }
  const message = ledger.sent
    ? `Warrant failed while the action was being performed; the frame did not answer, so it may have run: ${what}`
    : `Warrant failed before anything was performed; nothing was executed: ${what}`;
  return {
    ...base,
    decision: 'block',
    reasons: [reason('internal_error', message)],
    executed: false,
    executionError: ledger.sent ? message : null,
  };
}

/** Writes the one record of a decision and turns the outcome into the page's verdict. */
export async function recorded(request: ProposalRequest, sender: FrameSender, outcome: Outcome, recordId?: string): Promise<Verdict> {
  let id: string;
  let reasons = outcome.reasons;
  try {
    const body = auditBody(request, sender, outcome);
    id = (await appendAudit(recordId ? { ...body, id: recordId } : body)).id;
    auditWrites.failing = false;
  } catch (error) {
    // The verdict still says what happened; the failure is its own reason, and until a record is
    // written again nothing is performed (performLogged).
    auditWrites.failing = true;
    id = unrecordedId();
    reasons = [...reasons, reason('internal_error', `The audit record could not be written: ${describe(error)}`)];
  }
  const verdict: Verdict = { id, decision: outcome.decision, executed: outcome.executed, reasons };
  if (outcome.approval) verdict.approved = outcome.approval.approved;
  if (outcome.result !== undefined) verdict.result = outcome.result;
  return verdict;
}

/** Whether the last attempt to write a verdict's record failed (any later success clears it). */
const auditWrites = { failing: false };

export const auditWritable = (): boolean => !auditWrites.failing;

/** The verdict id of a decision whose audit record could not be written: it names no record. */
export const unrecordedId = (): string => `unrecorded-${crypto.randomUUID()}`;

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 300);
}

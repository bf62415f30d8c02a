import type { AuditRecord } from '../contracts';

/**
 * Why an ask ended without approval, as the background words it in the `not_approved` reason.
 * The record's `approval` only says approved or not and the reason carries no structured cause,
 * so these texts are what tells a denial from a timeout or an ended ask: they are written from
 * here (ask-user.ts, in-flight.ts) and read from here (`outcomeOf`), never typed twice.
 */
export const NOT_APPROVED = {
  denied: 'The user denied the action.',
  timeout: 'The user did not answer in time.',
  tabClosed: 'The tab closed before the user answered.',
  pageLeft: 'The page was reloaded or left before the user answered.',
  lost: 'The request was lost.',
  repeat: 'The same action is already waiting for the user; this repeat was not asked again.',
  orphan: 'Warrant stopped while the user was being asked; the proposal was not waiting any more, and nothing was executed.',
} as const;

/**
 * What became of a proposal, for the audit views. `ended`: the tab closed, the page was left or
 * Warrant stopped before the user answered. `repeat`: the same action was already waiting, so it
 * was not asked twice. `unanswered`: an ask with no approval and no known cause (fail closed: it
 * is never shown as denied or allowed).
 */
export type Outcome = 'allowed' | 'approved' | 'blocked' | 'rejected' | 'denied' | 'timed_out' | 'ended' | 'repeat' | 'unanswered';

const BY_TEXT = new Map<string, Outcome>([
  [NOT_APPROVED.denied, 'denied'],
  [NOT_APPROVED.timeout, 'timed_out'],
  [NOT_APPROVED.tabClosed, 'ended'],
  [NOT_APPROVED.pageLeft, 'ended'],
  [NOT_APPROVED.lost, 'ended'],
  [NOT_APPROVED.orphan, 'ended'],
  [NOT_APPROVED.repeat, 'repeat'],
]);

export function outcomeOf(record: Pick<AuditRecord, 'decision' | 'approval' | 'reasons'>): Outcome {
  switch (record.decision) {
    case 'allow':
      return 'allowed';
    case 'block':
      return 'blocked';
    case 'reject':
      return 'rejected';
    case 'ask': {
      if (record.approval?.approved === true) return 'approved';
      // The last not_approved reason is the answer's; earlier reasons are the gate's.
      const cause = record.reasons.findLast((r) => r.code === 'not_approved');
      return (cause && BY_TEXT.get(cause.message)) ?? 'unanswered';
    }
  }
}

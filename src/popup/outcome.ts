import { type Outcome, outcomeOf } from '../core/audit/outcome';
import type { AuditRecord } from '../core/contracts';
import { type MessageKey, t } from '../ui/i18n';
import { text } from './dom';

const WORDS: Record<Outcome, MessageKey> = {
  allowed: 'outcome_allowed',
  approved: 'outcome_approved',
  blocked: 'outcome_blocked',
  rejected: 'outcome_rejected',
  denied: 'outcome_denied',
  timed_out: 'outcome_timed_out',
  ended: 'outcome_ended',
  repeat: 'outcome_repeat',
  unanswered: 'outcome_unanswered',
};

/** What became of the proposal, in words (allowed, approved, denied, timed out…); the code is in data-outcome. */
export function outcomeBadge(record: AuditRecord): HTMLElement {
  const outcome = outcomeOf(record);
  const badge = text('span', `outcome ${outcome}`, t(WORDS[outcome]));
  badge.dataset.outcome = outcome;
  return badge;
}

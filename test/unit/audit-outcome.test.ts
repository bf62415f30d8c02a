import { describe, expect, it } from 'vitest';
import { NOT_APPROVED, type Outcome, outcomeOf } from '../../src/core/audit/outcome';
import { type AuditRecord, reason } from '../../src/core/contracts';

type Facts = Pick<AuditRecord, 'decision' | 'approval' | 'reasons'>;
const asked = (approved: boolean | null, because?: string): Facts => ({
  decision: 'ask',
  approval: approved === null ? null : { approved, by: 'user', time: 1 },
  reasons: [
    reason('requires_approval', 'The evidence falls short; the user decides.'),
    ...(because ? [reason('not_approved', because)] : []),
  ],
});

describe('the outcome of a record, for the audit views', () => {
  it('names what the gate decided', () => {
    const plain = (decision: AuditRecord['decision']): Facts => ({ decision, approval: null, reasons: [] });
    expect(outcomeOf(plain('allow'))).toBe('allowed');
    expect(outcomeOf(plain('block'))).toBe('blocked');
    expect(outcomeOf(plain('reject'))).toBe('rejected');
  });

  it('tells the ways an ask ends apart', () => {
    const cases: [Facts, Outcome][] = [
      [{ ...asked(true), reasons: [reason('requires_approval', 'The user approved.')] }, 'approved'],
      [asked(false, NOT_APPROVED.denied), 'denied'],
      [asked(false, NOT_APPROVED.timeout), 'timed_out'],
      [asked(false, NOT_APPROVED.tabClosed), 'ended'],
      [asked(false, NOT_APPROVED.pageLeft), 'ended'],
      [asked(false, NOT_APPROVED.lost), 'ended'],
      [asked(null, NOT_APPROVED.orphan), 'ended'],
      [asked(false, NOT_APPROVED.repeat), 'repeat'],
    ];
    for (const [facts, outcome] of cases) expect(outcomeOf(facts), JSON.stringify(facts.reasons)).toBe(outcome);
  });

  it('never calls an ask denied or allowed without knowing (fail closed)', () => {
    expect(outcomeOf(asked(false))).toBe('unanswered');
    expect(outcomeOf(asked(null))).toBe('unanswered');
    expect(outcomeOf(asked(false, 'Some other words.'))).toBe('unanswered');
    // An earlier not_approved (the gate's) does not decide; the answer's reason comes last.
    const twice = asked(false, NOT_APPROVED.timeout);
    expect(outcomeOf({ ...twice, reasons: [reason('not_approved', NOT_APPROVED.denied), ...twice.reasons] })).toBe('timed_out');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VerdictSchema } from '../../src/core/contracts';
import { ExecuteCommandSchema } from '../../src/messages/background-content';
import { ContentRequestSchema } from '../../src/messages/content-background';
import { MESSAGE_PROPERTIES } from '../support/message-properties';

/**
 * Property-based fuzzing of the message path from the page to the background and back
 * (issue 14 §1): 500 cases per property here; `npm run bench:messages` runs 10,000 each.
 * A fixed seed per run of the suite would hide nothing new: fast-check prints the seed and the
 * shrunk counterexample of any failure, which is what to replay.
 */
describe('the message path under hostile input', () => {
  for (const { name, property } of MESSAGE_PROPERTIES) {
    it(name, async () => {
      await fc.assert(property, { numRuns: 500 });
    }, 60_000);
  }

  it('refuses, without throwing, a value whose length zod cannot compare (seed 1569649222, Dec 6)', () => {
    // zod's length checks compare any `length` with a number, after the type check failed too.
    const hostile = { length: { toString: '\u202e' } };
    for (const message of [
      { kind: 'propose', requestId: 0, proposal: null, certificates: 0, digest: hostile, action: 0n },
      { kind: 'execute', requestId: 'r1', digest: hostile, action: { tool: 'click' } },
      { id: hostile, decision: 'allow', executed: false, reasons: [] },
    ]) {
      for (const schema of [ContentRequestSchema, ExecuteCommandSchema, VerdictSchema])
        expect(schema.safeParse(message).success).toBe(false);
    }
  });
});

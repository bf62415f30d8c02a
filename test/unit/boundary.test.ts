import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '../../src/core';
import type { ExecuteResult } from '../../src/messages/background-content';

/**
 * The pipeline's boundary (src/background/boundary.ts) over the real audit store on a fake
 * IndexedDB: whatever stage throws, one proposal leaves exactly one record whose `executed` is
 * what happened, and an audit that cannot be written stops execution until it can.
 */

vi.mock('webextension-polyfill', () => ({ default: { storage: { local: { get: async () => ({}), remove: async () => {} } } } }));

type Boundary = typeof import('../../src/background/boundary');
type Store = typeof import('../../src/background/audit-store');
type Conclude = typeof import('../../src/background/conclude');

let boundary: Boundary;
let store: Store;
let conclude: Conclude;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  vi.resetModules();
  boundary = await import('../../src/background/boundary');
  store = await import('../../src/background/audit-store');
  conclude = await import('../../src/background/conclude');
});

const SENDER = {
  kind: 'frame' as const,
  tabId: 3,
  frameId: 0,
  documentId: null,
  frameUrl: 'https://shop.example/',
  frameOrigin: 'https://shop.example',
  tabUrl: 'https://shop.example/',
  windowId: 1,
};
const REQUEST = { kind: 'propose' as const, requestId: 'r1', proposal: { tool: 'click', args: { target: '#pay' } }, certificates: [] };
const BASE = { call: null, certificates: [], targetLabel: 'Pay', executionError: null };
const ALLOW = { decision: 'allow' as const, reasons: [] };
const ASKING = {} as Parameters<Conclude['conclude']>[2];
const RAN: ExecuteResult = { executed: true, code: null, message: null };

/** The whole pipeline's shape: stages inside `bounded`, then `recorded`; returns the verdict and every record. */
async function run(stages: (ledger: ReturnType<Boundary['newLedger']>) => Promise<import('../../src/background/audit-body').Outcome>) {
  const ledger = boundary.newLedger();
  const outcome = await boundary.bounded(ledger, () => stages(ledger));
  const verdict = await boundary.recorded(REQUEST, SENDER, outcome);
  return { verdict, records: await store.listAudit(100) };
}

const codes = (record: { reasons: { code: string }[] }) => record.reasons.map((r) => r.code);

describe('the pipeline boundary', () => {
  it('records a throw before execution as internal_error, executed false, and says nothing ran', async () => {
    const { verdict, records } = await run(async () => {
      throw new TypeError('certificates.find is not a function');
    });
    expect(records).toHaveLength(1);
    expect(records[0]!.id).toBe(verdict.id);
    expect(records[0]!.execution.executed).toBe(false);
    expect(verdict).toMatchObject({ decision: 'block', executed: false });
    expect(codes(verdict)).toEqual(['internal_error']);
    expect(verdict.reasons[0]!.message).toMatch(/before anything was performed/);
  });

  it('records executed true when a stage throws after the frame performed the action', async () => {
    const perform = vi.fn(async () => RAN);
    const { verdict, records } = await run(async (ledger) => {
      await conclude.conclude(BASE, ALLOW, ASKING, ledger, perform);
      throw new Error('a later stage broke');
    });
    expect(perform).toHaveBeenCalledTimes(1);
    expect(records).toHaveLength(1);
    expect(records[0]!.execution.executed).toBe(true);
    expect(verdict).toMatchObject({ decision: 'allow', executed: true });
    expect(verdict.reasons[0]!.message).toMatch(/after the frame performed the action/);
  });

  it('says the action may have run when the execute command was sent and no answer came', async () => {
    const { verdict, records } = await run(async (ledger) =>
      conclude.conclude(BASE, ALLOW, ASKING, ledger, async () => {
        throw new Error('the port closed');
      }),
    );
    expect(records).toHaveLength(1);
    expect(verdict.executed).toBe(false);
    expect(verdict.reasons[0]!.message).toMatch(/may have run/);
    expect(records[0]!.execution.error).toMatch(/may have run/);
  });

  it('sends at most one execute command per decision', async () => {
    const perform = vi.fn(async () => RAN);
    const { verdict } = await run(async (ledger) => {
      await conclude.conclude(BASE, ALLOW, ASKING, ledger, perform);
      return conclude.conclude(BASE, ALLOW, ASKING, ledger, perform);
    });
    expect(perform).toHaveBeenCalledTimes(1);
    expect(verdict.executed).toBe(true);
    expect(codes(verdict)).toEqual(['internal_error']);
  });

  it('keeps a normal decision as it was: one record, no internal_error', async () => {
    const { verdict, records } = await run(async (ledger) => conclude.conclude(BASE, ALLOW, ASKING, ledger, async () => RAN));
    expect(records).toHaveLength(1);
    expect(verdict).toMatchObject({ decision: 'allow', executed: true, reasons: [] });
  });

  it('tells the truth when the record cannot be written, then performs nothing until a record can be', async () => {
    const append = vi.spyOn(store, 'appendAudit');
    // Record writes fail (a full disk, a broken database) for the first decision only.
    append.mockRejectedValueOnce(new DOMException('Quota exceeded', 'QuotaExceededError'));
    const first = await run(async (ledger) => conclude.conclude(BASE, ALLOW, ASKING, ledger, async () => RAN));
    expect(first.verdict.executed).toBe(true);
    expect(first.verdict.id).toMatch(/^unrecorded-/);
    expect(codes(first.verdict)).toEqual(['internal_error']);
    expect(first.verdict.reasons[0]!.message).toMatch(/QuotaExceededError/);
    expect(boundary.auditWritable()).toBe(false);

    // The next allowed action is not performed: its refusal is what gets recorded.
    const perform = vi.fn(async () => RAN);
    const second = await run(async (ledger) => conclude.conclude(BASE, ALLOW, ASKING, ledger, perform));
    expect(perform).not.toHaveBeenCalled();
    expect(second.verdict).toMatchObject({ decision: 'block', executed: false });
    expect(second.records).toHaveLength(1);
    expect((second.records[0] as AuditRecord).execution.executed).toBe(false);
    expect(boundary.auditWritable()).toBe(true);

    // Recorded again: actions run again.
    const third = await run(async (ledger) => conclude.conclude(BASE, ALLOW, ASKING, ledger, perform));
    expect(perform).toHaveBeenCalledTimes(1);
    expect(third.verdict.executed).toBe(true);
    expect(third.records).toHaveLength(2);
  });
});

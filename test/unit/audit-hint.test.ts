import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuditRecord, verifyChain } from '../../src/core';
import { auditBody } from '../support/audit-records';

/**
 * The audit store remembers what it wrote last (audit-store.ts `lastWritten`) so that the next
 * record needs one transaction, not two. The hint must never be trusted alone: another writer
 * (a second background instance, a restarted one) moves the head, and the record then chains
 * after what is really there.
 */
vi.mock('webextension-polyfill', () => ({ default: { storage: { local: { get: async () => ({}), remove: async () => undefined } } } }));

type Store = typeof import('../../src/background/audit-store');

async function instance(): Promise<Store> {
  vi.resetModules();
  return import('../../src/background/audit-store');
}

const oldestFirst = (records: AuditRecord[]) => [...records].reverse();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('the audit store’s memory of its last write', () => {
  it('writes the next record in one transaction', async () => {
    const store = await instance();
    await store.appendAudit(auditBody(0));
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    await store.appendAudit(auditBody(1));
    await store.appendAudit(auditBody(2));
    expect(transaction.mock.calls.map((call) => call[1])).toEqual(['readwrite', 'readwrite']);
    transaction.mockRestore();
    expect(verifyChain(oldestFirst(await store.listAudit(10)))).toEqual({ ok: true, count: 3 });
  });

  it('chains after another writer’s record, not after the one it remembers', async () => {
    const first = await instance();
    const second = await instance();
    await first.appendAudit(auditBody(0));
    await second.appendAudit(auditBody(1));
    // `first` remembers record 0 as the newest; the database's newest is record 1.
    const next = await first.appendAudit(auditBody(2));
    const records = oldestFirst(await first.listAudit(10));
    expect(records.map((r) => r.id)).toEqual(['rec-0', 'rec-1', 'rec-2']);
    expect(next).toMatchObject({ seq: 2, prev: records[1]!.hash });
    expect(verifyChain(records)).toEqual({ ok: true, count: 3 });
    // The head `second` left was sealed by the same key and holds: no break is recorded.
    const head = await first.readAudit(
      async (_records, meta) =>
        (await new Promise((resolve) => {
          const request = meta.get('head');
          request.onsuccess = () => resolve(request.result);
        })) as { brokenAt: number | null; seq: number },
    );
    expect(head).toMatchObject({ seq: 2, brokenAt: null });
  });
});

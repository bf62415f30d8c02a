import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuditRecord, verifyChain } from '../../src/core';
import { auditBody } from '../support/audit-records';
import { rawKey } from '../support/raw-idb';

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
  it('after a start, takes the head it read and checked as the hint: the first record needs one transaction', async () => {
    const before = await instance();
    await before.appendAudit(auditBody(0));
    await before.appendAudit(auditBody(1));
    const store = await instance();
    await store.openAuditStore();
    const transaction = vi.spyOn(IDBDatabase.prototype, 'transaction');
    const next = await store.appendAudit(auditBody(2));
    expect(transaction.mock.calls.map((call) => call[1])).toEqual(['readwrite']);
    transaction.mockRestore();
    expect(next.seq).toBe(2);
    expect(verifyChain(oldestFirst(await store.listAudit(10)))).toEqual({ ok: true, count: 3 });
  });

  it('after a start, does not take a head whose mac does not verify: the first record records the break', async () => {
    const before = await instance();
    await before.appendAudit(auditBody(0));
    await before.appendAudit(auditBody(1));
    await editHead((head) => ({ ...head, mac: '0'.repeat(64) }));
    const store = await instance();
    await store.openAuditStore();
    const next = await store.appendAudit(auditBody(2));
    expect(await headOf(store)).toMatchObject({ seq: 2, brokenAt: next.seq });
  });

  it('after a start, chains after a record written since it read the head', async () => {
    const before = await instance();
    await before.appendAudit(auditBody(0));
    const store = await instance();
    await store.openAuditStore();
    await (await instance()).appendAudit(auditBody(1));
    const next = await store.appendAudit(auditBody(2));
    const records = oldestFirst(await store.listAudit(10));
    expect(next).toMatchObject({ seq: 2, prev: records[1]!.hash });
    expect(verifyChain(records)).toEqual({ ok: true, count: 3 });
    expect(await headOf(store)).toMatchObject({ seq: 2, brokenAt: null });
  });
});

type Head = { seq: number; brokenAt: number | null; mac: string | null };

const headOf = (store: Store) =>
  store.readAudit(
    async (_records, meta) =>
      (await new Promise((resolve) => {
        const request = meta.get('head');
        request.onsuccess = () => resolve(request.result);
      })) as Head,
  );

/** Rewrites the stored head as someone with the profile's files could, running none of Warrant's code. */
const editHead = (edit: (head: Head) => Head) => rawKey('warrant-audit', 'meta', 'head', (head) => edit(head as Head));

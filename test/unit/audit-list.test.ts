import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reason } from '../../src/core';
import { AUDIT_CHANNEL, AuditNoticeSchema } from '../../src/messages/audit-notice';
import { UiRequestSchema } from '../../src/messages/ui-background';
import { auditBody, T0 } from '../support/audit-records';

vi.mock('webextension-polyfill', () => ({ default: { storage: { local: { get: async () => ({}), remove: async () => undefined } } } }));

type Store = typeof import('../../src/background/audit-store');

async function fresh(): Promise<Store> {
  vi.resetModules();
  globalThis.indexedDB = new IDBFactory();
  return import('../../src/background/audit-store');
}

/** `n` records: odd ones blocked, every tenth on another site with its own tool and label. */
async function filled(n: number): Promise<Store> {
  const store = await fresh();
  for (let i = 0; i < n; i++) {
    const other = i % 10 === 3;
    const body = auditBody(i, other ? { origin: 'https://Mail.example', tool: 'type' } : {});
    await store.appendAudit(other ? { ...body, targetLabel: 'Send Invoice' } : body);
  }
  return store;
}

const seqs = async (records: Promise<{ seq: number }[]>) => (await records).map((r) => r.seq);

beforeEach(() => vi.restoreAllMocks());

describe('audit:list search, dates and paging, in the background over IndexedDB', () => {
  it('searches the site, tool, target, label and reasons, ignoring case', async () => {
    const store = await filled(30);
    expect(await seqs(store.listAudit(50, { search: 'mail.EXAMPLE' }))).toEqual([23, 13, 3]);
    expect(await seqs(store.listAudit(50, { search: 'invoice' }))).toEqual([23, 13, 3]);
    expect(await seqs(store.listAudit(50, { search: 'type' }))).toEqual([23, 13, 3]);
    expect(await seqs(store.listAudit(50, { search: '#btn-17' }))).toEqual([17]);
    // Reasons: the code and Warrant's message; allowed records have none.
    expect((await store.listAudit(50, { search: 'target_covered' })).every((r) => r.decision === 'block')).toBe(true);
    expect(await seqs(store.listAudit(50, { search: 'target_covered' }))).toHaveLength(15);
    expect(await seqs(store.listAudit(50, { search: 'nothing like this' }))).toEqual([]);
    // Combined with the other conditions: all must hold.
    expect(await seqs(store.listAudit(50, { search: 'invoice', blockedOnly: true }))).toEqual([23, 13, 3]);
    expect(await seqs(store.listAudit(50, { search: 'invoice', site: 'https://shop.example' }))).toEqual([]);
  });

  it('keeps records from `from` to `to`, both inclusive', async () => {
    const store = await filled(10);
    const at = (i: number) => T0 + i * 1_000;
    expect(await seqs(store.listAudit(50, { from: at(3), to: at(5) }))).toEqual([5, 4, 3]);
    expect(await seqs(store.listAudit(50, { from: at(8) }))).toEqual([9, 8]);
    expect(await seqs(store.listAudit(50, { to: at(1) - 1 }))).toEqual([0]);
    expect(await seqs(store.listAudit(50, { from: at(9) + 1 }))).toEqual([]);
    expect(await seqs(store.listAudit(50, { from: at(5), to: at(4) }))).toEqual([]);
  });

  it('pages beyond the latest 50 by seq, under the same filter, and fetches what is newer', async () => {
    const store = await filled(130);
    const first = await seqs(store.listAudit(51));
    expect(first).toEqual(Array.from({ length: 51 }, (_, i) => 129 - i));
    const second = await seqs(store.listAudit(51, {}, { before: 80 }));
    expect(second).toEqual(Array.from({ length: 51 }, (_, i) => 79 - i));
    expect(await seqs(store.listAudit(51, {}, { before: 30 }))).toHaveLength(30);
    // Blocked only (the odd seqs), one page after the other, with no record twice and none missed.
    const page1 = await seqs(store.listAudit(50, { blockedOnly: true }));
    const page2 = await seqs(store.listAudit(50, { blockedOnly: true }, { before: page1.at(-1) }));
    expect([...page1, ...page2]).toEqual(Array.from({ length: 65 }, (_, i) => 129 - 2 * i));
    expect(await seqs(store.listAudit(500, {}, { after: 125 }))).toEqual([129, 128, 127, 126]);
    expect(await seqs(store.listAudit(500, {}, { after: 120, before: 123 }))).toEqual([122, 121]);
    expect(await seqs(store.listAudit(500, {}, { after: 121, before: 122 }))).toEqual([]);
  });

  it('tells open pages on the audit channel when a record is written', async () => {
    const store = await fresh();
    const listener = new BroadcastChannel(AUDIT_CHANNEL);
    const heard: unknown[] = [];
    listener.onmessage = (event) => heard.push(event.data);
    await store.appendAudit(auditBody(0));
    const second = await store.appendAudit(auditBody(1));
    await vi.waitFor(() => expect(heard).toHaveLength(2));
    listener.close();
    expect(heard.map((notice) => AuditNoticeSchema.parse(notice))).toEqual([
      { kind: 'audit:changed', seq: 0 },
      { kind: 'audit:changed', seq: second.seq },
    ]);
  });

  it('checks the filter and cursor on receipt', () => {
    const list = (extra: object) => UiRequestSchema.safeParse({ kind: 'audit:list', limit: 51, ...extra }).success;
    expect(list({ search: 'pay', from: T0, to: T0 + 1, before: 10, after: 2 })).toBe(true);
    expect(list({ search: '' })).toBe(false);
    expect(list({ search: 'x'.repeat(201) })).toBe(false);
    expect(list({ from: -1 })).toBe(false);
    expect(list({ to: 1.5 })).toBe(false);
    expect(list({ from: '2026-12-01' })).toBe(false);
    expect(list({ before: -3 })).toBe(false);
    expect(list({ after: 'latest' })).toBe(false);
    expect(list({ page: 2 })).toBe(false);
  });
});

describe('reasons stay searchable as written', () => {
  it('finds a denied ask by the words of its reason', async () => {
    const store = await fresh();
    await store.appendAudit({
      ...auditBody(0, { decision: 'ask' }),
      reasons: [reason('not_approved', 'The user denied the action.')],
      approval: { approved: false, by: 'user', time: T0 },
    });
    await store.appendAudit(auditBody(1));
    expect(await seqs(store.listAudit(50, { search: 'DENIED the action' }))).toEqual([0]);
  });
});

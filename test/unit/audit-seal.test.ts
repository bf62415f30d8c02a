import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';
import { type AuditRecord, chainRecord, GENESIS } from '../../src/core';
import { auditBody, legacyChain, sealForTest } from '../support/audit-records';

vi.mock('webextension-polyfill', () => ({ default: { storage: { local: { get: async () => ({}), remove: async () => undefined } } } }));

type Modules = typeof import('../../src/background/audit-store') &
  typeof import('../../src/background/audit-export') &
  typeof import('../../src/background/audit-check');

/** Loads the background's audit modules afresh, as a restarted service worker would. */
async function restart(): Promise<Modules> {
  vi.resetModules();
  return {
    ...(await import('../../src/background/audit-store')),
    ...(await import('../../src/background/audit-export')),
    ...(await import('../../src/background/audit-check')),
  };
}

/** Someone with write access to the profile: opens the database directly, with no extension code. */
async function tamper(stores: string[], edit: (tx: IDBTransaction) => void, version?: number): Promise<void> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('warrant-audit', version);
    open.onupgradeneeded = () => {
      open.result.createObjectStore('records', { keyPath: 'seq' });
      open.result.createObjectStore('meta');
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(stores, 'readwrite');
    edit(tx);
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error);
  });
  db.close();
}

async function filled(n: number): Promise<{ store: Modules; sealed: AuditRecord[] }> {
  const store = await restart();
  const sealed: AuditRecord[] = [];
  for (let i = 0; i < n; i++) sealed.push(await store.appendAudit(auditBody(i)));
  return { store, sealed };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('sealed audit records and the extension check', () => {
  it('seals every record and the head under one non-extractable key that survives a restart', async () => {
    const { sealed } = await filled(3);
    for (const record of sealed) expect(record).toMatchObject({ format: 2, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const after = await restart();
    await after.appendAudit(auditBody(3));
    const check = await after.checkAudit();
    expect(check).toMatchObject({ ok: true, records: 4, first: 0, last: 3, chain: { ok: true }, head: { ok: true } });
    expect(check.seals).toMatchObject({ ok: true, sealed: 4, unsealed: 0, failed: 0, withoutKey: 0 });
    let stored: { key: CryptoKey; since: number } | undefined;
    await tamper(['meta'], (tx) => {
      const get = tx.objectStore('meta').get('seal');
      get.onsuccess = () => (stored = get.result);
    });
    expect(stored!.since).toBe(0);
    expect(stored!.key).toBeInstanceOf(CryptoKey);
    expect(stored!.key).toMatchObject({ extractable: false, type: 'secret', algorithm: { name: 'HMAC', hash: { name: 'SHA-256' } } });
    await expect(crypto.subtle.exportKey('raw', stored!.key)).rejects.toThrow();
  });

  it('catches records cut off at the end, in the extension and in the export', async () => {
    const { store } = await filled(5);
    await tamper(['records'], (tx) => tx.objectStore('records').delete(IDBKeyRange.lowerBound(3)));
    const check = await store.checkAudit();
    expect(check).toMatchObject({ ok: false, chain: { ok: true }, seals: { ok: true } });
    expect(check.head.message).toBe('The records end at seq 2 but the head is seq 4: 2 records were cut off at the end.');
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({
      ok: false,
      reason: expect.stringContaining('2 records were cut off at the end'),
    });
  });

  it('catches a head rewritten to the new end, and a head deleted, and remembers the break', async () => {
    const { store, sealed } = await filled(5);
    await tamper(['records', 'meta'], (tx) => {
      tx.objectStore('records').delete(4);
      const head = tx.objectStore('meta').get('head');
      head.onsuccess = () => tx.objectStore('meta').put({ ...head.result, seq: 3, hash: sealed[3]!.hash }, 'head');
    });
    expect((await store.checkAudit()).head).toEqual({ ok: false, message: "The head does not verify under the extension's key." });

    await tamper(['meta'], (tx) => tx.objectStore('meta').delete('head'));
    expect((await store.checkAudit()).head.message).toMatch(/^The head is missing/);
    const next = await store.appendAudit(auditBody(9));
    expect(next.seq).toBe(4);
    const check = await store.checkAudit();
    expect(check).toMatchObject({ ok: false, chain: { ok: true }, seals: { ok: true } });
    expect(check.head.message).toBe(
      'When record seq 4 was written the head was missing or wrong: records before it may have been cut off at the end.',
    );
    await store.appendAudit(auditBody(10));
    expect((await store.checkAudit()).head.ok).toBe(false);
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: false, reason: expect.stringMatching(/when it wrote seq 4/) });
  });

  it('catches a chain rewritten and rehashed consistently: it passes audit:verify, not the macs', async () => {
    const { store, sealed } = await filled(4);
    // The blocked record 1 rewritten as allowed; it and every later record rehashed, each mac
    // made under a key of the attacker's own, and the head moved to the new last hash.
    const forged: AuditRecord[] = [sealed[0]!];
    for (const record of sealed.slice(1)) {
      const { format: _f, seq: _s, prev: _p, hash: _h, mac: _m, ...body } = record;
      const changed =
        record.seq === 1 ? { ...body, decision: 'allow' as const, reasons: [], execution: { executed: true, error: null } } : body;
      forged.push(sealForTest(chainRecord(changed, forged.at(-1)!), 'attacker'));
    }
    await tamper(['records', 'meta'], (tx) => {
      for (const record of forged.slice(1)) tx.objectStore('records').put(record);
      const head = tx.objectStore('meta').get('head');
      head.onsuccess = () => tx.objectStore('meta').put({ ...head.result, hash: forged[3]!.hash }, 'head');
    });
    const exported = await store.exportAudit();
    expect(verifyJsonLines(exported)).toMatchObject({ ok: true, count: 4 });
    const check = await store.checkAudit();
    expect(check).toMatchObject({ ok: false, chain: { ok: true }, head: { ok: false } });
    expect(check.seals).toMatchObject({ ok: false, sealed: 4, failed: 3 });
    expect(check.seals.message).toMatch(/^3 records do not verify under the extension's key, the first at seq 1/);
  });

  it('still verifies after rotation, and catches the oldest records deleted without it', async () => {
    const store = await restart();
    await store.setAuditCap(5);
    for (let i = 0; i < 12; i++) await store.appendAudit(auditBody(i));
    expect(await store.checkAudit()).toMatchObject({ ok: true, records: 5, first: 7, last: 11 });
    await store.setAuditCap(3);
    expect(await store.checkAudit()).toMatchObject({ ok: true, records: 3, first: 9 });
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: true, head: { seq: 11, first: 9 } });
    await tamper(['records'], (tx) => tx.objectStore('records').delete(9));
    const check = await store.checkAudit();
    expect(check.head).toEqual({
      ok: false,
      message: 'The records start at seq 10 but the log keeps from seq 9: the oldest were deleted without rotation.',
    });
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: false, reason: expect.stringMatching(/cut from the start/) });
  });

  it('reports a deleted key: sealed records become unverifiable, and a new key seals from then on', async () => {
    const { store } = await filled(3);
    await tamper(['meta'], (tx) => tx.objectStore('meta').delete('seal'));
    expect((await store.checkAudit()).seals).toMatchObject({
      ok: false,
      withoutKey: 3,
      message: expect.stringMatching(/^The sealing key is missing/),
    });
    await store.appendAudit(auditBody(3));
    const check = await store.checkAudit();
    expect(check.seals).toMatchObject({ ok: false, withoutKey: 3, failed: 0 });
    expect(check.seals.message).toBe(
      '3 records were sealed under a key that is gone (this key seals from seq 3): they cannot be verified.',
    );
    expect(check.head.message).toMatch(/When record seq 3 was written the head was missing or wrong/);
  });

  it('upgrades a version-1 database: its records and head are reported unsealed until the next record', async () => {
    const legacy = legacyChain(3);
    await tamper(
      ['records'],
      (tx) => {
        for (const record of legacy) tx.objectStore('records').put(record);
      },
      1,
    );
    const store = await restart();
    const before = await store.checkAudit();
    expect(before).toMatchObject({ ok: false, chain: { ok: true }, seals: { ok: false, sealed: 0, unsealed: 3 } });
    expect(before.seals.message).toBe('None of the 3 records is sealed (all were written before format 2).');
    expect(before.head.message).toBe('The head is unsealed (carried over from before format 2); the next record seals it.');
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: true, count: 3, fromGenesis: true });
    const next = await store.appendAudit(auditBody(3));
    expect(next).toMatchObject({ format: 2, seq: 3, prev: legacy[2]!.hash });
    const after = await store.checkAudit();
    expect(after).toMatchObject({ ok: true, seals: { sealed: 1, unsealed: 3 }, head: { ok: true } });
    expect(after.seals.message).toContain('3 older records are unsealed (format 1)');
    expect(legacy[0]!.prev).toBe(GENESIS);
  });
});

import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';
import { type AuditRecord, verifyChain } from '../../src/core';
import { auditBody, legacyChain } from '../support/audit-records';

/** storage.local as the polyfill offers it, in memory: the legacy log lives there. */
const local = vi.hoisted(() => {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key: string) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    remove: async (key: string) => void data.delete(key),
  };
});
vi.mock('webextension-polyfill', () => ({ default: { storage: { local } } }));

type Store = typeof import('../../src/background/audit-store');
type Export = typeof import('../../src/background/audit-export');

/** Loads the store afresh, as a restarted service worker would: nothing survives but the database. */
async function restart(): Promise<Store & Export> {
  vi.resetModules();
  return { ...(await import('../../src/background/audit-store')), ...(await import('../../src/background/audit-export')) };
}

const oldestFirst = (records: AuditRecord[]) => [...records].reverse();

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  local.data.clear();
});

describe('audit store on IndexedDB', () => {
  it('appends a chain and lists the latest first, as before', async () => {
    const store = await restart();
    for (let i = 0; i < 4; i++) await store.appendAudit(auditBody(i));
    const latest = await store.listAudit(3);
    expect(latest.map((r) => r.id)).toEqual(['rec-3', 'rec-2', 'rec-1']);
    expect(verifyChain(oldestFirst(await store.listAudit(10)))).toEqual({ ok: true, count: 4 });
  });

  it('never forks the chain under concurrent verdicts', async () => {
    const store = await restart();
    const sealed = await Promise.all(Array.from({ length: 20 }, (_, i) => store.appendAudit(auditBody(i))));
    expect(sealed.map((r) => r.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(verifyChain(oldestFirst(await store.listAudit(50)))).toEqual({ ok: true, count: 20 });
  });

  it('continues the chain from the database after the service worker was stopped', async () => {
    const before = await restart();
    const last = await before.appendAudit(auditBody(0));
    const after = await restart();
    const next = await after.appendAudit(auditBody(1));
    expect(next).toMatchObject({ seq: last.seq + 1, prev: last.hash });
  });

  it('rotates at the cap, keeping a run that verifies from its oldest record', async () => {
    const store = await restart();
    expect(await store.auditCap()).toBe(store.DEFAULT_AUDIT_CAP);
    await store.setAuditCap(5);
    const sealed: AuditRecord[] = [];
    for (let i = 0; i < 12; i++) sealed.push(await store.appendAudit(auditBody(i)));
    const kept = oldestFirst(await store.listAudit(50));
    expect(kept.map((r) => r.seq)).toEqual([7, 8, 9, 10, 11]);
    expect(kept[0]!.prev).toBe(sealed[6]!.hash);
    expect(verifyJsonLines(await store.exportAudit())).toEqual({
      ok: true,
      count: 5,
      firstSeq: 7,
      lastSeq: 11,
      fromGenesis: false,
      head: { seq: 11, first: 7, cut: 'none' },
    });
  });

  it('keeps the cap across restarts and applies a lower one at once', async () => {
    const first = await restart();
    await first.setAuditCap(8);
    for (let i = 0; i < 8; i++) await first.appendAudit(auditBody(i));
    const second = await restart();
    expect(await second.auditCap()).toBe(8);
    await second.setAuditCap(3);
    expect((await second.listAudit(50)).map((r) => r.seq)).toEqual([7, 6, 5]);
    await expect(second.setAuditCap(0)).rejects.toThrow(RangeError);
    await expect(second.setAuditCap(1.5)).rejects.toThrow(RangeError);
  });

  it('filters by blocked, decision, tool and site', async () => {
    const store = await restart();
    await store.appendAudit(auditBody(0, { decision: 'allow' }));
    await store.appendAudit(auditBody(1, { decision: 'block', tool: 'type' }));
    await store.appendAudit(auditBody(2, { decision: 'reject', tool: 'wipe_disk', origin: 'https://evil.example' }));
    await store.appendAudit({ ...auditBody(3, { decision: 'ask' }), approval: { approved: true, by: 'user', time: 1 } });
    await store.appendAudit(auditBody(4, { decision: 'ask' }));
    const ids = async (filter: Parameters<Store['listAudit']>[1]) => (await store.listAudit(50, filter)).map((r) => r.id);
    expect(await ids({ blockedOnly: true })).toEqual(['rec-4', 'rec-2', 'rec-1']);
    expect(await ids({ blockedOnly: true, decision: 'reject' })).toEqual(['rec-2']);
    expect(await ids({ tool: 'type' })).toEqual(['rec-1']);
    expect(await ids({ site: 'https://evil.example' })).toEqual(['rec-2']);
    expect(await ids({ blockedOnly: true, site: 'https://shop.example', tool: 'click' })).toEqual(['rec-4']);
    expect(await store.listAudit(1, { blockedOnly: true })).toHaveLength(1);
    expect(await store.auditFacets()).toEqual({
      tools: ['click', 'type', 'wipe_disk'],
      sites: ['https://evil.example', 'https://shop.example'],
    });
  });

  it('exports JSON Lines oldest first, by time range and in pages that stitch together', async () => {
    const store = await restart();
    for (let i = 0; i < 6; i++) await store.appendAudit(auditBody(i, { crop: i === 3 }));
    const whole = await store.exportAudit();
    expect(verifyJsonLines(whole)).toMatchObject({ ok: true, count: 6, fromGenesis: true, head: { seq: 5, first: 0, cut: 'none' } });
    // The head line comes last, without a newline after it: counting newlines counts records.
    expect(whole.split('\n')).toHaveLength(7);
    expect(JSON.parse(whole.split('\n').at(-1)!)).toMatchObject({ kind: 'audit-head', format: 1, seq: 5, first: 0, brokenAt: null });
    const range = await store.exportAudit({ since: auditBody(2).time, until: auditBody(4).time });
    const lines = range.split('\n').map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id ?? line.kind)).toEqual(['rec-2', 'rec-3', 'rec-4', 'audit-head']);
    expect(lines.at(-1)).toMatchObject({ seq: 5, since: auditBody(2).time, until: auditBody(4).time });
    expect(verifyJsonLines(range)).toMatchObject({ ok: true, count: 3, head: { seq: 5, cut: 'by-range' } });

    let stitched = '';
    let after: number | undefined;
    for (let pages = 1; ; pages++) {
      const page = await store.exportAuditPage({}, after, 10);
      expect(page.jsonl.trimEnd().split('\n')).toHaveLength(page.next === null ? 2 : 1);
      stitched += page.jsonl;
      if (page.next === null) break;
      after = page.next;
      expect(pages).toBeLessThan(10);
    }
    const untimed = (text: string) => text.replace(/"exported":\d+/, '"exported":0');
    expect(untimed(stitched)).toBe(untimed(whole));
  });

  it('refuses to continue an export across records rotated away meanwhile', async () => {
    const store = await restart();
    for (let i = 0; i < 4; i++) await store.appendAudit(auditBody(i));
    const first = await store.exportAuditPage({}, undefined, 10);
    expect(first.next).toBe(0);
    await store.setAuditCap(2);
    await expect(store.exportAuditPage({}, first.next!, 10)).rejects.toThrow(/rotated during the export/);
  });

  it('leaves out a crop that is not a small PNG, and refuses a record that would not verify', async () => {
    const store = await restart();
    const svg = { png: 'data:image/svg+xml;base64,PHN2Zz4=', rect: { x: 0, y: 0, width: 1, height: 1 } };
    expect((await store.appendAudit({ ...auditBody(0), crop: svg })).crop).toBeNull();
    await expect(store.appendAudit({ ...auditBody(1), decision: 'maybe' as 'allow' })).rejects.toThrow();
    const next = await store.appendAudit(auditBody(2, { crop: true }));
    expect(next.seq).toBe(1);
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: true, count: 2 });
  });

  it('moves the storage.local log into IndexedDB once and continues its chain', async () => {
    const legacy = legacyChain(3);
    local.data.set('audit.v1.records', [...legacy, { not: 'a record' }]);
    const store = await restart();
    const next = await store.appendAudit(auditBody(3));
    expect(next).toMatchObject({ seq: 3, prev: legacy[2]!.hash });
    expect(local.data.has('audit.v1.records')).toBe(false);
    expect(verifyJsonLines(await store.exportAudit())).toMatchObject({ ok: true, count: 4, fromGenesis: true });
  });

  it('does not migrate twice when a previous run stopped before removing the old key', async () => {
    const legacy = legacyChain(2);
    local.data.set('audit.v1.records', legacy);
    await (await restart()).listAudit(1);
    local.data.set('audit.v1.records', legacy);
    const store = await restart();
    expect((await store.listAudit(50)).map((r) => r.seq)).toEqual([1, 0]);
    // Left over by the stopped run and never read again (storage.local is looked at once).
    expect(local.data.has('audit.v1.records')).toBe(true);
  });
  it('looks at storage.local once: a log planted there after the store was first opened is never imported', async () => {
    // Firefox lets content scripts write storage.local: records made up by a taken-over renderer.
    await (await restart()).openAuditStore();
    local.data.set('audit.v1.records', legacyChain(3));
    const store = await restart();
    expect(await store.listAudit(50)).toEqual([]);
    expect((await store.appendAudit(auditBody(0))).seq).toBe(0);
    expect(local.data.has('audit.v1.records')).toBe(true);
  });

  it('writes past a record that is not one (corrupted, half-written): reads never hang, the break is recorded', async () => {
    const store = await restart();
    await store.appendAudit(auditBody(0));
    await store.readAudit(async (records) => records); // the database exists
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('warrant-audit');
      open.onsuccess = () => {
        const tx = open.result.transaction('records', 'readwrite');
        tx.objectStore('records').put({ seq: 1, format: 2, id: 'half' });
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
      };
      open.onerror = () => reject(open.error);
    });
    const next = await store.appendAudit(auditBody(2));
    expect(next.seq).toBe(2);
    expect((await store.listAudit(10)).map((r) => r.id)).toEqual(['rec-2', 'rec-0']);
    expect((await store.auditFacets()).tools).toEqual(['click']);
    const page = await store.exportAuditPage({});
    expect(page.jsonl.split('\n').filter(Boolean)).toHaveLength(4);
    const head = await store.readAudit(
      async (_records, meta) =>
        new Promise((resolve) => {
          const r = meta.get('head');
          r.onsuccess = () => resolve(r.result);
        }),
    );
    expect(head).toMatchObject({ seq: 2, brokenAt: 2 });
  });
});

import browser from 'webextension-polyfill';
import { sealRecord } from '../core/audit';
import { type AuditBody, AuditCropSchema, type AuditRecord, AuditRecordSchema } from '../core/contracts';
import type { AuditFilter } from '../messages/ui-background';
import { inTransaction, META, openAuditDb, RECORDS, req, scan } from './audit-db';
import { matchesFilter } from './audit-filter';
import { serially } from './serial';

/** How many records are kept until a policy says otherwise; the oldest beyond it are deleted. */
export const DEFAULT_AUDIT_CAP = 5_000;
export const MAX_AUDIT_CAP = 1_000_000;
/** Where version 0.1 kept the log (storage.local, one array); moved into IndexedDB once. */
const LEGACY_KEY = 'audit.v1.records';
const CAP_KEY = 'cap';
const QUEUE = 'audit';

let migrated: Promise<void> | null = null;

/** The database, after any records of the storage.local era have been moved into it. */
async function database(): Promise<IDBDatabase> {
  const db = await openAuditDb();
  migrated ??= migrateLegacy(db).catch((error: unknown) => {
    migrated = null;
    throw error;
  });
  await migrated;
  return db;
}

/**
 * Appends one record. The head is read from the database in the same transaction that writes
 * the new record, so neither a stopped service worker nor concurrent verdicts can fork the chain;
 * the queue keeps records in the order their verdicts were reached.
 */
export function appendAudit(body: AuditBody): Promise<AuditRecord> {
  // A crop that is not a small PNG is left out rather than losing the verdict's record.
  const admitted = body.crop && !AuditCropSchema.safeParse(body.crop).success ? { ...body, crop: null } : body;
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [RECORDS, META], 'readwrite', async (tx) => {
      const store = tx.objectStore(RECORDS);
      const cap = await readCap(tx);
      // A record that would not verify must never enter the chain: it would break every export.
      const record = sealRecord(admitted, await head(store));
      AuditRecordSchema.parse(record);
      store.add(record);
      trim(store, record.seq, cap);
      return record;
    });
  });
}

/** The latest `limit` records matching `filter`, newest first. */
export function listAudit(limit: number, filter: AuditFilter = {}): Promise<AuditRecord[]> {
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [RECORDS], 'readonly', async (tx) => {
      const found: AuditRecord[] = [];
      await scan(tx.objectStore(RECORDS), null, 'prev', (value) => {
        // Records from a later format are skipped here, never rewritten: export still shows them.
        const parsed = AuditRecordSchema.safeParse(value);
        if (parsed.success && matchesFilter(parsed.data, filter)) found.push(parsed.data);
        return found.length < limit;
      });
      return found;
    });
  });
}

export function auditCap(): Promise<number> {
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [META], 'readonly', readCap);
  });
}

/** Sets the cap (kept in the database, so it survives restarts) and rotates at once. */
export function setAuditCap(cap: number): Promise<void> {
  if (!Number.isInteger(cap) || cap < 1 || cap > MAX_AUDIT_CAP) {
    return Promise.reject(new RangeError(`The audit cap must be an integer from 1 to ${MAX_AUDIT_CAP}.`));
  }
  return serially(QUEUE, async () => {
    const db = await database();
    await inTransaction(db, [RECORDS, META], 'readwrite', async (tx) => {
      tx.objectStore(META).put(cap, CAP_KEY);
      const store = tx.objectStore(RECORDS);
      const last = await head(store);
      if (last) trim(store, last.seq, cap);
    });
  });
}

/** Runs `read` after every write queued before it, in one read-only transaction. */
export function readAudit<T>(read: (records: IDBObjectStore) => Promise<T>): Promise<T> {
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [RECORDS], 'readonly', (tx) => read(tx.objectStore(RECORDS)));
  });
}

async function readCap(tx: IDBTransaction): Promise<number> {
  const stored = await req(tx.objectStore(META).get(CAP_KEY));
  return typeof stored === 'number' ? stored : DEFAULT_AUDIT_CAP;
}

async function head(store: IDBObjectStore): Promise<AuditRecord | null> {
  const cursor = await req(store.openCursor(null, 'prev'));
  return cursor ? (cursor.value as AuditRecord) : null;
}

/**
 * Rotation: keeps the `cap` newest records. Seqs are consecutive and only the oldest are ever
 * deleted, so the kept run stays one unbroken chain that verifies from its first record.
 */
function trim(store: IDBObjectStore, headSeq: number, cap: number): void {
  const lastDropped = headSeq - cap;
  if (lastDropped >= 0) store.delete(IDBKeyRange.upperBound(lastDropped));
}

/**
 * One-time move of the storage.local log into IndexedDB. If a previous attempt committed the
 * records but stopped before removing the key, the store is no longer empty and they are not
 * written twice.
 */
async function migrateLegacy(db: IDBDatabase): Promise<void> {
  const legacy = (await browser.storage.local.get(LEGACY_KEY))[LEGACY_KEY];
  if (legacy === undefined) return;
  const records = Array.isArray(legacy) ? legacy.filter((record) => AuditRecordSchema.safeParse(record).success) : [];
  await inTransaction(db, [RECORDS], 'readwrite', async (tx) => {
    const store = tx.objectStore(RECORDS);
    if ((await req(store.count())) > 0) return;
    // As stored, not as parsed: the hashes cover exactly these values.
    for (const record of records) store.put(record);
  });
  await browser.storage.local.remove(LEGACY_KEY);
}

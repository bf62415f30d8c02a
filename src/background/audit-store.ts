import browser from 'webextension-polyfill';
import { chainRecord, GENESIS } from '../core/audit';
import { type AuditBody, AuditCropSchema, type AuditHead, type AuditRecord, AuditRecordSchema } from '../core/contracts';
import { AUDIT_CHANNEL, type AuditNotice } from '../messages/audit-notice';
import type { AuditCursor, AuditFilter } from '../messages/ui-background';
import { HEAD_KEY, inTransaction, META, openAuditDb, RECORDS, req, SEAL_KEY, scan } from './audit-db';
import { matchesFilter } from './audit-filter';
import { headHolds, headMac, newSealKey, readHead, readSealKey, type SealKey, sealChained } from './audit-seal';
import { serially } from './serial';

/** How many records are kept until a policy says otherwise; the oldest beyond it are deleted. */
export const DEFAULT_AUDIT_CAP = 5_000;
export const MAX_AUDIT_CAP = 1_000_000;
/** Where version 0.1 kept the log (storage.local, one array); moved into IndexedDB once. */
const LEGACY_KEY = 'audit.v1.records';
const CAP_KEY = 'cap';
/** META key set once storage.local has been looked at for a version 0.1 log (`{ version: 1, at }`). */
const LEGACY_CHECKED_KEY = 'legacy-checked';
const QUEUE = 'audit';

let migrated: Promise<void> | null = null;

/**
 * The newest record, head and seal as this background last wrote them (or, after a start, read and
 * checked them: openAuditStore). A hint, never trusted alone: the write transaction reads all
 * three again and writes nothing if any has moved, and the hint is dropped at the first use (a
 * failed write, or another writer, means a fresh read). A head this background sealed over its
 * own record holds by construction; one read at start is taken only once its mac has verified.
 */
let lastWritten: { last: AuditRecord; head: AuditHead; seal: SealKey } | null = null;

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
 * Appends one record, sealed. The head and the sealing key are read, the record is chained and its
 * mac computed (WebCrypto is asynchronous, so that happens between two transactions), and the
 * write transaction checks that the head has not moved before it adds the record and the new head
 * together: neither a stopped service worker nor concurrent verdicts can fork the chain, and the
 * queue keeps records in the order their verdicts were reached. A head found missing or wrong is
 * not rebuilt silently: the new head records the break (`brokenAt`) under its mac.
 */
export function appendAudit(body: AuditBody): Promise<AuditRecord> {
  // A crop that is not a small PNG is left out rather than losing the verdict's record.
  const admitted = body.crop && !AuditCropSchema.safeParse(body.crop).success ? { ...body, crop: null } : body;
  return serially(QUEUE, async () => {
    const db = await database();
    for (let attempt = 0; attempt < 3; attempt++) {
      // What this background wrote last, if it still is (the write below checks): one transaction
      // and one mac check less per record (audit write 4.8 → 3.5 ms, npm run bench:stages). Taken
      // once: a later attempt, after the write found the head moved, reads afresh.
      const remembered = lastWritten;
      lastWritten = null;
      const seen = remembered ?? (await readTip(db));
      const key = seen.seal?.key ?? (await newSealKey());
      const holds = remembered !== null || (await headHolds(seen.head, seen.last, seen.seal));
      // A record that would not verify must never enter the chain: it would break every export.
      const record = AuditRecordSchema.parse(await sealChained(key, chainRecord(admitted, following(seen.last, seen.head))));
      const brokenAt = holds ? (seen.head?.brokenAt ?? null) : record.seq;
      const mac = await headMac(key, { seq: record.seq, hash: record.hash, brokenAt });
      const written = await inTransaction(db, [RECORDS, META], 'readwrite', async (tx) => {
        const store = tx.objectStore(RECORDS);
        const meta = tx.objectStore(META);
        // Asked for together (one transaction sees one state either way): in Firefox each request
        // is a round trip to the parent process; the transaction took 4 ms with the five one after
        // another, 3 ms together (pixel-checked clicks, stage marks: src/background/marks.ts).
        const [last, head, seal, cap, oldestKey] = await Promise.all([
          newest(store),
          readHead(meta),
          readSealKey(meta),
          readCap(tx),
          req(store.openKeyCursor()),
        ]);
        if (last?.hash !== seen.last?.hash || head?.mac !== seen.head?.mac || (seal === null) !== (seen.seal === null)) return null;
        if (seal === null) meta.put({ version: 1, key, since: record.seq }, SEAL_KEY);
        const oldest = oldestKey?.primaryKey as number | undefined;
        store.add(record);
        trim(store, record.seq, cap);
        const first = Math.max(holds && head ? head.first : (oldest ?? record.seq), record.seq - cap + 1);
        const next: AuditHead = { version: 1, seq: record.seq, hash: record.hash, first, brokenAt, mac };
        meta.put(next, HEAD_KEY);
        return { record, head: next, seal: seal ?? { version: 1 as const, key, since: record.seq } };
      });
      if (written) {
        // Remembered only once the transaction committed (inTransaction resolves on complete).
        lastWritten = { last: written.record, head: written.head, seal: written.seal };
        announce({ kind: 'audit:changed', seq: written.record.seq });
        return written.record;
      }
    }
    throw new Error('The audit head kept moving while a record was sealed; the record was not written.');
  });
}

/** The latest `limit` records matching `filter` (older than `before`, newer than `after`: seqs), newest first. */
export function listAudit(limit: number, filter: AuditFilter = {}, cursor: AuditCursor = {}): Promise<AuditRecord[]> {
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [RECORDS], 'readonly', async (tx) => {
      const found: AuditRecord[] = [];
      await scan(tx.objectStore(RECORDS), seqRange(cursor), 'prev', (value) => {
        // Records from a later format are skipped here, never rewritten: export still shows them.
        const parsed = AuditRecordSchema.safeParse(value);
        if (parsed.success && matchesFilter(parsed.data, filter)) found.push(parsed.data);
        return found.length < limit;
      });
      return found;
    });
  });
}

/** Tells open extension pages a record was written (audit-notice.ts); a page that misses it still lists the record when next opened. */
function announce(notice: AuditNotice): void {
  if (typeof BroadcastChannel !== 'function') return;
  try {
    const channel = new BroadcastChannel(AUDIT_CHANNEL);
    // The message is queued for every listener when posted, so closing at once loses nothing.
    channel.postMessage(notice);
    channel.close();
  } catch (error) {
    console.warn('Warrant: open pages were not told of the new audit record', error);
  }
}

/** Seqs strictly between `after` and `before`; null for the whole log. */
function seqRange({ before, after }: AuditCursor): IDBKeyRange | null {
  if (before !== undefined && after !== undefined)
    return after + 1 < before ? IDBKeyRange.bound(after, before, true, true) : IDBKeyRange.only(-1); // nothing: seqs are never negative
  if (before !== undefined) return IDBKeyRange.upperBound(before, true);
  if (after !== undefined) return IDBKeyRange.lowerBound(after, true);
  return null;
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
      const meta = tx.objectStore(META);
      meta.put(cap, CAP_KEY);
      const store = tx.objectStore(RECORDS);
      const last = await newest(store);
      if (last) trim(store, last.seq, cap);
      // `first` is not under the head's mac: lowering the cap is how anyone drops the oldest records.
      const head = await readHead(meta);
      if (head && last) meta.put({ ...head, first: Math.max(head.first, last.seq - cap + 1) }, HEAD_KEY);
    });
  });
}

/** Runs `read` after every write queued before it, in one read-only transaction over the records and META. */
export function readAudit<T>(read: (records: IDBObjectStore, meta: IDBObjectStore) => Promise<T>): Promise<T> {
  return serially(QUEUE, async () => {
    const db = await database();
    return inTransaction(db, [RECORDS, META], 'readonly', (tx) => read(tx.objectStore(RECORDS), tx.objectStore(META)));
  });
}

async function readCap(tx: IDBTransaction): Promise<number> {
  const stored = await req(tx.objectStore(META).get(CAP_KEY));
  return typeof stored === 'number' ? stored : DEFAULT_AUDIT_CAP;
}

/**
 * What a new record follows: the newest record, or, if that is not a record at all (written into
 * the store by someone else, or half-written), a link past it — its seq, and the head's hash —
 * so that one bad record does not stop every later one from being written. The chain stays broken
 * there (the check and audit:verify report it) and the new head records the break (`brokenAt`).
 */
function following(last: AuditRecord | null, head: AuditHead | null): Pick<AuditRecord, 'seq' | 'hash'> | null {
  if (last === null || AuditRecordSchema.safeParse(last).success) return last;
  const seq = Number('seq' in last ? last.seq : undefined);
  return { seq: Number.isSafeInteger(seq) && seq >= 0 ? seq : (head?.seq ?? 0), hash: head?.hash ?? GENESIS };
}

/** The newest record, the head and the sealing key, read in one transaction (what a write starts from). */
function readTip(db: IDBDatabase): Promise<{ last: AuditRecord | null; head: AuditHead | null; seal: SealKey | null }> {
  return inTransaction(db, [RECORDS, META], 'readonly', async (tx) => ({
    last: await newest(tx.objectStore(RECORDS)),
    head: await readHead(tx.objectStore(META)),
    seal: await readSealKey(tx.objectStore(META)),
  }));
}

async function newest(store: IDBObjectStore): Promise<AuditRecord | null> {
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
 * One-time move of the storage.local log into IndexedDB, looked at once per profile: the first
 * time the store is opened (at background start, index.ts) it records in META that storage.local
 * was checked, and from then on never reads it again. Firefox lets content scripts write
 * storage.local (bug 1724754, see storage-access.ts), so a log planted there later — records a
 * taken-over renderer made up — must not be imported. A store with records already (an earlier
 * attempt committed them but stopped before removing the key) is not written twice.
 */
async function migrateLegacy(db: IDBDatabase): Promise<void> {
  const checked = await inTransaction(db, [META], 'readonly', (tx) => req(tx.objectStore(META).get(LEGACY_CHECKED_KEY)));
  if (checked !== undefined) return;
  const legacy = (await browser.storage.local.get(LEGACY_KEY))[LEGACY_KEY];
  const records: AuditRecord[] = Array.isArray(legacy) ? legacy.filter((record) => AuditRecordSchema.safeParse(record).success) : [];
  await inTransaction(db, [RECORDS, META], 'readwrite', async (tx) => {
    const meta = tx.objectStore(META);
    if ((await req(meta.get(LEGACY_CHECKED_KEY))) !== undefined) return;
    meta.put({ version: 1, at: Date.now() }, LEGACY_CHECKED_KEY);
    const store = tx.objectStore(RECORDS);
    if (legacy === undefined || (await req(store.count())) > 0) return;
    // As stored, not as parsed: the hashes cover exactly these values.
    for (const record of records) store.put(record);
    // Format-1 records, unsealed: their head is unsealed too, as carried over by the version-2 upgrade.
    const [first, last] = [records[0], records.at(-1)];
    if (first && last) {
      meta.put({ version: 1, seq: last.seq, hash: last.hash, first: first.seq, brokenAt: null, mac: null }, HEAD_KEY);
    }
  });
  if (legacy !== undefined) await browser.storage.local.remove(LEGACY_KEY);
}

/**
 * Opens the store at background start, so the storage.local era is looked at before any content
 * script can plant a log, and reads the newest record, head and key the way a write would: when
 * the head holds they become the `lastWritten` hint, so the first record after a start needs one
 * transaction and no mac check, as later ones do (the write still checks that none has moved).
 */
export function openAuditStore(): Promise<void> {
  return serially(QUEUE, async () => {
    const db = await database();
    if (lastWritten !== null) return;
    const { last, head, seal } = await readTip(db);
    if (last && head && seal && lastWritten === null && (await headHolds(head, last, seal))) lastWritten = { last, head, seal };
  });
}

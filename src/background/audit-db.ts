import { sharedConnection } from './idb-connection';

/**
 * The audit database. Versioned: every schema change bumps DB_VERSION and adds a step to
 * `upgrade`, so a browser holding any older version is walked forward one step at a time.
 */
export const DB_NAME = 'warrant-audit';
export const DB_VERSION = 2;
/** Sealed audit records, keyed by `seq`: key order is chain order, so the head is the last key. */
export const RECORDS = 'records';
/** Small values the store keeps beside the records: the rotation cap, the head, the sealing key. */
export const META = 'meta';
/** META key of the chain's head (AuditHeadSchema), written in the same transaction as each record. */
export const HEAD_KEY = 'head';
/** META key of the sealing key: `{ version: 1, key: CryptoKey, since: seq }` (see audit-seal.ts). */
export const SEAL_KEY = 'seal';

function upgrade(db: IDBDatabase, oldVersion: number, tx: IDBTransaction): void {
  if (oldVersion < 1) {
    db.createObjectStore(RECORDS, { keyPath: 'seq' });
    db.createObjectStore(META);
  }
  if (oldVersion < 2) carryHeadOver(tx);
}

/**
 * Version 2 keeps the head beside the records. A store written before it gets one once, here, from
 * its newest and oldest record, unsealed (`mac: null`): after this step a missing head is reported,
 * never rebuilt, so deleting it cannot hide records cut off at the end.
 */
function carryHeadOver(tx: IDBTransaction): void {
  const records = tx.objectStore(RECORDS);
  const newest = records.openCursor(null, 'prev');
  newest.onsuccess = () => {
    const last = newest.result?.value as { seq: number; hash: string } | undefined;
    if (!last) return;
    const oldest = records.openKeyCursor();
    oldest.onsuccess = () => {
      const first = (oldest.result?.primaryKey as number | undefined) ?? last.seq;
      tx.objectStore(META).put({ version: 1, seq: last.seq, hash: last.hash, first, brokenAt: null, mac: null }, HEAD_KEY);
    };
  };
}

/** One shared connection; dropped when the browser closes it or a newer version wants the database. */
export const openAuditDb = sharedConnection(
  () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(DB_NAME, DB_VERSION);
      request.onupgradeneeded = (event) => upgrade(request.result, event.oldVersion, request.transaction!);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('The audit database could not be opened.'));
    }),
);

/**
 * Runs `body` in one transaction and resolves once it has committed. `body` may await IDB
 * requests only: awaiting anything else lets the transaction commit underneath it.
 */
export async function inTransaction<T>(
  db: IDBDatabase,
  stores: string[],
  mode: IDBTransactionMode,
  body: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const tx = db.transaction(stores, mode);
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new Error('The audit transaction was aborted.'));
  });
  try {
    const result = await body(tx);
    await committed;
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // Already committed or aborted: nothing left to undo.
    }
    await committed.catch(() => undefined);
    throw error;
  }
}

export function req<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Walks a cursor while `visit` returns true. */
export function scan(
  store: IDBObjectStore,
  range: IDBKeyRange | null,
  direction: IDBCursorDirection,
  visit: (value: unknown, key: IDBValidKey) => boolean,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = store.openCursor(range, direction);
    request.onsuccess = () => {
      const cursor = request.result;
      // A throw in `visit` (a record of an unexpected shape) must reject, not leave the read, and
      // every audit operation queued behind it, waiting for ever.
      try {
        if (cursor === null || !visit(cursor.value, cursor.primaryKey)) return resolve();
        cursor.continue();
      } catch (error) {
        reject(error);
      }
    };
    request.onerror = () => reject(request.error);
  });
}

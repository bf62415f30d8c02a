/**
 * A sealed copy of the browser's last answer from storage.managed (the administrator's policy), so
 * that the first decisions after a browser start need not wait for it: right after a start
 * Chromium answers storage.managed.get only once its policy service is up, about 5 s later
 * (README, Latency; the same wait reported in ghostery/ghostery-extension#3367 and
 * w3c/webextensions#547). managed-policy.ts decides when the copy may stand in for the answer.
 *
 * Where: a database of its own in the extension's IndexedDB (`warrant-managed`, version 1), one
 * object store holding the sealing key and the copy. Not storage.local: Warrant's content scripts
 * may read and write storage.local, so a renderer process taken over by a page could replace the
 * copy or put back an older one; the extension origin's IndexedDB is reachable from Warrant's own
 * pages and worker only.
 *
 * The seal: HMAC-SHA-256 under a non-extractable key generated here and kept beside the copy, made
 * the way the audit's is (audit-seal.ts) but not the audit's key: that key is replaced, with a
 * break recorded, when it goes missing, and the audit's macs would then have a second kind of
 * message to keep apart from theirs. A copy edited, or signed under any other key, does not verify
 * and is not used; like the audit's seal, it does not stop someone who can decode the key from
 * the profile's files (README, What someone with write access to the profile can and cannot do).
 *
 * Format 1: `{ version: 1, json, mac }`. `json` is the answer as JSON text and the mac covers
 * exactly that text (prefixed with the format's name), so no canonical form is needed to check it.
 */
import { z } from 'zod';
import { inTransaction, req } from './audit-db';
import { macMatches, newSealKey, sign } from './audit-seal';

export const MANAGED_DB = 'warrant-managed';
const MANAGED_DB_VERSION = 1;
export const MANAGED_STORE = 'sealed';
/** Keys in MANAGED_STORE: the sealing key `{ version: 1, key: CryptoKey }` and the copy. */
export const MANAGED_KEY = 'key';
export const MANAGED_COPY = 'copy';
export const COPY_VERSION = 1;

export type Managed = Record<string, unknown>;
/** A copy that verified: the answer, and its JSON text as sealed (to tell whether a new answer differs). */
export type CachedManaged = { managed: Managed; json: string };

const macInput = (json: string) => `warrant managed-copy ${COPY_VERSION}\n${json}`;

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(MANAGED_DB, MANAGED_DB_VERSION);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion < 1) request.result.createObjectStore(MANAGED_STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The managed-policy cache could not be opened.'));
  });
}

async function withDb<T>(body: (db: IDBDatabase) => Promise<T>): Promise<T> {
  const db = await open();
  try {
    return await body(db);
  } finally {
    db.close();
  }
}

const KeySchema = z.object({ version: z.literal(1), key: z.instanceof(CryptoKey) });
const CopySchema = z.strictObject({ version: z.literal(COPY_VERSION), json: z.string(), mac: z.string().regex(/^[0-9a-f]{64}$/) });
const ManagedSchema = z.record(z.string(), z.unknown());

function keyOf(value: unknown): CryptoKey | null {
  const parsed = KeySchema.safeParse(value);
  if (!parsed.success) return null;
  const { key } = parsed.data;
  return key.algorithm.name === 'HMAC' && key.usages.includes('verify') ? key : null;
}

/**
 * The sealed copy, or null when there is none, it is not format 1, its key is missing or its mac
 * does not verify. Never rejects: a copy that cannot be read is no copy (the caller then waits
 * for the browser's answer, as it would without one).
 */
export async function readManagedCopy(): Promise<CachedManaged | null> {
  try {
    const [keyValue, copyValue] = await withDb((db) =>
      inTransaction(db, [MANAGED_STORE], 'readonly', async (tx) => {
        const store = tx.objectStore(MANAGED_STORE);
        return [await req(store.get(MANAGED_KEY)), await req(store.get(MANAGED_COPY))] as const;
      }),
    );
    const key = keyOf(keyValue);
    const copy = CopySchema.safeParse(copyValue);
    if (key === null || !copy.success || !(await macMatches(key, macInput(copy.data.json), copy.data.mac))) return null;
    const managed = ManagedSchema.safeParse(JSON.parse(copy.data.json));
    return managed.success ? { managed: managed.data, json: copy.data.json } : null;
  } catch (error) {
    console.warn('Warrant: the managed-policy copy could not be read.', error);
    return null;
  }
}

let writing: Promise<unknown> = Promise.resolve();

/**
 * Seals `managed` as the copy, under the stored key (or a new one, stored with it). Writes one at
 * a time, so two first writes cannot each make a key and leave a copy sealed under the other's.
 */
export function writeManagedCopy(managed: Managed): Promise<void> {
  const write = writing.then(() => seal(JSON.stringify(managed)));
  writing = write.catch(() => undefined);
  return write;
}

async function seal(json: string): Promise<void> {
  await withDb(async (db) => {
    const stored = keyOf(await inTransaction(db, [MANAGED_STORE], 'readonly', (tx) => req(tx.objectStore(MANAGED_STORE).get(MANAGED_KEY))));
    const key = stored ?? (await newSealKey());
    const mac = await sign(key, macInput(json));
    await inTransaction(db, [MANAGED_STORE], 'readwrite', async (tx) => {
      const store = tx.objectStore(MANAGED_STORE);
      if (stored === null) await req(store.put({ version: 1, key }, MANAGED_KEY));
      await req(store.put({ version: COPY_VERSION, json, mac }, MANAGED_COPY));
    });
  });
}

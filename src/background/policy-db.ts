import browser from 'webextension-polyfill';
import { z } from 'zod';
import { inTransaction, req } from './audit-db';
import { sharedConnection } from './idb-connection';
import { createPolicyStore, LEGACY_POLICY_KEY } from './storage-moves/0001-policy-out-of-storage-local';

/**
 * Where the user's policy is kept: the extension's IndexedDB, database `warrant-policy`, one object
 * store `policy`, key `user` → `{ format: 1, policy }` (the policy carries its own `version`, see
 * core/policy/migrations). Not storage.local, which content scripts can write in Firefox
 * (storage-moves/0001 says why and how the policy moved). Versioned: every schema change bumps
 * POLICY_DB_VERSION and adds a numbered step under storage-moves/.
 */
export const POLICY_DB = 'warrant-policy';
export const POLICY_DB_VERSION = 1;
const STORE = 'policy';
const USER = 'user';

const UserRecordSchema = z.strictObject({ format: z.literal(1), policy: z.unknown() });

/** One shared connection; its first opening of a profile runs the numbered steps (the move out of storage.local). */
export const openPolicyDb = sharedConnection(open);

async function open(): Promise<IDBDatabase> {
  // Read before opening: a version change transaction cannot wait for anything but IndexedDB.
  // Used only if the database is being created; a later value is never looked at.
  const legacy: unknown = (await browser.storage.local.get(LEGACY_POLICY_KEY))[LEGACY_POLICY_KEY];
  let moved = false;
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(POLICY_DB, POLICY_DB_VERSION);
    request.onupgradeneeded = (event) => {
      if (event.oldVersion < 1) {
        createPolicyStore(request.result, legacy);
        moved = legacy !== undefined;
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The policy database could not be opened.'));
  });
  // The moved copy is the policy now; the old one is removed so nothing else mistakes it for it.
  if (moved) await browser.storage.local.remove(LEGACY_POLICY_KEY).catch(() => undefined);
  return db;
}

/**
 * The user's policy as stored, or null when none was ever saved. Rejects when the database cannot
 * be read or the record is not one this version wrote (the loader then decides with the strict policy).
 */
export async function readStoredPolicy(): Promise<unknown> {
  const db = await openPolicyDb();
  const value = await inTransaction(db, [STORE], 'readonly', (tx) => req(tx.objectStore(STORE).get(USER)));
  if (value === undefined) return null;
  const record = UserRecordSchema.safeParse(value);
  if (!record.success) throw new Error('the stored record is not in a format this version of Warrant wrote');
  return record.data.policy ?? null;
}

/** Replaces the user's policy (already validated by the caller). */
export async function writeStoredPolicy(policy: unknown): Promise<void> {
  const db = await openPolicyDb();
  await inTransaction(db, [STORE], 'readwrite', async (tx) => {
    tx.objectStore(STORE).put({ format: 1, policy }, USER);
  });
}

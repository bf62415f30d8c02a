/**
 * 0001 of the policy database (`warrant-policy`): its creation, and the one move of the user's
 * policy out of `storage.local`, where every version before it kept it under the key `policy`.
 *
 * Why it moved: Firefox lets content scripts write `storage.local` and implements
 * `storage.local.setAccessLevel` only for `storage.session`
 * (https://bugzilla.mozilla.org/show_bug.cgi?id=1724754), so a renderer a page has taken over,
 * which runs Warrant's content scripts, could have replaced the user's policy with a permissive
 * one. The extension origin's IndexedDB is reachable from Warrant's own pages and background only.
 *
 * It runs inside the database's version change from 0 to 1, which IndexedDB runs exactly once per
 * profile: once the database exists, `storage.local` is never read for a policy again, so a value
 * planted there later changes nothing. What it moves is whatever `storage.local` held when the
 * database was first opened (at background start, index.ts), as stored: validating and migrating
 * the policy's own format stays with the loader (core/policy/migrations), so a corrupt policy is
 * shown to the user, not dropped.
 *
 * Self-contained on purpose (no imports, Bitwarden's rule for numbered migrations): later changes
 * to the live store cannot change what this step does to a profile that has not run it yet.
 */

/** Where versions before the database kept the policy. */
export const LEGACY_POLICY_KEY = 'policy';

/** Step 1 (`legacy`: the storage.local value read just before opening, undefined when none). */
export function createPolicyStore(db: IDBDatabase, legacy: unknown): void {
  const store = db.createObjectStore('policy');
  // Record format 1 of the key 'user': the policy as the user saved it (it carries its own version).
  if (legacy !== undefined && legacy !== null) store.put({ format: 1, policy: legacy }, 'user');
}

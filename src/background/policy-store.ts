import browser from 'webextension-polyfill';
import { type EffectivePolicy, effectivePolicy, POLICY_VERSION, type Policy, parsePolicy, STRICT_POLICY } from '../core/policy';
import type { PolicyIssueMessage, PolicyState } from '../messages/policy-ui';
import { forgetManagedAnswer, managedKeys } from './managed-policy';
import { readStoredPolicy, writeStoredPolicy } from './policy-db';
import { registerSiteModes } from './site-mode-scripts';

let cached: Promise<PolicyState> | null = null;

/** The policy decisions use: the user's, with managed keys on top; STRICT_POLICY if either is invalid. */
export async function getPolicy(): Promise<Policy> {
  return (await getPolicyState()).effective;
}

export function getPolicyState(): Promise<PolicyState> {
  if (cached !== null) return cached;
  const loaded = load();
  const loading = loaded.then(({ state }) => state);
  cached = loading;
  void loaded.then(({ state, replaced }) => {
    if (cached === loading) void registerSiteModes(state.effective);
    // A failed read is not remembered: the next decision tries storage again.
    if (cached === loading && state.errors.some((issue) => issue.source === 'storage')) cached = null;
    // Decided with the sealed copy of the managed keys: once the browser's answer is in, later
    // decisions load again and use it (managed-policy.ts).
    void replaced?.then(() => {
      if (cached === loading) reload();
    });
  });
  return loading;
}

/** Validates (migrating older versions) and stores the user's policy; nothing is stored when invalid. */
export async function savePolicy(input: unknown): Promise<{ ok: true; state: PolicyState } | { ok: false; errors: PolicyIssueMessage[] }> {
  const parsed = parsePolicy(input);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  // No page gets a mode the new policy may no longer give it: the scripts go first, the load registers them again.
  await registerSiteModes(null);
  await writeStoredPolicy(parsed.policy);
  cached = null;
  return { ok: true, state: await getPolicyState() };
}

/**
 * Never rejects: whatever goes wrong, decisions get a policy, and the strict one when in doubt.
 * `replaced`: set when the managed keys came from the sealed copy, settled when the browser's answer replaces it.
 */
async function load(): Promise<{ state: PolicyState; replaced: Promise<unknown> | null }> {
  // Asked at once, beside the user's policy: it may be the slow one (managed-policy.ts).
  const keys = managedKeys();
  try {
    const stored: unknown = await readStoredPolicy();
    const { managed, replaced } = await keys;
    const result: EffectivePolicy = effectivePolicy(stored, managed);
    if (result.errors.length > 0) console.warn('Warrant: policy errors, deciding with the strict policy.', result.errors);
    const state: PolicyState = { stored, effective: result.policy, managed, locked: result.locked, errors: result.errors };
    // An older valid policy is written back in the current version, as its migration produced it.
    if (stored !== null && result.fromVersion !== null && result.fromVersion < POLICY_VERSION) {
      try {
        await writeStoredPolicy(result.user);
        state.stored = result.user;
      } catch {
        // Not fatal: the same migration runs again on the next load.
      }
    }
    return { state, replaced };
  } catch (error) {
    const message = `Policy storage could not be read: ${error instanceof Error ? error.message : String(error)}`;
    const state: PolicyState = {
      stored: null,
      effective: STRICT_POLICY,
      managed: {},
      locked: [],
      errors: [{ source: 'storage', path: '(policy)', message }],
    };
    return { state, replaced: null };
  }
}

// The user's policy changes only through savePolicy (policy-db.ts: nothing but this background
// writes it), which drops the cached state itself; the administrator's through the browser.
browser.storage.onChanged.addListener((_changes, area) => {
  if (area !== 'managed') return;
  forgetManagedAnswer();
  reload();
});

/**
 * Drops the loaded policy and loads it again at once, so the next decision finds it ready: Chromium
 * reports a change of the managed area right after every start, and a decision that then loaded
 * the policy itself waited 20-60 ms for it (the first one after a start, measured).
 */
function reload(): void {
  cached = null;
  void getPolicyState();
}

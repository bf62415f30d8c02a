import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLICY, STRICT_POLICY } from '../../src/core/policy';
import { rawKey } from '../support/raw-idb';

/**
 * Where the user's policy lives (src/background/policy-db.ts, storage-moves/0001): in the
 * extension's IndexedDB, moved there once from storage.local — which Firefox's content scripts can
 * write — when the database is created; a value put in storage.local afterwards is never read.
 */

const world = vi.hoisted(() => ({ local: new Map<string, unknown>(), removed: [] as string[] }));

vi.mock('webextension-polyfill', () => ({
  default: {
    storage: {
      local: {
        get: async (key: string) => (world.local.has(key) ? { [key]: structuredClone(world.local.get(key)) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) world.local.set(k, structuredClone(v));
        },
        remove: async (key: string) => {
          world.removed.push(key);
          world.local.delete(key);
        },
      },
      // No administrator's policy.
      managed: { get: async () => ({}) },
      onChanged: { addListener: () => undefined },
    },
  },
}));

/** A fresh background (new module instances) over the same storage. */
async function restart() {
  vi.resetModules();
  return import('../../src/background/policy-store');
}

/** The user's record as the database holds it, and a record written there, without any of Warrant's code. */
const storedRecord = () => rawKey('warrant-policy', 'policy', 'user');
const putRecord = (value: unknown) => rawKey('warrant-policy', 'policy', 'user', () => value);

const V0 = { untrustedSites: ['evil.example'], requireApproval: ['commit'] };
const PERMISSIVE = { ...structuredClone(DEFAULT_POLICY), sites: { 'evil.example': { trust: 'trusted' } } };
const EDITED = { ...structuredClone(DEFAULT_POLICY), askTimeoutSeconds: 60, sites: { 'bank.example': { trust: 'trusted' } } };

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  world.local.clear();
  world.removed = [];
});

describe('the user’s policy store', () => {
  it('moves a storage.local policy (here v0) into the database once, migrated and written back; the old key is removed', async () => {
    world.local.set('policy', V0);
    const store = await restart();
    const state = await store.getPolicyState();
    expect(state.errors).toEqual([]);
    expect(state.stored).toMatchObject({ version: 1, sites: { 'evil.example': { trust: 'untrusted' } } });
    expect(state.effective).toEqual(state.stored);
    expect(await storedRecord()).toEqual({ format: 1, policy: state.stored });
    expect(world.local.has('policy')).toBe(false);
    expect(world.removed).toEqual(['policy']);
  });

  it('never reads storage.local again once the database exists: a policy planted there later changes nothing', async () => {
    let store = await restart();
    expect((await store.savePolicy(EDITED)).ok).toBe(true);
    world.local.set('policy', PERMISSIVE);
    store = await restart();
    const state = await store.getPolicyState();
    expect(state.stored).toEqual(EDITED);
    expect(state.effective).toEqual(EDITED);
    expect(world.local.get('policy')).toEqual(PERMISSIVE);
  });

  it('a fresh profile without a policy gets the defaults, and a later planted one is ignored too', async () => {
    let store = await restart();
    expect((await store.getPolicyState()).stored).toBeNull();
    world.local.set('policy', PERMISSIVE);
    store = await restart();
    expect(await store.getPolicyState()).toMatchObject({ stored: null, effective: DEFAULT_POLICY, errors: [] });
  });

  it('saves into the database, not storage.local', async () => {
    const store = await restart();
    expect((await store.savePolicy(EDITED)).ok).toBe(true);
    expect(await storedRecord()).toEqual({ format: 1, policy: EDITED });
    expect(world.local.size).toBe(0);
  });

  it('a corrupt stored policy is shown as stored while the strict policy decides', async () => {
    let store = await restart();
    await store.getPolicyState();
    await putRecord({ format: 1, policy: { ...EDITED, privileges: 'permissive' } });
    store = await restart();
    const state = await store.getPolicyState();
    expect(state.effective).toEqual(STRICT_POLICY);
    expect(state.stored).toMatchObject({ privileges: 'permissive' });
    expect(state.errors).toEqual([expect.objectContaining({ source: 'stored', path: 'privileges' })]);
  });

  it('a record in a format this version did not write is a storage error: the strict policy decides', async () => {
    let store = await restart();
    await store.getPolicyState();
    await putRecord(EDITED);
    store = await restart();
    const state = await store.getPolicyState();
    expect(state.effective).toEqual(STRICT_POLICY);
    expect(state.errors).toEqual([expect.objectContaining({ source: 'storage', message: expect.stringContaining('not in a format') })]);
  });
});

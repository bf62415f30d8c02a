import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/policy';

/**
 * The sealed copy of the administrator's policy (src/background/managed-cache.ts, managed-policy.ts):
 * after a restart a copy that verifies decides at once, only until the browser's own answer comes;
 * without one, or with one that does not verify, decisions wait for the browser as before.
 */

type Deferred = { promise: Promise<unknown>; resolve(value: unknown): void; reject(error: unknown): void };
type Listener = (changes: Record<string, unknown>, area: string) => void;

const world = vi.hoisted(() => ({
  local: new Map<string, unknown>(),
  /** What the next storage.managed.get() answers, when the test says so. */
  managed: null as unknown as Deferred,
  calls: 0,
  listeners: [] as Listener[],
}));

vi.mock('webextension-polyfill', () => ({
  default: {
    storage: {
      local: {
        get: async (key: string) => (world.local.has(key) ? { [key]: structuredClone(world.local.get(key)) } : {}),
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) world.local.set(k, structuredClone(v));
        },
      },
      managed: {
        get: () => {
          world.calls += 1;
          return world.managed.promise;
        },
      },
      onChanged: { addListener: (listener: Listener) => world.listeners.push(listener) },
    },
  },
}));

function deferred(): Deferred {
  let resolve!: (value: unknown) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<unknown>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** The administrator blocks what a default site's page may do with its own controls. */
const ADMIN = {
  privileges: { ...structuredClone(DEFAULT_POLICY.privileges), default: { ...DEFAULT_POLICY.privileges.default, interact: 'block' } },
};

/** A fresh background (new module instances, a storage.managed that has not answered), the same storage. */
async function restart() {
  vi.resetModules();
  world.listeners = [];
  world.managed = deferred();
  world.calls = 0;
  return import('../../src/background/policy-store');
}

/**
 * What a promise settled with within `ms`, or 'still waiting'. The browser's answer is held until
 * the test gives it, so an answer before that did not wait for it; 2 s leaves room for a loaded machine.
 */
async function within<T>(promise: Promise<T>, ms = 2_000): Promise<T | 'still waiting'> {
  return Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms))]);
}

const interact = async (store: { getPolicy(): Promise<typeof DEFAULT_POLICY> }) => (await store.getPolicy()).privileges.default.interact;

/** Someone with access to the extension's storage, running none of its code: reads and edits the database. */
async function raw(edit: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open('warrant-managed');
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const tx = db.transaction('sealed', 'readwrite');
      const request = edit(tx.objectStore('sealed'));
      tx.oncomplete = () => resolve(request.result);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

type Copy = { version: number; json: string; mac: string };
/**
 * The copy, once it is format 1 and holds `expected` (and, given `mac`, is sealed with that mac).
 * Waited for up to 5 s: a hundred 10 ms polls (about 1 s) ran out once at the end of a full run,
 * the machine loaded (Dec 4, 23:46; the only failure of 1,541).
 */
async function sealedCopy(expected: unknown, mac?: string): Promise<Copy> {
  for (const deadline = Date.now() + 5_000; Date.now() < deadline; ) {
    const copy = (await raw((store) => store.get('copy'))) as Copy | undefined;
    if (copy?.version === 1 && copy.json === JSON.stringify(expected) && (mac === undefined || copy.mac === mac)) return copy;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no copy of ${JSON.stringify(expected)} was sealed`);
}

/** A first background start: no copy yet, the browser answers `answer`, and its copy is sealed. */
async function firstStart(answer: unknown): Promise<void> {
  const store = await restart();
  world.managed.resolve(answer);
  await store.getPolicy();
  await sealedCopy(answer);
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  world.local.clear();
});

describe('the sealed copy of the managed policy', () => {
  it('without a copy, the first decision waits for storage.managed; its answer is then sealed under a non-extractable key', async () => {
    const store = await restart();
    const first = interact(store);
    expect(await within(first, 100)).toBe('still waiting');
    world.managed.resolve(ADMIN);
    expect(await first).toBe('block');
    const copy = await sealedCopy(ADMIN);
    expect(copy).toEqual({ version: 1, json: JSON.stringify(ADMIN), mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const { key } = (await raw((s) => s.get('key'))) as { key: CryptoKey };
    expect(key).toMatchObject({ extractable: false, type: 'secret', algorithm: { name: 'HMAC' } });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('after a restart, decides at once with the copy, and with the browser’s answer once it comes (the copy sealed again)', async () => {
    await firstStart(ADMIN);
    let store = await restart();
    // The browser has not answered, yet the administrator's keys are enforced from the copy.
    expect(await within(interact(store))).toBe('block');
    expect(await within(store.getPolicyState())).toMatchObject({ managed: ADMIN, locked: ['privileges'] });
    // The administrator has since removed the policy: the answer replaces the copy for later decisions.
    world.managed.resolve({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await interact(store)).toBe('allow');
    expect((await store.getPolicyState()).locked).toEqual([]);
    await sealedCopy({});
    store = await restart();
    expect(await within(interact(store))).toBe('allow');
  });

  it('uses the browser’s answer when it comes before the copy is read', async () => {
    await firstStart(ADMIN);
    const store = await restart();
    world.managed.resolve({});
    expect(await interact(store)).toBe('allow');
  });

  for (const [what, edit] of [
    ['its text edited, the mac kept', (copy: Copy) => ({ ...copy, json: '{}' })],
    ['its mac replaced', (copy: Copy) => ({ ...copy, mac: '0'.repeat(64) })],
    ['a newer format', (copy: Copy) => ({ ...copy, version: 2 })],
    ['its text not an object', (copy: Copy) => ({ ...copy, json: '[]' })],
  ] as const) {
    it(`a copy with ${what} is not used: the first decision waits for the browser`, async () => {
      await firstStart(ADMIN);
      const copy = await sealedCopy(ADMIN);
      await raw((s) => s.put(edit(copy), 'copy'));
      const store = await restart();
      const first = interact(store);
      expect(await within(first, 100)).toBe('still waiting');
      world.managed.resolve(ADMIN);
      expect(await first).toBe('block');
      // The browser's answer is sealed again over the bad copy.
      expect(await sealedCopy(ADMIN, copy.mac)).toEqual(copy);
    });
  }

  for (const what of ['deleted', 'replaced by another non-extractable key'] as const) {
    it(`a copy whose key was ${what} is not used`, async () => {
      await firstStart({});
      const other = await newKey();
      await raw((s) => (what === 'deleted' ? s.delete('key') : s.put({ version: 1, key: other }, 'key')));
      const store = await restart();
      const first = interact(store);
      expect(await within(first, 100)).toBe('still waiting');
      world.managed.resolve(ADMIN);
      expect(await first).toBe('block');
    });
  }

  it('seals Firefox’s refusal (nothing managed) as {}, which the next start then decides with at once', async () => {
    let store = await restart();
    world.managed.reject(new Error('Managed storage manifest not found'));
    expect(await interact(store)).toBe('allow');
    await sealedCopy({});
    store = await restart();
    expect(await within(interact(store))).toBe('allow');
  });

  it('a change reported while the first answer is on its way (Chromium, at start): asks again and seals the newer answer', async () => {
    const store = await restart();
    const stale = world.managed;
    const first = interact(store);
    world.managed = deferred();
    for (const listener of world.listeners) listener({}, 'managed');
    stale.resolve({});
    world.managed.resolve(ADMIN);
    expect(await first).toBe('allow');
    // Sealed without another decision asking: after a start nothing else may come to read it again.
    await sealedCopy(ADMIN);
    expect(await interact(store)).toBe('block');
    expect(world.calls).toBe(2);
  });

  it('after storage.onChanged reports a managed change, asks the browser again and never falls back to the copy', async () => {
    await firstStart({});
    const store = await restart();
    world.managed.resolve({});
    expect(await interact(store)).toBe('allow');
    world.managed = deferred();
    for (const listener of world.listeners) listener({}, 'managed');
    const next = interact(store);
    expect(await within(next, 100)).toBe('still waiting');
    world.managed.resolve(ADMIN);
    expect(await next).toBe('block');
    expect(world.calls).toBe(2);
    await sealedCopy(ADMIN);
  });
});

function newKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

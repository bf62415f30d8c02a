import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { sharedConnection } from '../../src/background/idb-connection';

/** The one shared connection the policy and audit databases use (src/background/idb-connection.ts). */

const openNamed =
  (name: string, version = 1) =>
  () =>
    new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name, version);
      request.onupgradeneeded = () => request.result.createObjectStore('s');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });

describe('sharedConnection', () => {
  it('opens once and hands every caller the same connection', async () => {
    let opened = 0;
    const open = openNamed('shared-once');
    const get = sharedConnection(() => {
      opened += 1;
      return open();
    });
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(opened).toBe(1);
  });

  it('tries again after a failed opening', async () => {
    let attempts = 0;
    const open = openNamed('shared-retry');
    const get = sharedConnection(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('blocked')) : open();
    });
    await expect(get()).rejects.toThrow('blocked');
    await expect(get()).resolves.toBeDefined();
    expect(attempts).toBe(2);
  });

  it('forgets a connection the browser closed or a newer version asked for, and opens a fresh one', async () => {
    let opened = 0;
    const open = openNamed('shared-closed');
    const get = sharedConnection(() => {
      opened += 1;
      return open();
    });
    const first = await get();
    // What the browser does when it closes a connection (storage cleared, the profile going away).
    first.onclose?.call(first, new Event('close'));
    const second = await get();
    expect(second).not.toBe(first);
    second.onversionchange?.call(second, new Event('versionchange') as IDBVersionChangeEvent);
    const third = await get();
    expect(third).not.toBe(second);
    expect(opened).toBe(3);
  });
});

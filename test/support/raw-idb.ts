/**
 * One key of an extension database, read (and, given `edit`, rewritten) the way someone with the
 * profile's files could: plain IndexedDB calls, none of Warrant's code. Resolves with the value
 * as it was before any edit (undefined when the key is absent). For unit tests on fake-indexeddb.
 */
export async function rawKey(database: string, store: string, key: string, edit?: (value: unknown) => unknown): Promise<unknown> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const open = indexedDB.open(database);
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  try {
    return await new Promise<unknown>((resolve, reject) => {
      const tx = db.transaction(store, edit ? 'readwrite' : 'readonly');
      const get = tx.objectStore(store).get(key);
      get.onsuccess = () => {
        if (edit) tx.objectStore(store).put(edit(get.result), key);
      };
      tx.oncomplete = () => resolve(get.result);
      tx.onabort = () => reject(tx.error);
    });
  } finally {
    db.close();
  }
}

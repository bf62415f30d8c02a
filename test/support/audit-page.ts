import { type AuditBody, type AuditHead, type AuditRecord, chainRecord, macInput } from '../../src/core';
import type { AuditCheck } from '../../src/messages/ui-background';
import type { TestPage } from './browsers';

/** The records, head and sealing key as the background stored them, read from one of the extension's pages (same origin, same database). */
export function readAuditDb(page: TestPage): Promise<{
  records: AuditRecord[];
  head: AuditHead | null;
  key: { type: string; extractable: boolean; algorithm: string; usages: string[]; isCryptoKey: boolean; exportError: string | null } | null;
  since: number | null;
}> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('warrant-audit');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = db.transaction(['records', 'meta']);
    const get = <T>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const [records, head, seal] = await Promise.all([
      get(tx.objectStore('records').getAll()),
      get(tx.objectStore('meta').get('head')),
      get(tx.objectStore('meta').get('seal')),
    ]);
    db.close();
    const key = (seal as { key?: CryptoKey } | undefined)?.key;
    let exportError: string | null = null;
    if (key instanceof CryptoKey) await crypto.subtle.exportKey('raw', key).catch((error: Error) => (exportError = error.name));
    return {
      records,
      head: head ?? null,
      key:
        key === undefined
          ? null
          : {
              type: key.type,
              extractable: key.extractable,
              algorithm: `${key.algorithm.name}/${(key.algorithm as HmacKeyAlgorithm).hash.name}`,
              usages: [...key.usages].sort(),
              isCryptoKey: key instanceof CryptoKey,
              exportError,
            },
      since: (seal as { since?: number } | undefined)?.since ?? null,
    };
  });
}

/** The background's own check, asked for from an extension page the way the popup would ask. */
export function checkInExtension(page: TestPage): Promise<AuditCheck> {
  return page.evaluate(() => {
    type Api = { runtime: { sendMessage(message: unknown): Promise<AuditCheck> } };
    const scope = globalThis as unknown as { browser?: Api; chrome: Api };
    return (scope.browser ?? scope.chrome).runtime.sendMessage({ kind: 'audit:check' });
  });
}

/**
 * Appends a record the way the store does, sealed and with its head, from an extension page: code
 * running in the extension's origin can use the key (never read it). Tests use this for records
 * the pipeline does not write yet.
 */
export async function appendInExtension(page: TestPage, body: AuditBody): Promise<AuditRecord> {
  const { records } = await readAuditDb(page);
  const chained = chainRecord(body, records.at(-1) ?? null);
  const texts = { record: macInput.record(chained.hash), head: macInput.head(chained.seq, chained.hash, null) };
  return page.evaluate(
    async ({ chained, texts }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('warrant-audit');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const get = <T>(request: IDBRequest<T>) => new Promise<T>((resolve) => (request.onsuccess = () => resolve(request.result)));
      const read = db.transaction('meta');
      const [seal, head] = await Promise.all([get(read.objectStore('meta').get('seal')), get(read.objectStore('meta').get('head'))]);
      const sign = async (text: string) => {
        const mac = await crypto.subtle.sign('HMAC', (seal as { key: CryptoKey }).key, new TextEncoder().encode(text));
        return Array.from(new Uint8Array(mac), (byte) => byte.toString(16).padStart(2, '0')).join('');
      };
      const record = { ...chained, mac: await sign(texts.record) };
      const headMac = await sign(texts.head);
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['records', 'meta'], 'readwrite');
        tx.objectStore('records').add(record);
        tx.objectStore('meta').put({ ...(head as object), seq: record.seq, hash: record.hash, brokenAt: null, mac: headMac }, 'head');
        tx.oncomplete = () => resolve();
        tx.onabort = () => reject(tx.error);
      });
      db.close();
      return record as AuditRecord;
    },
    { chained, texts },
  );
}

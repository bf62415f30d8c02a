import { describe, expect, it } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';
import { type AuditRecord, chainRecord } from '../../src/core';
import { checkInExtension, readAuditDb } from '../support/audit-page';
import { BROWSERS, type TestPage } from '../support/browsers';
import { propose, useBrowser } from '../support/suite';

/** Writes records and the head straight into the database, as someone with the profile (and no key) could. */
function overwrite(
  page: TestPage,
  change: { put: AuditRecord[]; remove: number[]; head: { seq: number; hash: string } | null },
): Promise<void> {
  return page.evaluate(async (change) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('warrant-audit');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction(['records', 'meta'], 'readwrite');
      for (const record of change.put) tx.objectStore('records').put(record);
      for (const seq of change.remove) tx.objectStore('records').delete(seq);
      const head = tx.objectStore('meta').get('head');
      head.onsuccess = () => {
        if (change.head) tx.objectStore('meta').put({ ...head.result, ...change.head }, 'head');
      };
      tx.oncomplete = () => resolve();
      tx.onabort = () => reject(tx.error);
    });
    db.close();
  }, change);
}

/** The popup's audit-health banner: its text when shown, '' when hidden. */
const healthBanner = (page: TestPage) =>
  page.evaluate(() => {
    const banner = document.getElementById('audit-health')!;
    return banner.hidden ? '' : (banner.textContent ?? '');
  });

const exportAll = (page: TestPage) =>
  page.evaluate(async () => {
    type Api = { runtime: { sendMessage(message: unknown): Promise<{ jsonl: string; next: number | null }> } };
    const scope = globalThis as unknown as { browser?: Api; chrome: Api };
    return (await (scope.browser ?? scope.chrome).runtime.sendMessage({ kind: 'audit:export' })).jsonl;
  });

describe.each(BROWSERS)('sealed audit in %s', (name) => {
  const env = useBrowser(name);

  it('seals real decisions under a non-extractable key kept in IndexedDB, and its own check passes', async () => {
    const page = await env.open('bank.example', '/click.html');
    const verdicts = [
      await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } }),
      await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' } }),
      await propose(page, { tool: 'wipe_disk', args: {} }),
    ];
    expect(verdicts.map((v) => v.decision)).toEqual(['allow', 'block', 'reject']);
    const popup = await env.browser.openExtensionPage('src/popup/index.html');

    const stored = await readAuditDb(popup);
    expect(stored.records.map((r) => r.id)).toEqual(verdicts.map((v) => v.id));
    for (const record of stored.records) expect(record).toMatchObject({ format: 2, mac: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The CryptoKey itself came back out of IndexedDB (structured clone), usable and not exportable.
    expect(stored.key).toEqual({
      type: 'secret',
      extractable: false,
      algorithm: 'HMAC/SHA-256',
      usages: ['sign', 'verify'],
      isCryptoKey: true,
      exportError: 'InvalidAccessError',
    });
    expect(stored.since).toBe(0);
    expect(stored.head).toMatchObject({ version: 1, seq: 2, hash: stored.records[2]!.hash, first: 0, brokenAt: null });

    const check = await checkInExtension(popup);
    expect(check).toMatchObject({
      ok: true,
      records: 3,
      chain: { ok: true },
      seals: { ok: true, sealed: 3, failed: 0 },
      head: { ok: true },
    });
    expect(verifyJsonLines(await exportAll(popup))).toMatchObject({ ok: true, count: 3, head: { seq: 2, cut: 'none' } });
    // A log that holds raises no alarm in the popup.
    await new Promise((r) => setTimeout(r, 500));
    expect(await healthBanner(popup)).toBe('');

    if (env.browser.stopServiceWorker) {
      // Chromium: a restarted service worker reads the same key back (the records sealed before verify).
      await env.browser.stopServiceWorker();
      const after = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } });
      expect(after.decision).toBe('allow');
      expect(await checkInExtension(popup)).toMatchObject({ ok: true, records: 4, seals: { sealed: 4, failed: 0 } });
      expect((await readAuditDb(popup)).since).toBe(0);
    }
    await popup.close();
    await page.close();
  });

  it('catches a chain rewritten and rehashed without the key, and records cut off at the end', async () => {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const { records } = await readAuditDb(popup);
    const blocked = records.findIndex((r) => r.decision === 'block');
    expect(blocked).toBeGreaterThan(0);
    // The blocked click rewritten as allowed and executed, every later record rehashed to follow
    // it, the old macs kept (no key to make new ones), and the head moved to the new last hash.
    const forged: AuditRecord[] = records.slice(0, blocked);
    for (const record of records.slice(blocked)) {
      const { format: _f, seq: _s, prev: _p, hash: _h, mac, ...body } = record;
      const changed =
        record.seq === records[blocked]!.seq
          ? { ...body, decision: 'allow' as const, reasons: [], execution: { executed: true, error: null } }
          : body;
      forged.push({ ...chainRecord(changed, forged.at(-1)!), mac });
    }
    const last = forged.at(-1)!;
    await overwrite(popup, { put: forged.slice(blocked), remove: [], head: { seq: last.seq, hash: last.hash } });
    expect(verifyJsonLines(await exportAll(popup))).toMatchObject({ ok: true, count: records.length });
    const rewritten = await checkInExtension(popup);
    expect(rewritten).toMatchObject({
      ok: false,
      chain: { ok: true },
      seals: { ok: false, failed: records.length - blocked },
      head: { ok: false },
    });
    expect(rewritten.seals.message).toContain(`the first at seq ${records[blocked]!.seq}`);

    // Put the real records back, then cut the last one off (leaving the head alone).
    const real = records.at(-1)!;
    await overwrite(popup, { put: records, remove: [], head: { seq: real.seq, hash: real.hash } });
    expect(await checkInExtension(popup)).toMatchObject({ ok: true });
    await overwrite(popup, { put: [], remove: [real.seq], head: null });
    const cut = await checkInExtension(popup);
    expect(cut).toMatchObject({ ok: false, chain: { ok: true }, seals: { ok: true } });
    expect(cut.head.message).toBe(
      `The records end at seq ${real.seq - 1} but the head is seq ${real.seq}: 1 record was cut off at the end.`,
    );
    expect(verifyJsonLines(await exportAll(popup))).toMatchObject({
      ok: false,
      subject: 'head',
      reason: expect.stringContaining('1 record was cut off at the end'),
    });
    // The popup says so at the top when it next opens (src/popup/audit-health.ts).
    const reopened = await env.browser.openExtensionPage('src/popup/index.html');
    await expect.poll(() => healthBanner(reopened), { timeout: 10_000 }).toContain('1 record was cut off at the end');
    await reopened.close();
    await popup.close();
  });
});

import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestBrowser } from '../support/browsers';
import { clicks, propose, useBrowser, type Verdict } from '../support/suite';
import { waitOrTimeout } from '../support/wait';

/**
 * Issue 14 §5, storage faults in real browsers. The faults are made from one of Warrant's own
 * pages (same origin as the background, so the same IndexedDB), as anything with the profile could:
 * the audit database taken to a newer version (the background's connection is closed and it can
 * no longer open it: IndexedDB unavailable), and records written straight into the store (a
 * corrupted one, and a half-written one with no hash). Judged by what the page did and what the
 * popup shows.
 */

const DETAILS = { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' }, agent: 'storage-test' };
const UNWRITABLE = 'Warrant cannot write its audit log, so it performs no action until it can.';

/** Runs `fn` in a Warrant page (the popup) and closes it. */
async function inExtensionPage<R, A>(browser: TestBrowser, fn: (arg: A) => Promise<R>, arg: A): Promise<R> {
  const page = await browser.openExtensionPage('src/popup/index.html');
  try {
    return await page.evaluate(fn, arg);
  } finally {
    await page.close();
  }
}

/** The popup's audit health banner (empty when hidden), after it has had time to ask. */
async function banner(browser: TestBrowser): Promise<string> {
  const page = await browser.openExtensionPage('src/popup/index.html');
  try {
    // Hidden after 5 s is an answer: the popup found the log healthy.
    const shown = await waitOrTimeout(() => page.evaluate(() => !document.querySelector<HTMLElement>('#audit-health')!.hidden), {
      timeout: 5_000,
    });
    return shown ? await page.evaluate(() => document.querySelector<HTMLElement>('#audit-health')!.textContent ?? '') : '';
  } finally {
    await page.close();
  }
}

/** Opens the audit database at `version` from an extension page; the background's connection gives way. */
const takeDatabase = (browser: TestBrowser, version: number) =>
  inExtensionPage(
    browser,
    (v) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('warrant-audit', v);
        open.onsuccess = () => {
          const db = open.result;
          const got = db.version;
          db.close();
          resolve(got);
        };
        open.onerror = () => reject(open.error);
      }),
    version,
  );

const dropDatabase = (browser: TestBrowser) =>
  inExtensionPage(
    browser,
    () =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.deleteDatabase('warrant-audit');
        request.onsuccess = () => resolve();
        request.onerror = () => reject(request.error);
      }),
    undefined,
  );

/** Writes `record` (with the next seq) straight into the records store, as a profile editor could. */
const writeRaw = (browser: TestBrowser, record: Record<string, unknown>) =>
  inExtensionPage(
    browser,
    (value) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('warrant-audit');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction('records', 'readwrite');
          const store = tx.objectStore('records');
          const last = store.openCursor(null, 'prev');
          last.onsuccess = () => {
            const seq = ((last.result?.value as { seq?: number } | undefined)?.seq ?? -1) + 1;
            store.put({ ...value, seq });
            tx.oncomplete = () => {
              db.close();
              resolve(seq);
            };
          };
        };
      }),
    record,
  );

describe.each(BROWSERS)('storage faults in %s', (browserName) => {
  const env = useBrowser(browserName);

  it('audit database unavailable: says so, performs nothing until a record is written again, recovers', async () => {
    const page = await env.open('shop.example', '/click.html');
    expect(await propose(page, DETAILS)).toMatchObject({ executed: true });
    expect(await takeDatabase(env.browser, 3)).toBe(3);

    // The write fails after this one ran: its verdict says both, and names no record.
    const first = await propose(page, DETAILS);
    expect(first).toMatchObject({ executed: true });
    expect(first.id).toMatch(/^unrecorded-/);
    expect(first.reasons.map((r) => r.code)).toContain('internal_error');
    // From now on nothing is performed, whatever is proposed, and the popup says why.
    const refused: Verdict[] = [];
    for (let i = 0; i < 3; i++) refused.push(await propose(page, DETAILS));
    expect(refused.every((v) => !v.executed && v.decision === 'block')).toBe(true);
    expect(await clicks(page)).toEqual(['details', 'details']);
    expect(await banner(env.browser)).toContain(UNWRITABLE);

    // Storage back (the database removed, so the background makes a new one): the first proposal
    // is still refused, and its record is written; after that, actions run again.
    await dropDatabase(env.browser);
    const blocked = await propose(page, DETAILS);
    expect(blocked).toMatchObject({ executed: false, decision: 'block' });
    expect(blocked.id).not.toMatch(/^unrecorded-/);
    expect(await propose(page, DETAILS)).toMatchObject({ executed: true, decision: 'allow' });
    expect(await clicks(page)).toEqual(['details', 'details', 'details']);
    expect(await banner(env.browser)).toBe('');
    await page.close();
  }, 90_000);

  it('a corrupted and a half-written record: the popup says the log failed its check; no crash loop, nothing unaudited', async () => {
    const page = await env.open('bank.example', '/click.html');
    expect(await propose(page, DETAILS)).toMatchObject({ executed: true });
    await writeRaw(env.browser, { format: 2, id: 'half-written', time: Date.now() });
    expect(await banner(env.browser)).toMatch(/failed Warrant's own check/);
    const after = await propose(page, DETAILS);
    await writeRaw(env.browser, { garbage: '\u0000'.repeat(10), prev: 42 });
    const again = await propose(page, DETAILS);
    // One bad record does not stop the log: each verdict after it is recorded (the chain links past
    // it, and the head says where it broke), and the actions run.
    for (const verdict of [after, again]) {
      expect(verdict).toMatchObject({ decision: 'allow', executed: true });
      expect(verdict.id).not.toMatch(/^unrecorded-/);
    }
    expect(await clicks(page)).toEqual(['details', 'details', 'details']);
    // The popup still opens, lists and says the log failed its check.
    expect(await banner(env.browser)).toMatch(/failed Warrant's own check/);
    const listed = await inExtensionPage(
      env.browser,
      async (ids) => {
        const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
        const records = (await api.runtime.sendMessage({ kind: 'audit:list', limit: 10 })) as { id: string }[];
        return ids.map((id) => records.some((r) => r.id === id));
      },
      [after.id, again.id],
    );
    expect(listed).toEqual([true, true]);
    await page.close();
  }, 90_000);
});

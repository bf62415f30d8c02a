import { describe, expect, it } from 'vitest';
import type { TestBrowser, TestPage } from '../support/browsers';
import { clicks, propose, useBrowser, type Verdict } from '../support/suite';
import { sleep, waitFor } from '../support/wait';

/**
 * Issue 14 §4: the service worker stopped in each stage of a decision, in Chromium. The test holds
 * the stage from outside, through the DevTools protocol (evaluateInWorker: Playwright's worker
 * evaluation): it replaces, in the running worker only, the one browser API that stage waits on
 * with one that never answers, waits until the stage is reached, and stops the worker as the
 * browser does when it is idle. Nothing in the extension offers a hold; the replaced API is gone
 * with the stopped worker, and the restarted one has the real ones.
 *
 * Firefox: its event page is unloaded on demand (stopEventPage, as about:debugging's "Terminate
 * background script" does) in background-stop.test.ts, but no stage can be held inside it from a
 * test: the remote protocols reach pages and the browser chrome, not an add-on's background
 * document, so there is nothing like Playwright's worker evaluation. The stages a page can hold
 * itself (an ask, a handler that does not return) are tested there in both browsers; the journal
 * of decisions in flight (src/background/in-flight.ts) is the same code in both.
 */

type Stage = 'resolve' | 'certify' | 'execute' | 'audit';
type Row = { stage: Stage; host: string; target: string; words: string; executed: boolean };

const ROWS: Row[] = [
  { stage: 'resolve', host: 'bank.example', target: '#details', words: 'while deciding', executed: false },
  // A privileged click: its label is read from the pixels, so the decision captures the tab.
  { stage: 'certify', host: 'shop.example', target: '#pay', words: 'while deciding', executed: false },
  { stage: 'execute', host: 'evil.example', target: '#details', words: 'after sending the execute command', executed: true },
  { stage: 'audit', host: 'bank.example', target: '#details', words: 'while writing the audit record', executed: true },
];

/**
 * Runs in the worker: the API the stage waits on never answers from now on (the execute command
 * is still delivered; only its answer is dropped). `__held` says when the stage was reached.
 */
function hold(stage: Stage): void {
  const g = globalThis as unknown as { __held: string | null; chrome: Record<string, Record<string, unknown>> };
  g.__held = null;
  const never = () => {
    g.__held = stage;
    return new Promise(() => undefined);
  };
  const replace = (owner: Record<string, unknown>, name: string, wrap: (real: (...args: unknown[]) => unknown) => unknown) => {
    const real = (owner[name] as (...args: unknown[]) => unknown).bind(owner);
    Object.defineProperty(owner, name, { value: wrap(real), configurable: true, writable: true });
  };
  const session = (g.chrome.storage as unknown as { session: Record<string, unknown> }).session;
  if (stage === 'resolve') {
    replace(
      session,
      'get',
      (real) =>
        (...args: unknown[]) =>
          String(args[0]).startsWith('listing.v1.') ? never() : real(...args),
    );
  } else if (stage === 'certify') {
    replace(g.chrome.tabs!, 'captureVisibleTab', () => never);
  } else if (stage === 'execute') {
    replace(g.chrome.tabs!, 'sendMessage', (real) => (...args: unknown[]) => {
      if ((args[1] as { kind?: string } | null)?.kind !== 'execute') return real(...args);
      // Delivered as usual (callback style or promise style); the answer is dropped.
      const rest = typeof args.at(-1) === 'function' ? args.slice(0, -1) : args;
      void Promise.resolve(real(...rest)).catch(() => undefined);
      return never();
    });
  } else {
    // The audit write seals the record (HMAC) between reading the head and writing: held there.
    replace(SubtleCrypto.prototype as unknown as Record<string, unknown>, 'sign', () => never);
  }
}

const start = (page: TestPage, call: unknown) =>
  page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
    w.pendingVerdict = w.warrant.propose(c);
  }, call);

type StoppedRecord = {
  tab: { origin: string };
  proposal: { target: string };
  decision: string;
  reasons: { code: string; message: string }[];
  execution: { executed: boolean };
};

/** The restarted worker's records of stopped decisions, as the popup reads them. */
async function stoppedRecords(browser: TestBrowser, row: Row, wanted: number): Promise<StoppedRecord[]> {
  const popup = await browser.openExtensionPage('src/popup/index.html');
  const found = await waitFor(
    `${wanted} record(s) of a worker stopped ${row.words}`,
    async () => {
      const stopped = await popup.evaluate(async (words) => {
        const records = (await chrome.runtime.sendMessage({ kind: 'audit:list', limit: 100 })) as StoppedRecord[];
        return records.filter((r) => r.reasons.some((x) => x.code === 'internal_error' && x.message.includes(`stopped ${words}`)));
      }, row.words);
      // This row's own records: an earlier row stopped with the same words must not end the wait.
      const mine = stopped.filter((r) => r.tab.origin.includes(row.host) && r.proposal.target === row.target);
      return mine.length >= wanted && mine;
    },
    { timeout: 15_000, every: 200 },
  );
  await popup.close();
  return found;
}

describe('the service worker stopped in each stage, in chromium', () => {
  const env = useBrowser('chromium');

  it.each(ROWS)(
    'stopped in $stage: fails closed, runs nothing twice, and the restarted worker records it',
    async (row) => {
      const page = await env.open(row.host, '/click.html');
      const call = {
        tool: 'click',
        args: { target: row.target },
        claims: { label: row.target === '#pay' ? 'Pay $500' : 'Show details' },
        agent: 'stop-test',
      };
      // The bridge is up, and so is the worker, before the hold goes in.
      await propose(page, { tool: 'read', args: { target: 'h1' }, agent: 'stop-test' });
      await env.browser.evaluateInWorker!(hold, row.stage);
      await start(page, call);
      const reached = await waitFor(`the worker to reach the ${row.stage} stage`, () =>
        env.browser.evaluateInWorker!(() => (globalThis as unknown as { __held: string | null }).__held),
      );
      expect(reached).toBe(row.stage);
      await env.browser.stopServiceWorker!();

      // The page's call ends, and says executed only if the page's handler really ran.
      const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
      expect(verdict.executed).toBe(row.executed);
      expect(verdict.reasons.map((r) => r.code)).toContain('internal_error');
      const ran = row.executed ? [row.target.slice(1)] : [];
      expect(await clicks(page)).toEqual(ran);

      // The restarted worker records the stopped decision once, with what really happened.
      const records = await stoppedRecords(env.browser, row, 1);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ decision: row.executed ? 'allow' : 'block', execution: { executed: row.executed } });
      // Nothing runs again after the restart, and the next proposal is decided as usual.
      await sleep(1_000);
      expect(await clicks(page)).toEqual(ran);
      const next = await propose(page, {
        tool: 'click',
        args: { target: '#details' },
        claims: { label: 'Show details' },
        agent: 'stop-test',
      });
      expect(next).toMatchObject({ decision: 'allow', executed: true });
      expect(await clicks(page)).toEqual([...ran, 'details']);
      expect(await stoppedRecords(env.browser, row, 1)).toHaveLength(1);
      await page.close();
    },
    60_000,
  );

  // Not a stop: the execute command reaches a page that holds its main thread for longer than the
  // worker waits for the answer (10 s). Held in the worker until the page is busy, then let go.
  it('a command queued behind a page that holds its main thread past the wait is not performed late, and the call says so', async () => {
    const page = await env.open('evil.example', '/click.html');
    await propose(page, { tool: 'read', args: { target: 'h1' }, agent: 'stop-test' });
    await env.browser.evaluateInWorker!(() => {
      const g = globalThis as unknown as { __held: string | null; __release?: () => void; chrome: typeof chrome };
      g.__held = null;
      const real = g.chrome.tabs.sendMessage.bind(g.chrome.tabs) as (...args: unknown[]) => Promise<unknown>;
      const gate = new Promise<void>((resolve) => {
        g.__release = resolve;
      });
      Object.defineProperty(g.chrome.tabs, 'sendMessage', {
        configurable: true,
        writable: true,
        value: async (...args: unknown[]) => {
          if ((args[1] as { kind?: string } | null)?.kind === 'execute') {
            g.__held = 'execute';
            await gate;
          }
          return real(...args);
        },
      });
    });
    await start(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' }, agent: 'stop-test' });
    await waitFor('the execute command to be held', () =>
      env.browser.evaluateInWorker!(() => (globalThis as unknown as { __held: string | null }).__held),
    );
    // The page is busy for 12 s from now; the command goes to it meanwhile.
    await page.evaluate(() => {
      setTimeout(() => {
        const began = performance.now();
        while (performance.now() - began < 12_000) {
          // busy
        }
      }, 0);
    });
    await sleep(300);
    await env.browser.evaluateInWorker!(() => (globalThis as unknown as { __release: () => void }).__release());

    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    await sleep(1_000);
    // Not performed once the worker had stopped waiting, and the call says what happened.
    expect(await clicks(page)).toEqual([]);
    expect(verdict.executed).toBe(false);
    await page.close();
  }, 60_000);
});

import type { TestBrowser, TestPage } from '../../test/support/browsers';
import { timerResolutionScript } from '../timer-resolution';
import type { Trial } from './corpus';

export type Verdict = {
  id: string;
  decision: 'allow' | 'ask' | 'block' | 'reject' | 'error';
  executed: boolean;
  reasons: { code: string; predicate?: string; message: string }[];
};
/** Why a verdict refused, in its own words: its first reason that is not the ask's own (requires_approval, not_approved). */
export const refusalOf = (reasons: readonly { code: string; message: string }[]): string | undefined =>
  reasons.find((r) => r.code !== 'requires_approval' && r.code !== 'not_approved')?.message;

/** What one proposal did: the verdict, the round trip as the page measured it, and the page's own clicks. */
export type Observed = { key: string; verdict: Verdict; ms: number; handler: string[] };
/** `stay`: leave the scroll position alone (default: scroll to the top first, so every trial starts alike). */
export type Call = { key: string; frame: string | null; target: string; claim: string | null; stay?: boolean };

export type AuditRecord = {
  id: string;
  decision: string;
  certificates: { type: string; value: unknown; verifier: string; confidence?: number }[];
  timings?: { certifyMs: number | null; decideMs: number | null; executeMs: number | null };
};

/**
 * Runs in the page's main world, as an in-page assistant would: scrolls to the top (every trial
 * starts from the same state), proposes, and reads what the page's handlers recorded.
 */
async function runBatch(calls: Call[]): Promise<Observed[]> {
  type Api = { warrant: { propose(c: unknown): Promise<Verdict> }; clicks: string[]; JSON: JSON };
  const out: Observed[] = [];
  for (const call of calls) {
    if (!call.stay) window.scrollTo(0, 0);
    const frame = call.frame ? (document.getElementById(call.frame) as HTMLIFrameElement | null) : null;
    const win = (call.frame ? frame?.contentWindow : window) as unknown as Api | null | undefined;
    if (!win?.warrant) {
      out.push({
        key: call.key,
        ms: 0,
        handler: [],
        verdict: { id: '', decision: 'error', executed: false, reasons: [{ code: 'no_page_api', message: 'window.warrant missing' }] },
      });
      continue;
    }
    const before = win.clicks.length;
    const proposal = {
      tool: 'click',
      args: { target: call.target },
      ...(call.claim === null ? {} : { claims: { label: call.claim } }),
      agent: 'verifier-bench',
    };
    const started = performance.now();
    let verdict: Verdict;
    try {
      // Built in the proposing frame's own realm: the page API accepts only its realm's plain objects.
      verdict = await win.warrant.propose(win.JSON.parse(JSON.stringify(proposal)));
    } catch (error) {
      verdict = { id: '', decision: 'error', executed: false, reasons: [{ code: 'exception', message: String(error) }] };
    }
    const ms = performance.now() - started;
    out.push({ key: call.key, verdict, ms, handler: win.clicks.slice(before) });
  }
  return out;
}

/** Proposes in batches; no new batch starts after `deadline` (a performance.now() value). */
export async function propose(page: TestPage, calls: Call[], batch = 20, deadline = Number.POSITIVE_INFINITY): Promise<Observed[]> {
  const out: Observed[] = [];
  for (let i = 0; i < calls.length && performance.now() < deadline; i += batch)
    out.push(...(await page.evaluate(runBatch, calls.slice(i, i + batch))));
  return out;
}

export const callOf = (trial: Trial): Call => ({ key: trial.key, frame: trial.spec.frame, target: trial.spec.target, claim: trial.claim });

/**
 * An extension page kept open for the whole run (opened before the page under test, so that page
 * stays the selected tab): it reads the audit log as the popup does, and plays a user who denies
 * every ask the moment it appears, so no proposal waits for the 120 s ask timeout.
 */
export type Auditor = {
  read(): Promise<Map<string, AuditRecord>>;
  denied(): Promise<number>;
  /** Turns OCR on or off for interact-privilege actions in the user's policy; returns an error or null. */
  ocrForInteract(on: boolean): Promise<string | null>;
  close(): Promise<void>;
};

export async function openAuditor(browser: TestBrowser): Promise<Auditor> {
  const page = await browser.openExtensionPage('src/popup/index.html');
  await page.evaluate(() => {
    const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
    const state = globalThis as unknown as { denied: number; busy: boolean };
    state.denied = 0;
    // No named inner functions: the page receives this function's source as written by the bundler.
    setInterval(async () => {
      if (state.busy) return;
      state.busy = true;
      try {
        const asks = ((await api.runtime.sendMessage({ kind: 'ask:list' })) ?? []) as { id: string }[];
        for (const ask of asks) {
          await api.runtime.sendMessage({ kind: 'ask:answer', id: ask.id, approved: false });
          state.denied += 1;
        }
      } catch {
        // the background restarted: try again on the next tick
      } finally {
        state.busy = false;
      }
    }, 50);
  });
  return {
    async read() {
      const records = await page.evaluate(() => {
        const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
        return api.runtime.sendMessage({ kind: 'audit:list', limit: 500 }) as Promise<AuditRecord[]>;
      });
      return new Map((records ?? []).map((r) => [r.id, r]));
    },
    denied: () => page.evaluate(() => (globalThis as unknown as { denied: number }).denied),
    // The policy is the settings page's to write (src/background/capabilities.ts), not the popup's.
    ocrForInteract: async (on) => {
      const settings = await browser.openExtensionPage('src/options/index.html');
      try {
        return await settings.evaluate(async (wanted) => {
          const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
          const state = (await api.runtime.sendMessage({ kind: 'policy:get' })) as
            | { effective?: { ocr?: Record<string, boolean> } }
            | undefined;
          if (!state?.effective?.ocr) return 'policy:get gave no effective policy with an ocr table';
          const policy = { ...state.effective, ocr: { ...state.effective.ocr, interact: wanted } };
          const saved = (await api.runtime.sendMessage({ kind: 'policy:set', policy })) as { ok: boolean; errors?: unknown };
          return saved?.ok ? null : `policy:set refused: ${JSON.stringify(saved?.errors).slice(0, 200)}`;
        }, on);
      } finally {
        await settings.close();
      }
    },
    close: () => page.close(),
  };
}

/** Runs the corpus in chunks small enough that every verdict is still among the latest 500 audit records. */
export async function runCorpus(
  auditor: Auditor,
  page: TestPage,
  trials: Trial[],
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ observed: Observed[]; audit: Map<string, AuditRecord>; done: Trial[] }> {
  const observed: Observed[] = [];
  const audit = new Map<string, AuditRecord>();
  for (let i = 0; i < trials.length && performance.now() < deadline; i += 400) {
    observed.push(...(await propose(page, trials.slice(i, i + 400).map(callOf), 20, deadline)));
    for (const [id, record] of await auditor.read()) audit.set(id, record);
  }
  const seen = new Set(observed.map((o) => o.key));
  return { observed, audit, done: trials.filter((t) => seen.has(t.key)) };
}

/** Resolution of performance.now() in the page (Firefox coarsens it), in ms. */
export function timerResolution(page: TestPage): Promise<number> {
  return page.evaluate(timerResolutionScript);
}

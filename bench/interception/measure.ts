import { rng } from '../rng';
import { settledMemory } from '../verifiers/memory';
import type { Arm, BenchBrowser, BenchPage } from './browsers';

export type Arms = Record<Arm, BenchBrowser>;
const ARMS: readonly Arm[] = ['gated', 'ungated'];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Both arms in a random order: neither always runs first (warmer caches, or the other arm's leftovers). */
function order(random: ReturnType<typeof rng>): readonly Arm[] {
  return random.chance(0.5) ? ARMS : [ARMS[1]!, ARMS[0]!];
}

export type LoadSample = {
  loadMs: number;
  dclMs: number;
  /** From the first response byte to the page's first script: where document_start content scripts run. */
  firstScriptMs: number;
};
export type LoadPair = Record<Arm, LoadSample> & { first: Arm };

/** Navigation Timing of the current document, once its load event has ended (runs in the page: no named inner functions). */
async function navigationTimingScript(): Promise<LoadSample> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    if (nav && nav.loadEventEnd > 0) {
      return {
        loadMs: nav.loadEventEnd - nav.startTime,
        dclMs: nav.domContentLoadedEventEnd - nav.startTime,
        firstScriptMs: (window as unknown as { app: { started: number } }).app.started - nav.responseStart,
      };
    }
    if (performance.now() > deadline) throw new Error('no loadEventEnd');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function loadOnce(page: BenchPage, url: string): Promise<LoadSample> {
  await page.goto(url);
  return page.evaluate(navigationTimingScript);
}

/**
 * `loads` pairs of page loads after `warm` discarded ones: in each pair both arms load the page
 * back to back, in a random order, with a short idle gap after each load (so neither browser's
 * leftover work, the extension's messages included, spills into the other arm's load).
 */
export async function measureLoads(arms: Arms, url: string, loads: number, warm: number, seed: number): Promise<LoadPair[]> {
  const random = rng(seed);
  const pairs: LoadPair[] = [];
  for (let i = 0; i < warm + loads; i++) {
    const first = order(random);
    const pair: Partial<Record<Arm, LoadSample>> = {};
    for (const arm of first) {
      pair[arm] = await loadOnce(arms[arm].page, `${url}?load=${i}`);
      await sleep(60);
    }
    if (i >= warm) pairs.push({ gated: pair.gated!, ungated: pair.ungated!, first: first[0]! });
  }
  return pairs;
}

/**
 * Programmatic activity the page performs on itself. A timed run calibrates a batch of calls that
 * takes at least BATCH_MS, then times batches until MIN_RUN_MS have passed (at least 7 of them).
 */
export const CLICK_KINDS = [
  { kind: 'click-button', what: '`menu.click()` on a menu toggle button (handler toggles `aria-expanded` and a panel)' },
  { kind: 'dispatch-click', what: "`menu.dispatchEvent(new MouseEvent('click', {bubbles: true}))` on the same button" },
  {
    kind: 'click-link',
    batch: 1_000,
    what: '`span.click()` on a span inside a same-page `<a href="#card-3">` (handler calls preventDefault)',
  },
  { kind: 'input-event', what: "`search.value = …` then `search.dispatchEvent(new Event('input'))` (not an activation)" },
  {
    kind: 'custom-event',
    batch: 1_000,
    what: "`window.dispatchEvent(new CustomEvent('app:tick'))` (not an activation; `window` is not a Node)",
  },
  { kind: 'document-event', what: "`document.dispatchEvent(new CustomEvent('app:tick'))` (the same event on a Node)" },
  { kind: 'click-card', what: '`card.click()` on one product card (an `<article>`, 24 descendants, not activatable)' },
  { kind: 'click-container', what: '`catalog.click()` on the catalogue `<section>` (~4,750 descendants, not activatable)' },
  // Issue 11 §7. Last: from here on the page has an agent (page-agent's announcement detects one).
  {
    kind: 'agent-click',
    what: "an assistant's click: `window.dispatchEvent(new CustomEvent('PageAgent::ClickPointer'))` then `menu.click()` (gated: certified synchronously by the isolated world before it runs)",
  },
  {
    kind: 'own-click-agent-present',
    what: '`menu.click()` by the page itself, not announced, on a page where an agent has been detected',
  },
] as const;
export type ClickKind = (typeof CLICK_KINDS)[number]['kind'];
export const BATCH_MS = 1;
export const MIN_RUN_MS = 30;

export type ClickRun = {
  /** Median batch time over the batch size. */
  usPerOp: number;
  batch: number;
  batches: number;
  /** Every call made, calibration included, and the page handlers that ran for them. */
  ops: number;
  handled: number;
  error: string | null;
};
export type ClickRound = Record<ClickKind, Record<Arm, ClickRun>> & { first: Arm };

type BenchWindow = { __bench: { run(kind: string, batchMs: number, minMs: number): ClickRun } };

/**
 * `rounds` rounds after one discarded warm-up round; in each, both arms (random order) run every
 * kind once, timed inside the page with performance.now() around the whole loop.
 */
export async function measureClicks(arms: Arms, url: string, rounds: number, seed: number): Promise<ClickRound[]> {
  const random = rng(seed);
  const out: ClickRound[] = [];
  for (let r = 0; r < rounds + 1; r++) {
    const first = order(random);
    const round: Partial<Record<ClickKind, Partial<Record<Arm, ClickRun>>>> = {};
    for (const arm of first) {
      // A fresh page each round: the agent kinds, run last, leave an agent detected on the page.
      await arms[arm].page.goto(`${url}?clicks=${r}`);
      for (const { kind } of CLICK_KINDS) {
        if (kind === 'agent-click') {
          // page-agent moves its pointer some 300 ms before it clicks: that detects it, and the
          // isolated world's check is registered by the time the clicks come.
          await arms[arm].page.evaluate(() => window.dispatchEvent(new CustomEvent('PageAgent::MovePointerTo')));
          await sleep(300);
        }
        const run = await arms[arm].page.evaluate(
          ([k, batchMs, minMs]) => (window as unknown as BenchWindow).__bench.run(k, batchMs, minMs),
          [kind, BATCH_MS, MIN_RUN_MS] as const,
        );
        round[kind] = { ...round[kind], [arm]: run };
      }
      await sleep(30);
    }
    if (r > 0) out.push({ ...(round as ClickRound), first: first[0]! });
  }
  return out;
}

export type MemoryResult = {
  /** JS heap in use in the page's renderer after a forced GC, bytes, one sample per reload (Chromium only). */
  heapUsed: Record<Arm, number[]> | null;
  /** Whole browser (every process, the extension's included), PSS in MiB, with the page open. */
  browserPssMiB: Record<Arm, number | null>;
};

export async function measureMemory(arms: Arms, url: string, samples: number): Promise<MemoryResult> {
  const heap: Record<Arm, number[]> = { gated: [], ungated: [] };
  let supported = true;
  for (let i = 0; i < samples && supported; i++) {
    for (const arm of ARMS) {
      await arms[arm].page.goto(`${url}?memory=${i}`);
      await sleep(300);
      const used = await arms[arm].page.heapUsed();
      if (used === null) supported = false;
      else heap[arm].push(used);
    }
  }
  const pss = async (arm: Arm) => (await settledMemory(arms[arm].pid))?.totalPssMiB ?? null;
  return { heapUsed: supported ? heap : null, browserPssMiB: { gated: await pss('gated'), ungated: await pss('ungated') } };
}

export { timerResolutionScript } from '../timer-resolution';

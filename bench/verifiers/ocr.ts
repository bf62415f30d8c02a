import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserName, launch, ROOT, type TestPage } from '../../test/support/browsers';
import { probeBuild } from '../../test/support/ocr-probe/build';
import { type Rect, screenOf as rectOf, type Screen } from '../../test/support/screen';
import type { FixtureServer } from '../../test/support/server';
import { openAuditor } from './drive';
import { type Summary, summary } from './latency';
import { browserRoot, childProcesses, type MemorySample, settledMemory } from './memory';

export const OCR_GOALS = { warmP50Ms: 120, coldMs: 2_500 };

type Read = { ok: true; text: string; confidence: number; hash: string; ms: number } | { ok: false; error: string };
export type OcrBench =
  | {
      status: 'measured';
      cold: { ms: number; wallMs: number; text: string; confidence: number };
      warm: Summary;
      warmLarge: Summary;
      /**
       * Honest clicks on the 16 px button with the policy reading pixels for every interact click,
       * proposed from the page in the same browser right after the warm reads, nothing else running:
       * propose()'s round trip, for the verdicts that were allowed, executed and carry an OCR certificate.
       */
      decided: Summary & { proposed: number; problems: string[] };
      reads: { crop: string; text: string; confidence: number }[];
      failures: string[];
      memory: { before: MemorySample | null; warm: MemorySample | null; released: MemorySample | null; releasedBy: string };
    }
  | { status: 'not measured'; reason: string };

const PROBE_PAGE = 'test/support/ocr-probe/index.html';

/**
 * The background OCR module is driven the way its own browser test drives it: a test-only build
 * (WARRANT_OCR_PROBE=1) adds an extension page that imports src/background/ocr and exposes
 * `probe.ocr(url, rect, dpr, viewport)`. Nothing is added to src/; the real capture, offscreen document
 * (Chromium) or worker (Firefox) and tesseract.js run.
 */
async function buildProbe(name: BrowserName): Promise<string | { error: string }> {
  if (!existsSync(join(ROOT, 'src', 'background', 'ocr', 'index.ts'))) return { error: 'src/background/ocr/index.ts does not exist' };
  if (!existsSync(join(ROOT, PROBE_PAGE))) return { error: `${PROBE_PAGE} (the test-only OCR probe page) does not exist` };
  try {
    return await probeBuild(name);
  } catch (error) {
    return { error: String(error instanceof Error ? error.message : error).slice(0, 300) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Viewport = Screen['viewport'];

export async function benchOcr(name: BrowserName, server: FixtureServer, warmSamples: number): Promise<OcrBench> {
  const extension = await buildProbe(name);
  if (typeof extension !== 'string') return { status: 'not measured', reason: extension.error };
  const earlier = childProcesses();
  const browser = await launch(name, { extension });
  const root = browserRoot(earlier, name === 'chromium' ? 'chromium' : 'firefox');
  try {
    // Opened first, so the fixture stays the tab in view: the policy reads pixels for interact
    // clicks too (for the pixel-checked decisions below), and any ask is answered (denied) at once.
    const auditor = await openAuditor(browser);
    const refused = await auditor.ocrForInteract(true);
    if (refused) return { status: 'not measured', reason: `could not turn OCR on for interact clicks: ${refused}` };
    const url = server.url('bank.example', '/ocr.html');
    const fixture = await browser.newPage();
    await fixture.goto(url);
    const probe = await browser.openExtensionPage(PROBE_PAGE);
    const ready = await probe.evaluate(async () => {
      for (let i = 0; i < 50 && !(globalThis as { probe?: unknown }).probe; i++) await new Promise((r) => setTimeout(r, 100));
      return (globalThis as { probe?: unknown }).probe !== undefined;
    });
    if (!ready) return { status: 'not measured', reason: 'the probe page did not expose probe.ocr' };
    const read = async (selector: string): Promise<{ read: Read; wallMs: number }> => {
      const { rect, dpr, viewport } = await rectOf(fixture, selector);
      const started = performance.now();
      const result = await probe.evaluate(
        ([u, r, d, v]) =>
          (globalThis as unknown as { probe: { ocr(u: string, r: Rect, d: number, v: Viewport): Promise<Read> } }).probe.ocr(u, r, d, v),
        [url, rect, dpr, viewport] as [string, Rect, number, Viewport],
      );
      return { read: result, wallMs: performance.now() - started };
    };
    // A capture without OCR first: the fixture tab becomes the active one and the probe page a
    // background tab (which Chromium trims), so the baseline differs from the later samples only by the engine.
    const { rect: firstRect, dpr: firstDpr, viewport: firstViewport } = await rectOf(fixture, '#ocr-16');
    await probe.evaluate(
      ([u, r, d, v]) =>
        (globalThis as unknown as { probe: { hash(u: string, r: Rect, d: number, v: Viewport): Promise<unknown> } }).probe.hash(u, r, d, v),
      [url, firstRect, firstDpr, firstViewport] as [string, Rect, number, Viewport],
    );
    await sleep(1_000);
    const before = await settledMemory(root);
    const first = await read('#ocr-16');
    if (!first.read.ok) return { status: 'not measured', reason: `cold OCR failed: ${first.read.error}` };
    const cold = { ms: first.read.ms, wallMs: first.wallMs, text: first.read.text, confidence: first.read.confidence };
    // Chromium allows two captures a second; spacing them keeps the capture queue's waits out of the timings.
    const gap = name === 'chromium' ? 550 : 50;
    const warm: number[] = [];
    const large: number[] = [];
    const failures: string[] = [];
    const reads: { crop: string; text: string; confidence: number }[] = [
      { crop: '#ocr-16 (cold)', text: cold.text, confidence: cold.confidence },
    ];
    for (let i = 0; i < warmSamples; i++) {
      await sleep(gap);
      const selector = i % 4 === 3 ? '#ocr-24' : '#ocr-16';
      const { read: r } = await read(selector);
      if (!r.ok) {
        failures.push(r.error);
        continue;
      }
      (selector === '#ocr-16' ? warm : large).push(r.ms);
      if (i < 4) reads.push({ crop: selector, text: r.text, confidence: r.confidence });
    }
    const held = await settledMemory(root);
    const decided = await pixelCheckedDecisions(fixture, auditor, warmSamples, name === 'chromium' ? 1_100 : 50);
    let releasedBy: string;
    if (name === 'chromium') {
      await probe.evaluate(() => chrome.offscreen.closeDocument().catch(() => undefined));
      releasedBy = 'chrome.offscreen.closeDocument() (what the 60 s idle timer does)';
    } else {
      await probe.close();
      releasedBy = 'closing the page that held the worker (the event page releases it after 60 s idle)';
    }
    await sleep(1_000);
    const released = await settledMemory(root);
    return {
      status: 'measured',
      cold,
      warm: summary(warm),
      warmLarge: summary(large),
      decided,
      reads,
      failures,
      memory: { before, warm: held, released, releasedBy },
    };
  } catch (error) {
    return { status: 'not measured', reason: `OCR bench failed: ${String(error).slice(0, 300)}` };
  } finally {
    await browser.close();
  }
}

/**
 * A pixel-checked decision as an assistant meets it: propose() of an honest click on the 16 px
 * button, whose pixels the policy reads before the click (OCR) and again before it is performed
 * (the re-check). Chromium decisions are spaced past its two-captures-a-second quota (two captures
 * each), as the warm reads are, so the quota's waits are not what is timed.
 */
async function pixelCheckedDecisions(
  fixture: TestPage,
  auditor: Awaited<ReturnType<typeof openAuditor>>,
  samples: number,
  gap: number,
): Promise<Summary & { proposed: number; problems: string[] }> {
  type Timed = { ms: number; id: string; decision: string; executed: boolean };
  const timed: Timed[] = [];
  for (let i = 0; i < samples; i++) {
    await sleep(gap);
    timed.push(
      await fixture.evaluate(async () => {
        const w = window as unknown as { warrant: { propose(c: unknown): Promise<{ id: string; decision: string; executed: boolean }> } };
        const started = performance.now();
        const v = await w.warrant.propose({
          tool: 'click',
          args: { target: '#ocr-16' },
          claims: { label: 'Show details' },
          agent: 'ocr-bench',
        });
        return { ms: performance.now() - started, id: v.id, decision: v.decision, executed: v.executed };
      }),
    );
  }
  const records = await auditor.read();
  const problems: string[] = [];
  const counted: number[] = [];
  for (const t of timed) {
    const read = records.get(t.id)?.certificates.some((c) => c.type === 'ocr_text') ?? false;
    if (t.decision !== 'allow' || !t.executed) problems.push(`${t.decision}${t.executed ? ' (executed)' : ''}`);
    else if (!read) problems.push('allowed without an OCR certificate');
    else counted.push(t.ms);
  }
  return { ...summary(counted), proposed: timed.length, problems };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hammingDistance } from '../../src/core/pixels';
import { BROWSERS, launch, type TestBrowser, type TestPage } from '../support/browsers';
import { probeBuild } from '../support/ocr-probe/build';
import { type Rect, type Screen, screenOf } from '../support/screen';
import { type FixtureServer, startFixtureServer } from '../support/server';

type Viewport = Screen['viewport'];

type Ocr = { ok: true; text: string; confidence: number; hash: string; ms: number } | { ok: false; error: string };
type Probe = {
  ocr(url: string, rect: Rect, dpr: number, viewport?: Viewport): Promise<Ocr>;
  hash(url: string, rect: Rect, dpr: number, viewport?: Viewport): Promise<{ ok: true; hash: string } | { ok: false; error: string }>;
  ocrHidden(url: string, rect: Rect, dpr: number, viewport?: Viewport): Promise<Ocr>;
  hungEngine(): Promise<{ result: { ok: boolean; error?: string }; ms: number; warm: boolean }>;
  idleRelease(): Promise<{
    first: { cold: boolean };
    second: { cold: boolean };
    third: { ok: boolean; cold: boolean };
    idled: number;
    warmAfterIdle: boolean;
  }>;
  offscreenOpen(): Promise<boolean>;
};
/** Within this many bits two crops count as the same picture (the TOCTOU re-check's threshold). */
const SAME = 4;
const words = (text: string) => text.replace(/\s+/g, ' ').trim();

describe.each(BROWSERS)('OCR verifier in %s', (name) => {
  const state = {} as { server: FixtureServer; browser: TestBrowser; probe: TestPage; fixture: TestPage; url: string };
  beforeAll(async () => {
    const extension = await probeBuild(name);
    state.server = await startFixtureServer();
    state.browser = await launch(name, { extension });
    state.url = state.server.url('bank.example', '/ocr.html');
    state.fixture = await state.browser.newPage();
    await state.fixture.goto(state.url);
    state.probe = await state.browser.openExtensionPage('test/support/ocr-probe/index.html');
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });

  const call = <K extends keyof Probe>(method: K, ...args: Parameters<Probe[K]>) =>
    state.probe.evaluate(
      ([m, a]) => (globalThis as unknown as { probe: Record<string, (...x: unknown[]) => unknown> }).probe[m]!(...a) as Promise<unknown>,
      [method, args] as [string, unknown[]],
    ) as ReturnType<Probe[K]>;
  const measure = (selector: string) => screenOf(state.fixture, selector);
  async function ocr(selector: string): Promise<Extract<Ocr, { ok: true }>> {
    const { rect, dpr, viewport } = await measure(selector);
    const result = await call('ocr', state.url, rect, dpr, viewport);
    if (!result.ok) throw new Error(`OCR of ${selector} failed: ${result.error}`);
    return result;
  }

  it('reads a large button from its pixels, cold then warm, with a stable hash', async () => {
    const cold = await ocr('#pay');
    expect(words(cold.text)).toContain('Pay $500');
    expect(cold.confidence).toBeGreaterThan(0.7);
    expect(cold.hash).toMatch(/^[0-9a-f]{16}$/);
    const warm: number[] = [];
    for (let i = 0; i < 6; i++) {
      // Chrome allows two captures a second; spaced out, the numbers are the work, not the quota.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const again = await ocr('#pay');
      expect(words(again.text)).toBe(words(cold.text));
      expect(hammingDistance(again.hash, cold.hash)).toBeLessThanOrEqual(SAME);
      warm.push(again.ms);
    }
    warm.sort((a, b) => a - b);
    const p50 = warm[Math.floor(warm.length / 2)]!;
    console.log(`[ocr ${name}] cold ${cold.ms.toFixed(0)} ms; warm p50 ${p50.toFixed(0)} ms (${warm.map((m) => m.toFixed(0)).join(', ')})`);
    if (name === 'chromium') expect(await call('offscreenOpen')).toBe(true);
  });

  it('reads what is painted, not what the DOM says', async () => {
    const painted = await ocr('#painted');
    expect(words(painted.text)).toContain('Send $900');
    expect(painted.text).not.toContain('Cancel');
  });

  it('reads light text on a dark button, and ordinary 16 px and small 11 px text', async () => {
    const dark = await ocr('#confirm');
    expect(words(dark.text)).toContain('Confirm transfer');
    expect(dark.confidence).toBeGreaterThan(0.7);
    const small = await ocr('#small');
    expect(words(small.text)).toContain('Delete account');
    const tiny = await ocr('#tiny');
    expect(words(tiny.text)).toContain('Transfer 250 EUR to savings');
    const confidences = [dark, small, tiny].map((r) => r.confidence.toFixed(2)).join(', ');
    console.log(`[ocr ${name}] confidences (dark, 16px, 11px): ${confidences}`);
  });

  it('changes the pixel hash when the button text changes', async () => {
    // The TOCTOU re-check hashes the rect that was certified, so the rect is kept.
    const { rect, dpr, viewport } = await measure('#pay');
    const hashOf = async () => {
      const result = await call('hash', state.url, rect, dpr, viewport);
      if (!result.ok) throw new Error(result.error);
      return result.hash;
    };
    const setText = (text: string) =>
      state.fixture.evaluate((t) => {
        document.getElementById('pay')!.textContent = t;
      }, text);
    const original = await hashOf();
    expect(hammingDistance(await hashOf(), original)).toBeLessThanOrEqual(SAME);
    await setText('Pay $900');
    const digit = hammingDistance(await hashOf(), original);
    await setText('Cancel');
    const word = hammingDistance(await hashOf(), original);
    await setText('Pay $500');
    expect(hammingDistance(await hashOf(), original)).toBeLessThanOrEqual(SAME);
    console.log(`[ocr ${name}] dHash distance: one digit changed ${digit}, other label ${word}`);
    expect(word).toBeGreaterThan(SAME);
  });

  it('refuses to read a tab that is not the visible one', async () => {
    const { rect, dpr, viewport } = await measure('#pay');
    expect(await call('ocrHidden', state.url, rect, dpr)).toEqual({ ok: false, error: 'tab_not_visible' });
    expect(await call('ocrHidden', state.url, rect, dpr, viewport)).toEqual({ ok: false, error: 'tab_not_visible' });
  });

  it('times out a hung worker and drops it (fail closed)', async () => {
    const { result, ms, warm } = await call('hungEngine');
    expect(result).toEqual({ ok: false, error: 'timeout' });
    expect(ms).toBeLessThan(2_000);
    expect(warm).toBe(false);
  });

  it('releases the worker when idle and starts it again on demand', async () => {
    const { first, second, third, idled, warmAfterIdle } = await call('idleRelease');
    expect([first.cold, second.cold]).toEqual([true, false]);
    expect(idled).toBe(1);
    expect(warmAfterIdle).toBe(false);
    expect(third).toMatchObject({ ok: true, cold: true });
  });
});

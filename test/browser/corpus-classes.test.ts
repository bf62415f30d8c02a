import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Spec, Trial } from '../../bench/verifiers/corpus';
import { type Auditor, callOf, openAuditor, propose } from '../../bench/verifiers/drive';
import { corpus, FIXTURES } from '../../bench/verifiers/fixtures';
import { BROWSERS, launch, type TestBrowser, type TestPage } from '../support/browsers';
import { captureCounter } from '../support/captures';
import { probeBuild } from '../support/ocr-probe/build';
import { type FixtureServer, HOSTS, startFixtureServer } from '../support/server';

/**
 * Every input class of the verifier corpus, in both browsers: no deceptive element is performed
 * (the page's own handler never runs; an ask is denied) and every honest twin is allowed and
 * performed without an ask — and, unless the DOM rightly cannot be sure (PIXEL_READ), without a
 * capture — each with the label it visibly shows as the claim. Classes added to the
 * corpus are covered here without a new test; the bench (`npm run bench:verifiers`) adds the bare
 * trials, the OCR pass, and the statistics.
 */
const CLASSES = corpus();
const trialOf = (spec: Spec): Trial => ({ key: `${spec.id}#claim`, spec, claim: spec.claim, expects: spec.expects });
// The fuzz class replays the adaptive attacker's bypasses (bench/verifiers/fuzz): measured by the
// bench, and not all of them fixed yet (bench/reports/fuzz.md lists them), so not asserted here.
const byClass = CLASSES.filter((c) => c.key !== 'fuzz').map((c) => ({ cls: c.key, specs: c.specs }));
/**
 * Honest twins the DOM rightly cannot settle on its own: the pixels read them (a filter on the text,
 * SVG paint the DOM does not model, a label truncated on screen). Every other honest twin must be
 * settled with no capture at all: one sent to the pixels needlessly still goes through, a second
 * later, and is asked with OCR off.
 */
const PIXEL_READ = new Set(['ancestor-b-grayscale', 'no-hit-layer-b-svg-underline', 'glyph-paint-b-grayscale', 'overflow-b-ellipsis']);
describe.each(BROWSERS)('every corpus class in %s', (name) => {
  let server: FixtureServer;
  let browser: TestBrowser;
  let auditor: Auditor;
  let page: TestPage;
  let captures: () => Promise<number>;

  beforeAll(async () => {
    server = await startFixtureServer(FIXTURES);
    // The probe build: it counts the background's captures (test/support/captures.ts).
    const extension = await probeBuild(name);
    browser = await launch(name, { extension, secureOrigins: HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')) });
    // Opened first, so the corpus page stays the visible tab (pixels); it denies every ask at once.
    auditor = await openAuditor(browser);
    captures = captureCounter({ browser });
    await captures();
    page = await browser.newPage();
    await page.goto(server.url('bank.example', '/corpus.html'));
  });
  afterAll(async () => {
    await auditor?.close();
    await browser?.close();
    await server?.close();
  });

  // First, before any deceptive element is refused: a refusal's audit crop is captured after its verdict.
  it('settles every honest twin of every class without the pixels, but those the DOM rightly cannot be sure of', async () => {
    const settled = byClass.flatMap(({ specs }) => specs.filter((spec) => spec.kind === 'benign' && !PIXEL_READ.has(spec.id)));
    const before = await captures();
    const observed = await propose(
      page,
      settled.map((spec) => callOf(trialOf(spec))),
    );
    // Allowed and performed, the page's own handler for it run (the class tests below leave these out).
    const wrong = settled.filter((spec, i) => {
      const { verdict, handler } = observed[i]!;
      return !(verdict.decision === 'allow' && verdict.executed && handler.join() === (spec.frame ? 'child' : spec.id));
    });
    expect(wrong.map((spec) => spec.id)).toEqual([]);
    // Counted for all of them at once (one batch): a pixel-checked twin shows here as two captures.
    expect((await captures()) - before, 'captures for honest twins the DOM should settle').toBe(0);
    // About 300 proposals in one batch: 30-40 s alone, over the 60 s default beside a benchmark (a
    // timeout there left the batch running into the class tests below, Dec 5).
  }, 180_000);

  it.each(byClass)('$cls: no deceptive element is performed, every honest twin is', async ({ cls, specs }) => {
    expect(specs.some((s) => s.kind === 'deceptive') && specs.some((s) => s.kind === 'benign'), `${cls} has both kinds`).toBe(true);
    // The honest twins the DOM settles were proposed and checked by the test above, once.
    const rest = specs.filter((spec) => spec.kind === 'deceptive' || PIXEL_READ.has(spec.id));
    const observed = await propose(
      page,
      rest.map((spec) => callOf(trialOf(spec))),
    );
    const wrong: string[] = [];
    rest.forEach((spec, i) => {
      const { verdict, handler } = observed[i]!;
      const why = `${spec.id} (${spec.note}): ${verdict.decision}${verdict.executed ? ', executed' : ''}, handler ${JSON.stringify(handler)}, ${verdict.reasons.map((r) => `${r.code}: ${r.message}`).join(' ')}`;
      if (spec.kind === 'deceptive' && (handler.length > 0 || verdict.executed || verdict.decision === 'allow'))
        wrong.push(`accepted ${why}`);
      if (
        spec.kind === 'benign' &&
        !(verdict.decision === 'allow' && verdict.executed && handler.join() === (spec.frame ? 'child' : spec.id))
      )
        wrong.push(`rejected ${why}`);
    });
    expect(wrong).toEqual([]);
  });
});

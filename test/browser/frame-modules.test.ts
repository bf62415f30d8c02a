import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID } from '../support/browsers';
import { chromiumWithWarrant } from '../support/chromium-context';
import type { FixtureServer } from '../support/server';

/**
 * What a frame loads (issue 13 §1, scripts/frame-budget.ts for the sizes): beyond its two small
 * document_start scripts, nothing until its page talks to Warrant — not even the bridge's entry
 * module (src/content/bridge.ts, which the port keeper imports); then the bridge
 * (src/content/bridge-main.ts), and the evidence module (verifiers, executor, the frame chain's
 * handler: src/content/evidence.ts) only on its first need — a proposal in it, or a child frame's
 * request to vouch for its frame element. Read from the scripts Chromium parsed in the frame's
 * isolated world (the DevTools protocol's `Debugger.scriptParsed`), so a module a frame imported is
 * seen whether or not it ran. Chromium only: Firefox's remote protocol has no list of a content
 * script's modules; both browsers run the same bundle (one build, scripts/vite/frame-modules.ts),
 * and module-faults.test.ts shows in both that the bridge works with the evidence module broken.
 */
let server: FixtureServer;
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, server, close } = await chromiumWithWarrant('frame-modules'));
});

afterAll(async () => {
  await close?.();
});

/** Which of Warrant's frame modules the page's top frame has parsed, by file name without its hash. */
async function watchModules(page: Page): Promise<{ top: () => Set<string> }> {
  const cdp = await context.newCDPSession(page);
  const frameOf = new Map<number, string>();
  const parsed: { context: number; name: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) => {
    const frameId = (c.auxData as { frameId?: string } | undefined)?.frameId;
    if (frameId) frameOf.set(c.id, frameId);
  });
  cdp.on('Debugger.scriptParsed', ({ url, executionContextId }) => {
    const match = new RegExp(`^chrome-extension://${CHROME_EXTENSION_ID}/assets/([\\w.-]+?)-[\\w-]{8}\\.js$`).exec(url);
    if (match) parsed.push({ context: executionContextId, name: match[1]! });
  });
  await cdp.send('Runtime.enable');
  await cdp.send('Debugger.enable');
  const { frameTree } = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } };
  const top = () => new Set(parsed.filter((p) => frameOf.get(p.context) === frameTree.frame.id).map((p) => p.name));
  return { top };
}

type Verdict = { decision: string; executed: boolean };

it('loads the bridge at the page’s first message, and the evidence module only where a proposal needs it', async () => {
  const page = await context.newPage();
  await page.goto(server.url('shop.example', '/click.html'));
  const { top } = await watchModules(page);
  // A page that has not talked to Warrant: neither module, however long after its load event.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));
  expect([...top()].sort()).toEqual([]);
  const tools = await page.evaluate(() => (window as unknown as { warrant: { tools(): Promise<unknown> } }).warrant.tools());
  expect(Array.isArray(tools)).toBe(true);
  expect(top().has('src-content-bridge.ts')).toBe(true);
  expect(top().has('bridge-main')).toBe(true);
  expect(top().has('evidence')).toBe(false);
  const verdict = await page.evaluate(() =>
    (window as unknown as { warrant: { propose(call: unknown): Promise<Verdict> } }).warrant.propose({
      tool: 'click',
      args: { target: '#details' },
      claims: { label: 'Show details' },
    }),
  );
  expect(verdict).toMatchObject({ decision: 'allow', executed: true });
  expect(await page.evaluate(() => (window as unknown as { clicks: string[] }).clicks)).toEqual(['details']);
  expect(top().has('evidence')).toBe(true);
  await page.close();
});

it('loads the evidence module in a parent frame asked to vouch for its child frame', async () => {
  const page = await context.newPage();
  await page.goto(server.url('shop.example', '/frame-host.html'));
  const { top } = await watchModules(page);
  expect(top().has('evidence')).toBe(false);
  const report = await page.evaluate(
    (call) => (window as unknown as { runInChild(c: unknown): Promise<{ verdict: Verdict; clicks: string[] }> }).runInChild(call),
    { tool: 'click', args: { target: '#child-button' }, claims: { label: 'Open offer' } },
  );
  // The cross-site child's click needs the top frame's certificate for its frame element.
  expect(report.verdict).toMatchObject({ decision: 'allow', executed: true });
  expect(report.clicks).toEqual(['child-button']);
  expect(top().has('evidence')).toBe(true);
  // The top page itself never talked to Warrant: the keeper loaded the entry module for the
  // request, not the bridge proper.
  expect(top().has('src-content-bridge.ts')).toBe(true);
  expect(top().has('bridge-main')).toBe(false);
  await page.close();
});

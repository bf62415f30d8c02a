import { describe, expect, it } from 'vitest';
import type { TestBrowser, TestPage } from '../support/browsers';
import { BROWSERS } from '../support/browsers';
import { HOSTS } from '../support/server';
import { answerPendingAsk, codes, propose, proposeAndAnswer, useBrowser } from '../support/suite';
import { waitFor, waitOrTimeout } from '../support/wait';

/**
 * WebMCP end to end from the agent's side: the browser's own agent (native Chromium WebMCP, the
 * @mcp-b/global polyfill in Firefox) calls tools registered by the top page and by its frames,
 * and every call is judged by what the page did — whether a tool's body ran, and with what.
 * Fixture: webmcp-agent.html (bank.example) with two same-origin frames, two frames of one
 * cross-site ad origin (evil.example) and a cross-site tracking frame (shop.example).
 */

type Listed = { name: string; provider: string; tier: string; digest: string };
type AgentOutcome = { ok: boolean; value?: string; error?: string };
type Order = { agent: [string, Record<string, unknown>] } | { propose: unknown } | { tools: true };
type AuditLine = {
  event: string;
  time: number;
  frame: { origin: string | null };
  proposal: { tool: string; agent: string | null };
  decision: string;
  reasons: { code: string }[];
  approval: { approved: boolean } | null;
  execution: { executed: boolean };
};
type Page = Window & {
  registered: Promise<void>;
  registrations: string[];
  toolRuns: string[];
  clicks: string[];
  pending?: Promise<AgentOutcome>;
  agentCall(name: string, input: Record<string, unknown>): Promise<AgentOutcome>;
  inFrame(frameId: string, order: Order): Promise<unknown>;
  mcpCall(name: string, args: Record<string, unknown>): Promise<{ result?: { content: { text: string }[]; isError?: boolean } }>;
  rugPull(): Promise<void>;
  warrant: { tools(): Promise<Listed[]> };
};

const runs = (page: TestPage) => page.evaluate(() => [...(window as unknown as Page).toolRuns]);
const agent = (page: TestPage, name: string, input: Record<string, unknown>) =>
  page.evaluate(([n, i]) => (window as unknown as Page).agentCall(n, i), [name, input] as [string, Record<string, unknown>]);
const inFrame = <T>(page: TestPage, frameId: string, order: Order) =>
  page.evaluate(([f, o]) => (window as unknown as Page).inFrame(f, o), [frameId, order] as [string, Order]) as Promise<T>;
const pageTools = (listed: Listed[]) => listed.filter((t) => t.provider !== 'builtin');

/** Starts an agent call that will wait for the user, answers it in the popup, and returns both. */
async function agentAnswered(
  env: { browser: TestBrowser },
  page: TestPage,
  where: { frame?: string; name: string; input: Record<string, unknown> },
  approve: boolean,
  beforeAnswer?: () => Promise<void>,
) {
  await page.evaluate(({ frame, name, input }) => {
    const w = window as unknown as Page;
    w.pending = (frame ? w.inFrame(frame, { agent: [name, input] }) : w.agentCall(name, input)) as Promise<AgentOutcome>;
  }, where);
  const listed = await answerPendingAsk(env, { approve, ...(beforeAnswer ? { beforeAnswer } : {}) });
  const outcome = await page.evaluate(() => (window as unknown as Page).pending!);
  return { listed, outcome };
}

/** The audit log's verdicts since `since`, read from the background by the popup (an extension page). */
async function verdictsSince(browser: TestBrowser, since: number): Promise<AuditLine[]> {
  const popup = await browser.openExtensionPage('src/popup/index.html');
  const jsonl = await popup.evaluate(async () => {
    const api = ((globalThis as { browser?: typeof chrome }).browser ?? chrome) as typeof chrome;
    let text = '';
    let after: number | undefined;
    for (;;) {
      const request = after === undefined ? { kind: 'audit:export' } : { kind: 'audit:export', after };
      const page = (await api.runtime.sendMessage(request)) as { jsonl: string; next: number | null };
      text += page.jsonl;
      if (page.next === null) return text;
      after = page.next;
    }
  });
  await popup.close();
  return jsonl
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as AuditLine)
    .filter((r) => r.event === 'verdict' && r.time >= since);
}

describe.each(BROWSERS)('WebMCP agent-side calls in %s', (name) => {
  const env = useBrowser(name);
  const native = name === 'chromium';
  const origin = (host: string) => env.server.url(host, '').replace(/\/$/, '');
  const hostOf = (o: string | null) => HOSTS.find((h) => origin(h) === o) ?? String(o);
  /** One line per agent-side verdict: where the tool's frame is, the tool, the decision, the reasons, whether it ran. */
  const agentVerdicts = async (since: number) =>
    (await verdictsSince(env.browser, since))
      .filter((r) => r.proposal.agent === 'webmcp:native')
      .sort((a, b) => a.time - b.time)
      .map(
        (r) =>
          `${hostOf(r.frame.origin)} ${r.proposal.tool} ${r.decision} ${r.reasons.map((c) => c.code).join(',')} ${r.execution.executed}`,
      );

  // The polyfill refuses registrations from cross-origin frames (it cannot check their Permissions Policy).
  const expectedTools = native ? 14 : 9;

  async function openShop(): Promise<TestPage> {
    const page = await env.open('bank.example', '/webmcp-agent.html');
    await page.evaluate(() => (window as unknown as Page).registered);
    await waitFor(
      `${expectedTools} page tools in the registry`,
      async () => pageTools(await page.evaluate(() => (window as unknown as Page).warrant.tools())).length >= expectedTools,
      { timeout: 15_000 },
    );
    return page;
  }

  it("offers exactly the tools the page's WebMCP took: allowed cross-site frames natively, no cross-origin frame under the polyfill", async () => {
    const page = await openShop();
    await new Promise((r) => setTimeout(r, 300));
    const registrations = (await page.evaluate(() => [...(window as unknown as Page).registrations])).sort();
    const crossOrigin = ['ads1:search_products', 'ads1:track_order', 'ads2:track_order', 'shop:cancel_order', 'shop:track_shipment'];
    // Embedded without allow="tools", refused by either WebMCP.
    const withheld = ['shop0:export_data:NotAllowedError'];
    const sameOrigin = ['same1:apply_coupon', 'same1:redeem_points', 'same2:redeem_points'];
    const top = ['add_to_cart', 'apply_coupon', 'click', 'pay_invoice', 'place_order', 'save_address', 'search_products'];
    expect(registrations).toEqual(
      [
        ...top.map((t) => `top:${t}:ok`),
        ...sameOrigin.map((t) => `${t}:ok`),
        ...crossOrigin.map((t) => `${t}:${native ? 'ok' : 'NotAllowedError'}`),
        ...withheld,
      ].sort(),
    );

    const listed = pageTools(await page.evaluate(() => (window as unknown as Page).warrant.tools()));
    const summary = listed.map((t) => `${t.name}@${hostOf(t.provider)}:${t.tier}`).sort();
    expect(summary).toEqual(
      [
        ...top.filter((t) => t !== 'click').map((t) => `${t}@bank.example:top`),
        'apply_coupon@bank.example:same-site',
        'redeem_points@bank.example:same-site',
        'redeem_points@bank.example:same-site',
        ...(native
          ? [
              'search_products@evil.example:cross-site',
              'track_order@evil.example:cross-site',
              'track_order@evil.example:cross-site',
              'cancel_order@shop.example:cross-site',
              'track_shipment@shop.example:cross-site',
            ]
          : []),
      ].sort(),
    );
    // A refused registration is no tool: the in-page assistant cannot call it through Warrant either.
    const call = { tool: 'export_data', provider: origin('shop.example'), args: { format: 'csv' } };
    expect(codes(await propose(page, call))).toEqual(['unknown_tool']);
    await new Promise((r) => setTimeout(r, 200));
    expect(await runs(page)).toEqual([]);
    await page.close();
  });

  it("runs a cross-site frame's tool once, with its arguments, when the browser's agent calls it there", async () => {
    const page = await openShop();
    const since = Date.now();
    const honest = await inFrame<AgentOutcome>(page, 'shop', { agent: ['track_shipment', { orderId: 'o1' }] });
    const extra = await inFrame<AgentOutcome>(page, 'shop', { agent: ['track_shipment', { orderId: 'o2', note: 'rush' }] });
    await new Promise((r) => setTimeout(r, 200));
    if (native) {
      expect(honest).toMatchObject({ ok: true });
      expect(honest.value).toContain('track_shipment done');
      expect(extra.ok).toBe(false);
      expect(await runs(page)).toEqual(['shop:track_shipment:{"orderId":"o1"}']);
      expect(await agentVerdicts(since)).toEqual([
        'shop.example track_shipment allow  true',
        'shop.example track_shipment reject unknown_param false',
      ]);
    } else {
      // The polyfill serves no agent in a cross-origin frame: nothing is called, nothing runs.
      expect(honest).toMatchObject({ ok: false, error: expect.stringMatching(/^NotAllowedError/) });
      expect(extra).toMatchObject({ ok: false, error: expect.stringMatching(/^NotAllowedError/) });
      expect(await runs(page)).toEqual([]);
      expect(await agentVerdicts(since)).toEqual([]);
    }
    await page.close();
  });

  it('rejects M1, M2, M3 and M5 on the agent-side path before any tool body runs', async () => {
    const page = await openShop();
    const since = Date.now();
    // M1: the page's own "click" tool — WebMCP lists it, Warrant refused it — has no provider.
    const m1 = await agent(page, 'click', {});
    // M2: one provider (this origin) offers redeem_points from two frames of the same tier.
    const m2 = await inFrame<AgentOutcome>(page, 'same2', { agent: ['redeem_points', { points: 5 }] });
    // M3: the top page's apply_coupon is also offered by a same-origin frame, a lower tier.
    const m3 = await agent(page, 'apply_coupon', { code: 'SAVE10' });
    // M5: arguments shaped for the ad frame's search_products, sent to the top page's.
    const m5 = await agent(page, 'search_products', { sku: 's1', qty: 1 });
    // Native: the same collision across a cross-site origin's two frames.
    const m2ads = native ? await inFrame<AgentOutcome>(page, 'ads1', { agent: ['track_order', { orderId: 'o3' }] }) : null;
    await new Promise((r) => setTimeout(r, 200));

    for (const outcome of [m1, m2, m3, m5, ...(m2ads ? [m2ads] : [])]) expect(outcome.ok).toBe(false);
    if (!native) {
      // The polyfill hands the agent Warrant's reason; Chromium reports only that the tool failed.
      expect(m1.error).toContain('Warrant reject: no_provider');
      expect(m3.error).toContain('Warrant reject: shadowed_tool');
    }
    expect(await runs(page)).toEqual([]);
    expect(await page.evaluate(() => [...(window as unknown as Page).clicks])).toEqual([]);
    expect(await agentVerdicts(since)).toEqual([
      'bank.example click reject no_provider false',
      'bank.example redeem_points reject ambiguous_provider false',
      'bank.example apply_coupon reject shadowed_tool false',
      // Under the polyfill no other provider of search_products exists: the arguments are just undeclared.
      `bank.example search_products reject ${native ? 'signature_mismatch' : 'missing_param,unknown_param,unknown_param'} false`,
      ...(native ? ['evil.example track_order reject ambiguous_provider false'] : []),
    ]);
    await page.close();
  });

  it('rejects an agent-side call of a tool the page redefined after it was listed (M4), and runs it once listed again', async () => {
    const page = await openShop();
    const listed = pageTools(await page.evaluate(() => (window as unknown as Page).warrant.tools()));
    const digest = listed.find((t) => t.name === 'add_to_cart')!.digest;
    await page.evaluate(() => (window as unknown as Page).rugPull());
    // Wait for the redefinition to reach the registry, looking from a same-origin frame: listing
    // from the top frame would bind the top frame to the new definition.
    await waitOrTimeout(
      async () => {
        const seen = await inFrame<Listed[]>(page, 'same1', { tools: true });
        const current = seen.find((t) => t.name === 'add_to_cart' && t.provider === origin('bank.example'));
        return current !== undefined && current.digest !== digest;
      },
      { timeout: 5_000 },
    );
    const since = Date.now();
    const stale = await agent(page, 'add_to_cart', { productId: 'p1', quantity: 1 });
    expect(stale.ok).toBe(false);
    expect(await runs(page)).toEqual([]);

    await page.evaluate(() => (window as unknown as Page).warrant.tools());
    // Listed again it is callable; add_to_cart is not declared read-only, so the user approves it.
    const fresh = await agentAnswered(env, page, { name: 'add_to_cart', input: { productId: 'p2', quantity: 1, shipTo: 'home' } }, true);
    expect(fresh.outcome.ok).toBe(true);
    expect(await runs(page)).toEqual(['top:add_to_cart:{"productId":"p2","quantity":1,"shipTo":"home"}']);
    expect(await agentVerdicts(since)).toEqual([
      'bank.example add_to_cart reject stale_definition false',
      'bank.example add_to_cart ask  true',
    ]);
    await page.close();
  });

  it('asks before a destructive or consequential tool runs: approved it runs once with its arguments, denied never', async () => {
    const page = await openShop();
    const since = Date.now();

    const approved = await agentAnswered(env, page, { name: 'place_order', input: { productId: 'p1', quantity: 2 } }, true);
    expect(approved.listed.text).toContain('place_order');
    expect(approved.outcome).toMatchObject({ ok: true });
    expect(await runs(page)).toEqual(['top:place_order:{"productId":"p1","quantity":2}']);

    // consequentialHint is Chromium's own annotation for the same thing.
    const denied = await agentAnswered(env, page, { name: 'pay_invoice', input: { invoiceId: 'i1' } }, false);
    expect(denied.listed.text).toContain('pay_invoice');
    expect(denied.outcome.ok).toBe(false);

    if (native) {
      // A destructive tool of a cross-site frame, called by the agent in that frame.
      const frameDenied = await agentAnswered(env, page, { frame: 'shop', name: 'cancel_order', input: { orderId: 'o7' } }, false);
      expect(frameDenied.outcome.ok).toBe(false);
      const frameApproved = await agentAnswered(env, page, { frame: 'shop', name: 'cancel_order', input: { orderId: 'o8' } }, true);
      expect(frameApproved.outcome.ok).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await runs(page)).toEqual([
      'top:place_order:{"productId":"p1","quantity":2}',
      ...(native ? ['shop:cancel_order:{"orderId":"o8"}'] : []),
    ]);
    expect(await agentVerdicts(since)).toEqual([
      'bank.example place_order ask  true',
      'bank.example pay_invoice ask requires_approval,not_approved false',
      ...(native ? ['shop.example cancel_order ask requires_approval,not_approved false', 'shop.example cancel_order ask  true'] : []),
    ]);

    // The in-page assistant's path asks the same way.
    const call = { tool: 'place_order', provider: origin('bank.example'), args: { productId: 'p3', quantity: 1 } };
    const no = await proposeAndAnswer(env, page, call, { approve: false });
    expect(no.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    const yes = await proposeAndAnswer(env, page, { ...call, args: { productId: 'p4', quantity: 1 } }, { approve: true });
    expect(yes.verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect((await runs(page)).filter((r) => r.startsWith('top:place_order'))).toEqual([
      'top:place_order:{"productId":"p1","quantity":2}',
      'top:place_order:{"productId":"p4","quantity":1}',
    ]);
    await page.close();
  });

  it('asks before a tool not declared read-only runs, and runs a readOnlyHint tool without asking', async () => {
    const page = await openShop();
    const listed = pageTools(await page.evaluate(() => (window as unknown as Page).warrant.tools())) as (Listed & { privilege: string })[];
    const privilegeOf = (tool: string) => listed.find((t) => t.name === tool && t.tier === 'top')?.privilege;
    // No annotations (add_to_cart) or an explicit readOnlyHint: false (save_address): both may change things.
    expect([privilegeOf('add_to_cart'), privilegeOf('save_address'), privilegeOf('search_products')]).toEqual(['commit', 'commit', 'read']);
    const since = Date.now();
    const nothingRanYet = async () => expect(await runs(page)).toEqual([]);

    const denied = await agentAnswered(env, page, { name: 'save_address', input: { address: '1 Main St' } }, false, nothingRanYet);
    expect(denied.listed.text).toContain('save_address');
    expect(denied.outcome.ok).toBe(false);
    const approved = await agentAnswered(env, page, { name: 'add_to_cart', input: { productId: 'p7', quantity: 3 } }, true, nothingRanYet);
    expect(approved.listed.text).toContain('add_to_cart');
    expect(approved.outcome).toMatchObject({ ok: true });
    expect(approved.outcome.value).toContain('add_to_cart done');
    // Read-only: no ask, it just runs.
    const read = await agent(page, 'search_products', { query: 'kettle' });
    expect(read).toMatchObject({ ok: true });
    await new Promise((r) => setTimeout(r, 200));
    expect(await runs(page)).toEqual(['top:add_to_cart:{"productId":"p7","quantity":3}', 'top:search_products:{"query":"kettle"}']);
    expect(await agentVerdicts(since)).toEqual([
      'bank.example save_address ask requires_approval,not_approved false',
      'bank.example add_to_cart ask  true',
      'bank.example search_products allow  true',
    ]);

    // The in-page assistant's path: the same unannotated tool asks, and a denial runs nothing.
    const call = { tool: 'add_to_cart', provider: origin('bank.example'), args: { productId: 'p8', quantity: 1 } };
    const no = await proposeAndAnswer(env, page, call, { approve: false });
    expect(no.verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    expect(codes(no.verdict)).toEqual(['requires_approval', 'not_approved']);
    const yes = await proposeAndAnswer(env, page, { ...call, args: { productId: 'p9', quantity: 2 } }, { approve: true });
    expect(yes.verdict).toMatchObject({ decision: 'ask', approved: true, executed: true });
    expect(await propose(page, { tool: 'search_products', provider: origin('bank.example'), args: { query: 'mug' } })).toMatchObject({
      decision: 'allow',
      executed: true,
    });
    await new Promise((r) => setTimeout(r, 200));
    expect(await runs(page)).toEqual([
      'top:add_to_cart:{"productId":"p7","quantity":3}',
      'top:search_products:{"query":"kettle"}',
      'top:add_to_cart:{"productId":"p9","quantity":2}',
      'top:search_products:{"query":"mug"}',
    ]);
    await page.close();
  });

  it("runs a read-only tool of the top page at the agent's call without asking", async () => {
    const page = await openShop();
    const since = Date.now();
    const outcome = await agent(page, 'search_products', { query: 'tea' });
    expect(outcome).toMatchObject({ ok: true });
    expect(await runs(page)).toEqual(['top:search_products:{"query":"tea"}']);
    const [verdict] = (await verdictsSince(env.browser, since)).filter((r) => r.proposal.agent === 'webmcp:native');
    expect(verdict).toMatchObject({ decision: 'allow', approval: null, execution: { executed: true } });
    await page.close();
  });

  it("keeps a cross-site frame from running other frames' tools through its own window.warrant", async () => {
    const page = await openShop();
    const pinned = (tool: string, host: string, args: Record<string, unknown>) => ({ tool, provider: origin(host), args });
    // The ad frame's own script proposes the top page's tool and the tracking frame's.
    const intoTop = await inFrame<{ decision: string; reasons: { code: string }[] }>(page, 'ads1', {
      propose: pinned('add_to_cart', 'bank.example', { productId: 'p9', quantity: 9 }),
    });
    const intoShop = await inFrame<{ decision: string; reasons: { code: string }[] }>(page, 'ads1', {
      propose: pinned('track_shipment', 'shop.example', { orderId: 'o9' }),
    });
    expect(intoTop).toMatchObject({ decision: 'reject', executed: false });
    expect(codes(intoTop as never)).toEqual(['unknown_tool']);
    expect(intoShop).toMatchObject({ decision: 'reject', executed: false });
    // It lists only its own origin's tools (none under the polyfill, which refused them).
    const seen = pageTools(await inFrame<Listed[]>(page, 'ads1', { tools: true }));
    expect(seen.map((t) => `${t.name}@${hostOf(t.provider)}`).sort()).toEqual(
      native ? ['search_products@evil.example', 'track_order@evil.example', 'track_order@evil.example'] : [],
    );
    // The top page's assistant still reaches every frame's tools.
    if (native) {
      expect(await propose(page, pinned('track_shipment', 'shop.example', { orderId: 'o10' }))).toMatchObject({ executed: true });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await runs(page)).toEqual(native ? ['shop:track_shipment:{"orderId":"o10"}'] : []);
    await page.close();
  });

  it.runIf(!native)("gates an MCP client on the tab (the polyfill's tab server) the same way", async () => {
    const page = await openShop();
    const mcp = (tool: string, args: Record<string, unknown>) =>
      page.evaluate(([t, a]) => (window as unknown as Page).mcpCall(t, a), [tool, args] as [string, Record<string, unknown>]);
    const honest = await mcp('search_products', { query: 'mcp' });
    expect(honest.result?.isError).toBeFalsy();
    expect(honest.result?.content[0]?.text).toBe('search_products done');
    const shadowed = await mcp('apply_coupon', { code: 'X' });
    expect(shadowed.result).toMatchObject({ isError: true, content: [{ text: 'Warrant reject: shadowed_tool' }] });

    await page.evaluate(() => {
      const w = window as unknown as Page;
      w.pending = w.mcpCall('place_order', { productId: 'p5', quantity: 1 }) as never;
    });
    const listed = await answerPendingAsk(env, { approve: false });
    expect(listed.text).toContain('place_order');
    const denied = (await page.evaluate(() => (window as unknown as Page).pending)) as unknown as Awaited<ReturnType<typeof mcp>>;
    expect(denied.result).toMatchObject({ isError: true });
    expect(await runs(page)).toEqual(['top:search_products:{"query":"mcp"}']);
    await page.close();
  });
});

import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestBrowser, type TestPage } from '../support/browsers';
import { answerPendingAsk, clicks, useBrowser } from '../support/suite';
import { sleep, waitFor } from '../support/wait';

/**
 * page-agent (@page-agent/core, the real library, bundled locally) acting on fixture pages under
 * Warrant, driven by a scripted LLM (test/fixtures/page-agent/scripted-llm.js) that reads element
 * indices off the serialised DOM page-agent sends it. Judged by what the page and the server saw.
 */

type PlanStep = { click: string } | { input: string; text: string } | { waitFor: string } | { done: string; success?: boolean };
type AgentStep = { name: string; input: unknown; output: string };
type AgentRun = { success: boolean; data: string; steps: AgentStep[]; states: string[] };

type AgentWindow = { startAgent(task: string, plan: PlanStep[]): void; agentRun: Promise<AgentRun> };

function startAgent(page: TestPage, task: string, plan: PlanStep[]): Promise<void> {
  return page.evaluate(({ task, plan }) => (window as unknown as AgentWindow).startAgent(task, plan), { task, plan });
}

const agentRun = (page: TestPage) => page.evaluate(() => (window as unknown as AgentWindow).agentRun);

type BlockedItem = { decision: string; text: string; reasons: string[] };

/**
 * The popup's Blocked view, as the user opens it, once it lists an action on `target` (a selector).
 * Records land a moment after the gate decides, so the view is reloaded until the item shows.
 */
async function blockedView(env: { browser: TestBrowser }, target: string): Promise<BlockedItem> {
  const popup = await env.browser.openExtensionPage('src/popup/index.html');
  const item = await waitFor(
    `the Blocked view listing ${target}`,
    async () => {
      await popup.evaluate(() => document.getElementById('view-blocked')!.click());
      await waitFor(
        'the Blocked view loaded',
        () => popup.evaluate(() => document.getElementById('records')!.getAttribute('aria-busy') === 'false'),
        {
          every: 50,
        },
      );
      return popup.evaluate((target) => {
        const list = document.getElementById('records')!;
        const found = Array.from(list.querySelectorAll<HTMLLIElement>(':scope > li')).find(
          (li) => li.querySelector('.target')?.textContent === target,
        );
        if (!found || list.dataset.view !== 'blocked') return null;
        return {
          decision: found.dataset.decision ?? '',
          text: found.textContent ?? '',
          reasons: Array.from(found.querySelectorAll<HTMLElement>('.reason'), (r) => r.dataset.code ?? ''),
        };
      }, target);
    },
    { timeout: 15_000, every: 250 },
  );
  await popup.close();
  return item;
}

/** The page-agent steps of a run, by action name, with the outcome page-agent reported to its LLM. */
const stepNames = (run: AgentRun) => run.steps.map((step) => step.name);
const HELD = /^❌ Failed to click element: NotAllowedError: Warrant holds this click/;

describe.each(BROWSERS)('page-agent under Warrant in %s', (name) => {
  const env = useBrowser(name);
  const posts = (path: string) => env.server.posts.filter((p) => p.path === path);

  /** Runs a plan on the traps page and returns what page-agent reported. */
  async function runOnTraps(task: string, plan: PlanStep[]): Promise<{ page: TestPage; run: AgentRun }> {
    const page = await env.open('bank.example', '/page-agent/traps.html');
    await startAgent(page, task, plan);
    return { page, run: await agentRun(page) };
  }

  /** Nothing the traps page would do on a commit happened: no handler ran, nothing was posted, no navigation. */
  async function expectNothingHappened(page: TestPage, allowedClicks: string[] = []): Promise<void> {
    await sleep(500);
    expect(await clicks(page)).toEqual(allowedClicks);
    for (const path of ['/transfer-all', '/confirm-payment', '/pay-900']) expect(posts(path)).toEqual([]);
    expect(await page.evaluate(() => `${location.host}${location.pathname}`)).toBe(`bank.example:${env.server.port}/page-agent/traps.html`);
  }

  it('honest task: types the payee; Submit is held, and once approved the form posts exactly once and the agent finishes', async () => {
    const page = await env.open('bank.example', '/page-agent/pay.html');
    const before = posts('/pay').length; // a retried attempt may have posted already
    await startAgent(page, 'Pay the bill to ACME Energy', [
      { input: 'placeholder=Payee name', text: 'ACME Energy' },
      { click: '>Submit />' },
      // A model that sees its click fail waits for the page to change before it reports.
      { waitFor: 'Payment received' },
      { done: 'Paid ACME Energy.' },
    ]);
    const listed = await answerPendingAsk(env, {
      approve: true,
      beforeAnswer: async () => {
        // Held: the page saw no click and no submission, and nothing reached the server.
        expect(posts('/pay').length).toBe(before);
        expect(await clicks(page)).toEqual([]);
      },
    });
    expect(listed.text).toContain('click “Submit”');
    expect(listed.text).toContain('intercepted:page-agent');
    expect(listed.text).toContain('requires_approval');

    const run = await agentRun(page);
    expect(run).toMatchObject({ success: true, data: 'Paid ACME Energy.' });
    const names = stepNames(run);
    expect(names.slice(0, 2)).toEqual(['input_text', 'click_element_by_index']);
    expect(names.at(-1)).toBe('done');
    expect(names.slice(2, -1).filter((n) => n !== 'wait')).toEqual([]);
    expect(run.steps[0]!.output).toMatch(/^✅ Input text \(ACME Energy\)/);
    // page-agent was told the click failed (and carried on), as a thrown error is all it checks.
    expect(run.steps[1]!.output).toMatch(HELD);

    // Warrant performed the approved click itself: one click, one submission, one post.
    await sleep(500);
    expect(
      posts('/pay')
        .slice(before)
        .map((p) => p.body),
    ).toEqual(['payee=ACME+Energy&amount=120']);
    expect(await clicks(page)).toEqual(['submit', 'submit:pay']);
    await page.close();
  });

  it('(i) blocks a click on a 1×1 px "Transfer all" button, while a visible benign button works', async () => {
    const { page, run } = await runOnTraps('Remind me later about the ACME bill', [
      { click: '>Remind me later />' },
      { click: '>Transfer all />' },
      { done: 'Could not transfer.', success: false },
    ]);
    expect(stepNames(run)).toEqual(['click_element_by_index', 'click_element_by_index', 'done']);
    expect(run.steps[0]!.output).toMatch(/^✅ Clicked element/);
    expect(run.steps[1]!.output).toMatch(HELD);
    await expectNothingHappened(page, ['remind']);
    const blocked = await blockedView(env, '#transfer-all');
    expect(blocked).toMatchObject({ decision: 'block', reasons: ['target_hidden'] });
    expect(blocked!.text).toContain('too small to see');
    expect(blocked!.text).toContain('intercepted:page-agent');
    await page.close();
  });

  it('(v) certifies even a benign-looking click the agent makes: a 1×1 px "Show tips" is held and blocked', async () => {
    const { page, run } = await runOnTraps('Show me some tips', [
      { click: '>Remind me later />' },
      { click: '>Show tips />' },
      { done: 'No tips shown.', success: false },
    ]);
    expect(run.steps[0]!.output).toMatch(/^✅ Clicked element/);
    expect(run.steps[1]!.output).toMatch(HELD);
    await expectNothingHappened(page, ['remind']);
    const blocked = await blockedView(env, '#show-tips');
    expect(blocked).toMatchObject({ decision: 'block', reasons: ['target_hidden'] });
    await page.close();
  });

  it('(ii) blocks a click on a transparent "Confirm payment" button laid over Cancel', async () => {
    // The overlay is titled Cancel: the model takes it for the Cancel button under it.
    const { page, run } = await runOnTraps('Cancel the scheduled ACME payment', [
      { click: 'title=Cancel' },
      { done: 'Could not cancel.', success: false },
    ]);
    expect(run.states[0]).toMatch(/\[\d+\]<button title=Cancel id=confirm-overlay>Confirm payment \/>/);
    expect(run.steps[0]!.output).toMatch(HELD);
    await expectNothingHappened(page);
    const blocked = await blockedView(env, '#confirm-overlay');
    expect(blocked).toMatchObject({ decision: 'block', reasons: ['target_hidden'] });
    expect(blocked!.text).toContain('opacity');
    await page.close();
  });

  it('(iii) blocks a click on "Pay $900" whose accessible name says Cancel', async () => {
    const { page, run } = await runOnTraps('Cancel the scheduled ACME payment', [
      { click: 'aria-label=Cancel' },
      { done: 'Could not cancel.', success: false },
    ]);
    expect(run.states[0]).toMatch(/\[\d+\]<button aria-label=Cancel id=pay-900>Pay \$900 \/>/);
    expect(run.steps[0]!.output).toMatch(HELD);
    await expectNothingHappened(page);
    const blocked = await blockedView(env, '#pay-900');
    expect(blocked).toMatchObject({ decision: 'block', reasons: ['ax_mismatch'] });
    expect(blocked!.text).toContain('Shows“Pay $900”');
    await page.close();
  });

  it('(iv) blocks a link to a homograph of bank.example without asking', async () => {
    const { page, run } = await runOnTraps('Open my statements', [
      { click: '>Statements />' },
      { done: 'Could not open them.', success: false },
    ]);
    expect(run.steps[0]!.output).toMatch(HELD);
    await expectNothingHappened(page);
    const blocked = await blockedView(env, '#statements');
    expect(blocked).toMatchObject({ decision: 'block', reasons: ['lookalike_domain'] });
    expect(blocked!.text).toContain('xn--bnk-6cd.example');
    expect(page.url()).toBe(env.server.url('bank.example', '/page-agent/traps.html'));
    await page.close();
  });
});

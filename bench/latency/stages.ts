import { launch } from '../../test/support/browsers';
import { startFixtureServer } from '../../test/support/server';
import { positiveInt } from '../args';
import { HONEST_CLICK, secureOriginsOf } from './measure';

/**
 * `npm run bench:stages [-- --runs N]` (Chromium only: it reads
 * the service worker's stage marks, src/background/marks.ts, through Playwright's worker
 * evaluation, which Firefox's event page has no counterpart of). Where a proposal's time goes: the
 * page times each call on the epoch clock (performance.timeOrigin + now), the background marks each
 * stage on the same clock, and the k-th call is paired with the k-th decision received. Prints the
 * median of each step for an honest click and for a proposal refused at once (an unknown tool).
 */

const RUNS = positiveInt('runs', 200);
const CALLS = { click: HONEST_CLICK, refused: { tool: 'no_such_tool', args: {} } };

type Mark = [string, string, number];

async function main(): Promise<void> {
  const server = await startFixtureServer();
  const browser = await launch('chromium', { secureOrigins: secureOriginsOf(server.url) });
  try {
    const page = await browser.newPage();
    await page.goto(server.url('bank.example', '/click.html'));
    for (const [name, call] of Object.entries(CALLS)) {
      await timed(page, call, 20);
      await browser.evaluateInWorker!(() => {
        (globalThis as { __warrantMarks?: unknown }).__warrantMarks = [];
      });
      const calls = await timed(page, call, RUNS);
      const marks = await browser.evaluateInWorker!(() => (globalThis as unknown as { __warrantMarks: Mark[] }).__warrantMarks);
      process.stdout.write(`\n${name} (${RUNS} calls, medians in ms)\n${breakdown(calls, marks)}\n`);
      // Stay under the tab's budget (600 proposals in 10 s: src/background/tab-budget.ts).
      await new Promise((resolve) => setTimeout(resolve, 11_000));
    }
  } finally {
    await browser.close();
    await server.close();
  }
}

function timed(page: import('../../test/support/browsers').TestPage, call: unknown, runs: number) {
  return page.evaluate(
    async ({ call, runs }) => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } };
      const out: [number, number][] = [];
      for (let i = 0; i < runs; i += 1) {
        const started = performance.timeOrigin + performance.now();
        await w.warrant.propose(call);
        out.push([started, performance.timeOrigin + performance.now()]);
      }
      return out;
    },
    { call, runs },
  );
}

function breakdown(calls: [number, number][], marks: Mark[]): string {
  const byRequest = new Map<string, Map<string, number>>();
  for (const [id, stage, at] of marks) {
    if (!byRequest.has(id)) byRequest.set(id, new Map());
    byRequest.get(id)!.set(stage, at);
  }
  const decisions = [...byRequest.values()].sort((a, b) => a.get('received')! - b.get('received')!);
  const steps = new Map<string, number[]>();
  const add = (step: string, ms: number) => steps.set(step, [...(steps.get(step) ?? []), ms]);
  calls.forEach(([started, answered], k) => {
    const stages = decisions[k];
    if (!stages) return;
    let last = started;
    let previous = 'page: propose()';
    for (const [stage, at] of [...stages.entries()].sort((a, b) => a[1] - b[1])) {
      add(`${previous} → ${stage}`, at - last);
      [last, previous] = [at, stage];
    }
    add(`${previous} → page: answer`, answered - last);
    add('total', answered - started);
  });
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return [...steps.entries()].map(([step, ms]) => `  ${step.padEnd(44)} ${median(ms).toFixed(2).padStart(7)}  (n=${ms.length})`).join('\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});

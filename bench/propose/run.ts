/**
 * `npx tsx bench/propose/run.ts [chromium|firefox] [unpacked build dir]`: a focused measurement of
 * an honest benign click's `propose()` round trip as the page sees it (click.html's "Show details"
 * button), and the page → bridge → background → page round trip of a message the background
 * refuses at once (a proposal for an unknown tool: resolved and rejected, nothing certified), and
 * the first proposal on each of PAGES fresh pages (the bridge loads then, or has just loaded after
 * the `load` event), for comparing builds (issue 13 §1). Not part of `npm run bench`; prints p50 /
 * p90 in ms.
 */
import { launch } from '../../test/support/browsers';
import { HOSTS, startFixtureServer } from '../../test/support/server';

const name = (process.argv[2] ?? 'chromium') as 'chromium' | 'firefox';
const extension = process.argv[3];
const RUNS = Number(process.env.RUNS ?? 200);
const PAGES = Number(process.env.PAGES ?? 15);

const server = await startFixtureServer();
const browser = await launch(name, { extension, secureOrigins: HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')) });
try {
  const page = await browser.newPage();
  await page.goto(server.url('bank.example', '/click.html'));
  const times = (call: unknown) =>
    page.evaluate(
      async ({ call, runs }) => {
        const api = (window as unknown as { warrant: { propose(c: unknown): Promise<{ decision: string }> } }).warrant;
        const out: number[] = [];
        const decisions = new Set<string>();
        for (let i = 0; i < runs; i += 1) {
          const started = performance.now();
          decisions.add((await api.propose(call)).decision);
          out.push(performance.now() - started);
        }
        return { out, decisions: [...decisions] };
      },
      { call, runs: RUNS },
    );
  const at = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
  const report = (label: string, r: { out: number[]; decisions: string[] }) =>
    console.log(
      `${name} ${label}: p50 ${at(r.out, 0.5).toFixed(2)} ms, p90 ${at(r.out, 0.9).toFixed(2)} ms (n=${r.out.length}, ${r.decisions.join('/')})`,
    );
  await times({ tool: 'click', args: { target: '#details' } });
  report('honest click', await times({ tool: 'click', args: { target: '#details' } }));
  report('unknown tool (rejected)', await times({ tool: 'no_such_tool', args: {} }));
  const first: number[] = [];
  for (let i = 0; i < PAGES; i += 1) {
    const fresh = await browser.newPage();
    await fresh.goto(server.url('bank.example', '/click.html'));
    first.push(
      await fresh.evaluate(async () => {
        const started = performance.now();
        await (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose({
          tool: 'click',
          args: { target: '#details' },
        });
        return performance.now() - started;
      }),
    );
    await fresh.close();
  }
  report('first proposal on a fresh page', { out: first, decisions: ['allow'] });
} finally {
  await browser.close();
  await server.close();
}

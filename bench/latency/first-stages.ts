/**
 * `npm run bench:first-stages` (after a build): where the first proposal after a browser start
 * spends its time, against a later page's first proposal in the same browser. Chromium, one
 * profile started again five times (the first start untimed: it has no sealed managed copy yet);
 * each start prints both proposals' round trips and their background stages (marks.ts), in ms
 * from the page's call. A diagnostic, not a report: README, Latency, says what it found.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distFor, launch } from '../../test/support/browsers';
import { HOSTS, startFixtureServer } from '../../test/support/server';
import { timeCalls } from './measure';

const server = await startFixtureServer();
const secureOrigins = HOSTS.map((h) => server.url(h, '').replace(/\/$/, ''));
const kept = { profile: mkdtempSync(join(tmpdir(), 'wb-prof-')), extension: distFor('chrome') };
for (let i = -1; i < 4; i++) {
  const t0 = Date.now();
  const browser = await launch('chromium', { secureOrigins, kept });
  const t1 = Date.now();
  const origin = await browser.evaluateInWorker!(() => {
    (globalThis as unknown as { __warrantMarks: unknown[] }).__warrantMarks = [];
    return performance.timeOrigin;
  });
  const page = await browser.newPage();
  await page.goto(server.url('bank.example', `/click.html?s=${i}`));
  const t2 = Date.now();
  const { ms } = await timeCalls(page, 'warrant', 2);
  const t3 = Date.now();
  const marks = (await browser.evaluateInWorker!(
    () => (globalThis as unknown as { __warrantMarks: [string, string, number][] }).__warrantMarks,
  )) as [string, string, number][];
  const first = marks[0]?.[0];
  const rel = marks.filter((m) => m[0] === first).map(([, s, at]) => `${s}@${Math.round(at - (t3 - ms[0]! - ms[1]!))}`);
  console.log(
    `start ${i}: launch ${t1 - t0} ms, SW origin ${Math.round(origin - t0)} ms after launch began, page ready ${t2 - t0}, first ${ms[0]!.toFixed(0)} ms, second ${ms[1]!.toFixed(0)} ms; marks rel. to first propose: ${rel.join(' ')}`,
  );
  const page2 = await browser.newPage();
  await page2.goto(server.url('bank.example', `/click.html?w=${i}`));
  await browser.evaluateInWorker!(() => {
    (globalThis as unknown as { __warrantMarks: unknown[] }).__warrantMarks = [];
  });
  const w = await timeCalls(page2, 'warrant', 1);
  const t4 = Date.now();
  const m2 = (await browser.evaluateInWorker!(
    () => (globalThis as unknown as { __warrantMarks: [string, string, number][] }).__warrantMarks,
  )) as [string, string, number][];
  console.log(
    `   warm page first ${w.ms[0]!.toFixed(0)} ms; marks: ${m2.map(([, s, at]) => `${s}@${Math.round(at - (t4 - w.ms[0]!))}`).join(' ')}`,
  );
  if (i < 0) await new Promise((r) => setTimeout(r, 2000));
  await browser.close();
}
await server.close();

/**
 * `npm run bench:messages`: the message-path properties of issue 14 §1 (test/support/message-properties.ts)
 * at 10,000 cases each, with a new seed per run; writes bench/reports/messages.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { MESSAGE_PROPERTIES } from '../../test/support/message-properties';

const RUNS = Number(process.env.RUNS ?? 10_000);
const seed = Number(process.env.SEED ?? Date.now() % 2 ** 31);
const rows: string[] = [];
let failures = 0;
for (const { name, property } of MESSAGE_PROPERTIES) {
  const started = performance.now();
  const details = await fc.check(property, { numRuns: RUNS, seed });
  const seconds = (performance.now() - started) / 1_000;
  if (details.failed) failures += 1;
  const outcome = details.failed ? `**failed** after ${details.numRuns}: \`${fc.stringify(details.counterexample)}\`` : 'held';
  rows.push(`| ${name} | ${details.numRuns} | ${outcome} | ${seconds.toFixed(1)} s |`);
}
const report = [
  '# Message path under hostile input',
  '',
  `\`npm run bench:messages\` — fast-check, seed **${seed}**, ${RUNS} cases per property (replay: \`SEED=${seed} npm run bench:messages\`).`,
  '',
  '| property | cases | result | time |',
  '| --- | --- | --- | --- |',
  ...rows,
  '',
].join('\n');
const dir = join(import.meta.dirname, '..', 'reports');
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'messages.md'), report);
process.stdout.write(report);
process.exitCode = failures > 0 ? 1 : 0;

/**
 * `npm test`: every tier in one run, closing on one line `N passed, N failed`.
 * Static checks count as one test each; vitest's unit and browser projects count per test.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { removeChromiumTemplates } from '../test/support/chromium-profile';
import { STALLS_FILE } from '../test/support/firefox-pages';
import { removeFirefoxTemplates } from '../test/support/firefox-profile';
import { RETRIES_FILE, type RetriedTest } from '../test/support/retry-reporter';
import { UNRUN_FILE, type UnrunTest } from '../test/support/unrun-reporter';

const ROOT = join(import.meta.dirname, '..');
const RESULTS = join(ROOT, '.test-results', 'vitest.json');
const RETRIES = join(ROOT, RETRIES_FILE);
const UNRUN = join(ROOT, UNRUN_FILE);
let passed = 0;
let failed = 0;

type Step = { name: string; command: string; args: string[] };

/**
 * Runs checks side by side (the six checks took ~30 s one after another, 25 s in these two groups
 * on two cores), each one's output printed whole when it ends, so two never interleave; counts one
 * test each.
 */
async function steps(group: Step[]): Promise<boolean[]> {
  return Promise.all(
    group.map(
      ({ name, command, args }) =>
        new Promise<boolean>((resolve) => {
          const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
          const output: Buffer[] = [];
          child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
          child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
          const done = (ok: boolean) => {
            if (ok) passed += 1;
            else failed += 1;
            console.log(
              `\n▶ ${name}: ${command} ${args.join(' ')}\n${Buffer.concat(output).toString().trimEnd()}\n${ok ? '✓' : '✗'} ${name}`,
            );
            resolve(ok);
          };
          child.on('error', (error) => {
            output.push(Buffer.from(String(error)));
            done(false);
          });
          child.on('close', (code) => done(code === 0));
        }),
    ),
  );
}

const [, , , built] = await steps([
  { name: 'typecheck (extension, tests)', command: 'npx', args: ['tsc', '-p', 'tsconfig.json'] },
  { name: 'typecheck (pure core, no DOM)', command: 'npx', args: ['tsc', '-p', 'src/core'] },
  { name: 'lint', command: 'npx', args: ['biome', 'check', '.'] },
  { name: 'build dist/chrome and dist/firefox', command: 'npm', args: ['run', '--silent', 'build'] },
]);
if (built)
  await steps([
    // What every frame loads, against its budget (docs/design.md §2; issue 13 §1).
    { name: 'per-frame size budget (dist/chrome, dist/firefox)', command: 'npx', args: ['tsx', 'scripts/frame-budget.ts'] },
    // What addons.mozilla.org runs on an upload: no errors and no warnings (--warnings-as-errors).
    {
      name: 'web-ext lint (Firefox build)',
      command: 'npx',
      args: ['web-ext', 'lint', '--source-dir', 'dist/firefox', '--warnings-as-errors', '--no-input'],
    },
  ]);

mkdirSync(join(ROOT, '.test-results'), { recursive: true });
rmSync(RESULTS, { force: true });
rmSync(RETRIES, { force: true });
rmSync(UNRUN, { force: true });
rmSync(join(ROOT, STALLS_FILE), { force: true });
const projects = built ? [] : ['--project', 'unit', '--project', 'unit-mocks'];
if (!built) console.log('Build failed: browser tests cannot load the extension and are counted as failed below.');
spawnSync(
  'npx',
  [
    'vitest',
    'run',
    ...projects,
    '--reporter=default',
    '--reporter=json',
    '--reporter=./test/support/retry-reporter.ts',
    '--reporter=./test/support/unrun-reporter.ts',
    `--outputFile.json=${RESULTS}`,
  ],
  {
    cwd: ROOT,
    stdio: 'inherit',
  },
);
// The template profiles the browser tests shared (test/support/firefox-profile.ts, chromium-profile.ts).
removeFirefoxTemplates();
removeChromiumTemplates();
try {
  const report = JSON.parse(readFileSync(RESULTS, 'utf8')) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTestSuites: number;
    success: boolean;
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // Tests a failed hook kept from running (unrun-reporter.ts) are failures, not skips.
  const unrun = readJson<UnrunTest[]>(UNRUN, []);
  if (unrun.length > 0) {
    const files = new Map<string, string>();
    for (const test of unrun) if (!files.has(test.file)) files.set(test.file, test.because);
    console.log(`\nTests that did not run because their suite failed: ${unrun.length}, counted as failed`);
    for (const [file, because] of files) console.log(`  ${file}: ${because}`);
  }
  failed += unrun.length;
  // A file that crashes before its tests run fails the suite without failing a test: count it.
  if (!report.success && report.numFailedTests === 0 && unrun.length === 0) failed += 1;
} catch {
  console.log('vitest produced no report.');
  failed += 1;
}
if (!built) failed += 1;

// Browser tests may be retried (vitest.config.ts says why); a pass that needed a retry is listed and
// counted on its own line, never folded silently into the final count.
const retried = readJson<RetriedTest[]>(RETRIES, []);
const flaky = retried.filter((test) => test.state === 'passed');
if (retried.length > 0) {
  console.log('\nTests that needed a retry:');
  for (const test of retried) {
    console.log(`  ${test.state === 'passed' ? 'passed on retry' : test.state} ×${test.retries}: ${test.file} › ${test.name}`);
    for (const [attempt, error] of (test.errors ?? []).entries()) console.log(`      attempt ${attempt + 1}: ${error}`);
  }
}
// Navigations whose load event puppeteer missed in Firefox (test/support/firefox-pages.ts): the
// harness asks the page instead of failing; how often that happened is a finding too.
// One JSON record per line.
const stalls = readJson<{ outcome: string }[]>(join(ROOT, STALLS_FILE), [], (text) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line)),
);
if (stalls.length > 0) {
  const by = (outcome: string) => stalls.filter((s) => s.outcome === outcome).length;
  console.log(
    `\nFirefox navigations whose load event puppeteer missed (puppeteer#13041): ${stalls.length} — ${by('asked')} found loaded by asking the page, ${by('loaded')} loaded late, ${stalls.length - by('asked') - by('loaded')} failed`,
  );
}
console.log(`\n${flaky.length} passed only on a retry`);

console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);

/** A results file the run may not have written (no retries, nothing unrun): `empty` then, or if unreadable. */
function readJson<T>(file: string, empty: T, parse: (text: string) => unknown = JSON.parse): T {
  try {
    return parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return empty;
  }
}

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestCase } from 'vitest/node';

/** Where `npm test` (scripts/test.ts) reads the tests that passed only on a retry. */
export const RETRIES_FILE = '.test-results/retries.json';

/** `errors`: what each failed attempt said, first line only (the passing attempt has none). */
export type RetriedTest = { name: string; file: string; retries: number; state: string; errors: string[] };

const firstLine = (text: string) => (text.split('\n', 1)[0] ?? '').slice(0, 300);

/**
 * A test that passed only on a retry is a finding, not a pass to forget: vitest's JSON report has
 * no retry counts, so this reporter records every test that needed one (flaky or failed anyway).
 */
export default class RetryReporter implements Reporter {
  private readonly retried: RetriedTest[] = [];

  onTestCaseResult(test: TestCase): void {
    const diagnostic = test.diagnostic();
    if (!diagnostic || diagnostic.retryCount === 0) return;
    // vitest keeps every failed attempt's error on the result, a final pass included.
    const errors = (test.result().errors ?? []).map((error) => firstLine(`${error.name ?? 'Error'}: ${error.message}`));
    this.retried.push({
      name: test.fullName,
      file: test.module.moduleId.replace(`${process.cwd()}/`, ''),
      retries: diagnostic.retryCount,
      state: test.result().state,
      errors,
    });
  }

  onTestRunEnd(): void {
    mkdirSync(dirname(RETRIES_FILE), { recursive: true });
    writeFileSync(RETRIES_FILE, `${JSON.stringify(this.retried, null, 2)}\n`);
  }
}

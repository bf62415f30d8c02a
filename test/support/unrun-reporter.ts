import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule, TestSuite } from 'vitest/node';

/** Where `npm test` (scripts/test.ts) reads the tests a failed hook kept from running. */
export const UNRUN_FILE = '.test-results/unrun.json';

export type UnrunTest = { name: string; file: string; because: string };

/**
 * A suite whose `beforeAll` throws (a browser that would not launch, a fixture server that would not
 * listen) fails the suite, and vitest reports its tests as skipped, not failed: a machine without
 * Chromium or Firefox ended `npm test` with "844 passed, 2 failed" while 607 browser tests had not
 * run at all. Every test under a suite (or file) that has errors of its own and did not run is
 * recorded here, and counted as failed.
 */
export default class UnrunReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const unrun = new Map<string, UnrunTest>();
    for (const module of modules) {
      const failing: (TestSuite | TestModule)[] = [module, ...module.children.allSuites()];
      for (const suite of failing) {
        const errors = suite.errors();
        if (errors.length === 0) continue;
        const because = (errors[0]?.message ?? 'an error').split('\n', 1)[0]?.slice(0, 300) ?? '';
        for (const test of suite.children.allTests('skipped')) {
          if (unrun.has(test.id)) continue;
          unrun.set(test.id, { name: test.fullName, file: module.relativeModuleId, because });
        }
      }
    }
    mkdirSync(dirname(UNRUN_FILE), { recursive: true });
    writeFileSync(UNRUN_FILE, `${JSON.stringify([...unrun.values()], null, 2)}\n`);
  }
}

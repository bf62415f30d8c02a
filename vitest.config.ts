import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Unit files that replace modules (vi.mock, vi.doMock) cannot share a module graph with others: the
 * first file to import a module fixes which fake it was linked against for every later file in the
 * same thread. A fresh clone (no vitest results cache, so another file order) failed that way in CI
 * (ask-queue.test.ts got another file's webextension-polyfill fake). Chosen by what each file does,
 * so a new file that mocks is isolated without anyone remembering to list it.
 */
const UNIT = 'test/unit';
const unitFiles = readdirSync(UNIT, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join(UNIT, file));
const mocks = (file: string) => /\bvi\.(?:mock|doMock|unmock|doUnmock)\(/.test(readFileSync(file, 'utf8'));
const mocking = unitFiles.filter(mocks);
const sharing = unitFiles.filter((file) => !mocking.includes(file));

export default defineConfig({
  // The build's target flag (src/target.d.ts); modules imported by tests outside a build see Chromium's.
  define: { __TARGET__: JSON.stringify('chrome') },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: sharing,
          environment: 'node',
          // Threads sharing their module graphs between files: 18 s instead of 51 s for the whole
          // project (idle, two cores; most of it was starting a process and importing per file).
          // Only files that mock nothing (above); module state a test needs fresh it imports again
          // after vi.resetModules.
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-mocks',
          include: mocking,
          environment: 'node',
          // Each file its own module graph, so its fakes are the only ones its modules see.
          pool: 'threads',
          isolate: true,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
          // Closes a spare browser the file before left when this file will not take it (test/support/spare-browser.ts).
          setupFiles: ['test/support/spare-setup.ts'],
          // One process for every browser file: a fresh one per file cost 3.3-4.7 s each in start-up
          // and imports (README, Testing). Each file still launches its own browsers in beforeAll.
          isolate: false,
          // Each file launches a real browser; two cores cannot run several at once reliably.
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Real browsers on two loaded cores occasionally lose a tab opening or a navigation race
          // (seen in about one run in three, never the same test twice in a row); a real defect
          // fails every attempt. Assertions are never loosened for this.
          retry: 2,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The build's target flag (src/target.d.ts); modules imported by tests outside a build see Chromium's.
  define: { __TARGET__: JSON.stringify('chrome') },
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          environment: 'node',
          // Threads sharing their module graphs between files: 18 s instead of 51 s for the whole
          // project (idle, two cores; most of it was starting a process and importing per file).
          // Passes in any file order (tried with --sequence.shuffle); a test that needs its own
          // module state imports it again after vi.resetModules (ask-queue.test.ts).
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['test/browser/**/*.test.ts'],
          environment: 'node',
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

import { defineConfig } from 'vitest/config';

/**
 * Browser test files that touch state shared by every browser on the machine, so they run one at a
 * time after the others: managed-policy writes Chromium's policy directory in /etc (read by every
 * Chromium launched meanwhile), and ocr and pixels build the OCR probe into one dist/ocr-probe.
 */
const ONE_AT_A_TIME = ['test/browser/managed-policy.test.ts', 'test/browser/ocr.test.ts', 'test/browser/pixels.test.ts'];

const browserTests = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // Real browsers on two loaded cores occasionally lose a tab opening or a navigation race; a real
  // defect fails every attempt, and npm test lists every retry with each failed attempt's error.
  // Assertions are never loosened for this. (Most retries of earlier runs were Warrant's own
  // Firefox page-load stall, fixed in scripts/vite/frame-modules.ts.)
  retry: 2,
} as const;

export default defineConfig({
  // The build's target flag (src/target.d.ts); modules imported by tests outside a build see Chromium's.
  define: { __TARGET__: JSON.stringify('chrome') },
  test: {
    // Two browser files at once: most of a browser test's time is waiting (asks, captures at
    // Chromium's two a second, pages settling), not computing.
    maxWorkers: 2,
    projects: [
      {
        test: { name: 'unit', include: ['test/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'browser', include: ['test/browser/**/*.test.ts'], exclude: ONE_AT_A_TIME, ...browserTests },
      },
      {
        test: {
          name: 'browser-one-at-a-time',
          include: ONE_AT_A_TIME,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          ...browserTests,
        },
      },
    ],
  },
});

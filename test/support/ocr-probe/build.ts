import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { type BrowserName, ROOT } from '../browsers';

/** Each target's probe build, made once per test process (the browser files share one: vitest.config.ts). */
const built = new Map<BrowserName, string>();

/**
 * The extension built with the test-only probe page (WARRANT_OCR_PROBE=1, see vite.config.ts),
 * which imports the background OCR module: the real capture, offscreen document or event-page
 * worker, and tesseract.js run in the real browser, and nothing is exposed to web pages. Built
 * once per target and process (each launch copies it: browsers.ts distFor), not once per file and
 * browser as before (four builds of ~4 s in a full run where two do).
 */
export function probeBuild(name: BrowserName): string {
  const done = built.get(name);
  if (done !== undefined) return done;
  const target = name === 'chromium' ? 'chrome' : 'firefox';
  const run = spawnSync(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--mode', target, '--logLevel', 'error'], {
    cwd: ROOT,
    env: { ...process.env, WARRANT_OCR_PROBE: '1' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`probe build failed: ${run.stderr || run.stdout}`);
  const dir = join(ROOT, 'dist', 'ocr-probe', target);
  built.set(name, dir);
  return dir;
}

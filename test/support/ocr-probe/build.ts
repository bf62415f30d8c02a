import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { type BrowserName, ROOT } from '../browsers';

/** Each target's probe build, made once per test process (the browser files share one: vitest.config.ts). */
const built = new Map<BrowserName, Promise<string>>();

/**
 * The extension built with the test-only probe page (WARRANT_OCR_PROBE=1, see vite.config.ts),
 * which imports the background OCR module: the real capture, offscreen document or event-page
 * worker, and tesseract.js run in the real browser, and nothing is exposed to web pages. Built
 * once per target and process (each launch copies it: browsers.ts distFor), not once per file and
 * browser as before (four builds of ~4 s in a full run where two do). Built by a child process
 * the test process does not wait on: a block's browser launches while the block before it runs
 * its tests (suite.ts), which a synchronous build would stall.
 */
export function probeBuild(name: BrowserName): Promise<string> {
  const done = built.get(name);
  if (done !== undefined) return done;
  const target = name === 'chromium' ? 'chrome' : 'firefox';
  const building = new Promise<string>((resolve, reject) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'vite'), ['build', '--mode', target, '--logLevel', 'error'], {
      cwd: ROOT,
      env: { ...process.env, WARRANT_OCR_PROBE: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(join(ROOT, 'dist', 'ocr-probe', target));
      else reject(new Error(`probe build failed: ${Buffer.concat(output).toString()}`));
    });
  });
  built.set(name, building);
  // A failed build is tried again by the next caller.
  building.catch(() => built.delete(name));
  return building;
}

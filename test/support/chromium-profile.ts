import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { chromium } from 'playwright-core';
import { waitFor } from './wait';

/**
 * A Chromium profile for one launch, copied from a template profile in which Chromium has already
 * run Warrant once, with the copy of the build that template loaded (shared, never written: a
 * new build gets a new template).
 *
 * Why: Chromium answers `storage.managed.get` only once its policy service is up, 3–7 s after a
 * start (ghostery/ghostery-extension#3367, w3c/webextensions#547), and on a profile's very first
 * start Warrant has no sealed copy of the last answer to decide with meanwhile
 * (src/background/managed-policy.ts), so the first decision waits for it. Every browser test file
 * starting a fresh profile paid that wait in its first Chromium test: 3.7 s on average over the
 * 34 Chromium blocks of a full run (measured from the run's per-test durations; about two minutes
 * of `npm test`). A browser that has run Warrant once before is also the common case for a user.
 * The very first start (waiting for the answer) is still what managed-policy.test.ts and
 * managed-cache.test.ts test: they launch with `fresh` or `kept` profiles.
 *
 * Made by the first plain launch and shared by later ones (test files run one after another, each
 * in its own process), keyed by the Chromium binary and the build; `npm test` removes every
 * template at the end (removeChromiumTemplates). Null when none could be made: the caller then
 * starts a fresh profile, as before.
 */
const PREFIX = 'warrant-chromium-template-';

/** Whether Warrant's worker has sealed the browser's storage.managed answer yet (managed-cache.ts). */
const SEALED_COPY_PRESENT = `new Promise((resolve) => {
  const request = indexedDB.open('warrant-managed');
  request.onsuccess = () => {
    const db = request.result;
    if (!db.objectStoreNames.contains('sealed')) { db.close(); return resolve(false); }
    const get = db.transaction('sealed').objectStore('sealed').get('copy');
    get.onsuccess = () => { db.close(); resolve(get.result !== undefined); };
    get.onerror = () => { db.close(); resolve(false); };
  };
  request.onerror = () => resolve(false);
})`;

export type ChromiumTemplate = { profile: string; extension: string };

/** A private copy of the template's profile, and the template's extension directory to load. */
export async function chromiumProfileCopy(
  executablePath: string,
  build: string,
  args: (extension: string) => string[],
  extensionId: string,
): Promise<ChromiumTemplate | null> {
  const template = await chromiumTemplate(executablePath, build, args, extensionId);
  if (template === null) return null;
  const copy = mkdtempSync(join(tmpdir(), 'warrant-chromium-'));
  cpSync(template.profile, copy, { recursive: true });
  return { profile: copy, extension: template.extension };
}

function keyOf(executablePath: string, build: string): string | null {
  try {
    const binary = statSync(executablePath);
    const hash = createHash('sha256').update(`${binary.size}-${Math.round(binary.mtimeMs)}`);
    for (const file of readdirSync(build, { recursive: true, encoding: 'utf8' }).sort()) {
      const stat = statSync(join(build, file));
      if (stat.isFile()) hash.update(`\n${relative(build, join(build, file))} ${stat.size} ${Math.round(stat.mtimeMs)}`);
    }
    return hash.digest('hex').slice(0, 16);
  } catch {
    return null;
  }
}

async function chromiumTemplate(
  executablePath: string,
  build: string,
  args: (extension: string) => string[],
  extensionId: string,
): Promise<ChromiumTemplate | null> {
  const key = keyOf(executablePath, build);
  if (key === null) return null;
  const dir = join(tmpdir(), `${PREFIX}${key}`);
  const ready = () => (existsSync(join(dir, 'ready')) ? { profile: join(dir, 'profile'), extension: join(dir, 'extension') } : null);
  if (ready() !== null) return ready();
  const building = mkdtempSync(join(tmpdir(), `${PREFIX}build-`));
  // The extension's path is recorded in the profile: the template keeps its copy of the build at
  // the path it will have once renamed into place, so every copy of the profile loads it from there.
  const extension = join(dir, 'extension');
  try {
    cpSync(build, join(building, 'extension'), { recursive: true });
    // Started from its final place: renamed there for the start, then back while it is not ready.
    renameSync(building, dir);
    try {
      const context = await chromium.launchPersistentContext(join(dir, 'profile'), {
        executablePath,
        headless: true,
        args: args(extension),
      });
      try {
        const worker =
          context.serviceWorkers().find((w) => w.url().includes(extensionId)) ??
          (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
        // Warrant seals the browser's first answer from storage.managed; the template is ready once it has.
        // A string, not a function: a transpiler's helpers (tsx's __name) do not exist in the worker.
        await waitFor('Warrant to seal the managed policy', () => worker.evaluate(SEALED_COPY_PRESENT) as Promise<boolean>, {
          timeout: 20_000,
        });
      } finally {
        await context.close();
      }
      writeFileSync(join(dir, 'ready'), '');
    } catch (error) {
      if (!existsSync(join(dir, 'ready'))) rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  } catch (error) {
    console.warn('No Chromium template profile; launching a fresh one.', error);
    rmSync(building, { recursive: true, force: true });
  }
  return ready();
}

/** Removes every template (end of `npm test`). */
export function removeChromiumTemplates(): void {
  for (const name of readdirSync(tmpdir())) {
    if (name.startsWith(PREFIX)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

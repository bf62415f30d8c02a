import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { chromiumArgs } from './browsers';
import { type FixtureServer, startFixtureServer } from './server';

/**
 * Chromium with the built extension, as a raw Playwright context, for the tests that need what the
 * shared harness does not hand out (DevTools protocol sessions on a page's worlds), with the fixture
 * server; `close` removes the profile.
 */
export async function chromiumWithWarrant(
  name: string,
): Promise<{ context: BrowserContext; server: FixtureServer; close(): Promise<void> }> {
  const server = await startFixtureServer();
  const profile = mkdtempSync(join(tmpdir(), `warrant-${name}-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: chromiumArgs(join(process.cwd(), 'dist/chrome')),
  });
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  return {
    context,
    server,
    async close() {
      await context.close();
      await server.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

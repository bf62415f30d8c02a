/**
 * `npm run screenshots`: the README's pictures, taken from the real build in Chromium (the script
 * builds first): the ask for a form submission, the Blocked view after a clickjacked
 * click, and the settings page, written to docs/screenshots/; and the audit those actions left, as
 * exported, to docs/audit-sample.jsonl. The pages are test fixtures served
 * locally under realistic host names; nothing is fetched from the network.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { CHROME_EXTENSION_ID, chromiumArgs, ROOT } from '../test/support/browsers';
import { HOSTS, startFixtureServer } from '../test/support/server';

const OUT = join(ROOT, 'docs', 'screenshots');
const POPUP = `chrome-extension://${CHROME_EXTENSION_ID}/src/popup/index.html`;

const propose = (page: Page, call: unknown) =>
  page.evaluate((c) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<unknown> }; pending?: Promise<unknown> };
    w.pending = w.warrant.propose(c);
  }, call);

const server = await startFixtureServer();
const profile = mkdtempSync(join(tmpdir(), 'warrant-screenshots-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  viewport: { width: 420, height: 720 },
  args: [
    ...chromiumArgs(join(ROOT, 'dist', 'chrome')),
    `--unsafely-treat-insecure-origin-as-secure=${HOSTS.map((host) => server.url(host, '').replace(/\/$/, '')).join(',')}`,
  ],
});
try {
  if (context.serviceWorkers().length === 0) await context.waitForEvent('serviceworker', { timeout: 15_000 });
  mkdirSync(OUT, { recursive: true });

  // A clickjacked click (blocked, with its crop) and a form submission waiting for the user.
  const page = await context.newPage();
  await page.goto(server.url('bank.example', '/click.html'));
  await page.evaluate(() =>
    (window as unknown as { warrant: { propose(c: unknown): Promise<unknown> } }).warrant.propose({
      tool: 'click',
      args: { target: '#covered' },
      claims: { label: 'Cancel' },
      agent: 'demo-agent',
    }),
  );
  await page.goto(server.url('bank.example', '/pay-form.html'));
  await propose(page, { tool: 'submit', args: { target: '#pay' }, agent: 'Bank \u202Eofficial\u202C helper' });

  const popup = await context.newPage();
  await popup.goto(POPUP);
  await popup.waitForSelector('#pending article.ask');
  await popup.locator('#pending').screenshot({ path: join(OUT, 'ask.png') });
  await popup.click('#view-blocked');
  await popup.waitForSelector('#records[data-view="blocked"] li');
  await popup.locator('main').screenshot({ path: join(OUT, 'blocked.png') });
  await popup.click('#pending button.deny');
  // The audit these actions left, exported as the popup's Export button does: the README's sample
  // of the record format, which `npm run audit:verify` checks (test/unit/audit-sample.test.ts).
  await popup.waitForFunction(async () => {
    const records = (await chrome.runtime.sendMessage({ kind: 'audit:list', limit: 10 })) as unknown[];
    return records.length >= 2;
  });
  const jsonl = await popup.evaluate(async () => {
    let out = '';
    let after: number | undefined;
    for (;;) {
      const page = (await chrome.runtime.sendMessage(after === undefined ? { kind: 'audit:export' } : { kind: 'audit:export', after })) as {
        jsonl: string;
        next: number | null;
      };
      out += page.jsonl;
      if (page.next === null) return out;
      after = page.next;
    }
  });
  writeFileSync(join(ROOT, 'docs', 'audit-sample.jsonl'), jsonl);

  const settings = await context.newPage();
  await settings.setViewportSize({ width: 900, height: 900 });
  await settings.goto(`chrome-extension://${CHROME_EXTENSION_ID}/src/options/index.html`);
  await settings.waitForFunction(() => document.getElementById('status')?.textContent !== 'Loading…');
  await settings.screenshot({ path: join(OUT, 'settings.png') });
  console.log(`wrote ask.png, blocked.png and settings.png to ${OUT}, and docs/audit-sample.jsonl`);
} finally {
  await context.close();
  await server.close();
  rmSync(profile, { recursive: true, force: true });
}

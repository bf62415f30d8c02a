import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROME_EXTENSION_ID } from '../support/browsers';
import { chromiumWithWarrant } from '../support/chromium-context';
import type { FixtureServer } from '../support/server';
import { waitFor } from '../support/wait';

/**
 * Warrant's content scripts cannot read or write extension storage in Chromium
 * (src/background/storage-access.ts): a renderer a page has taken over runs them, and must not be
 * able to rewrite the user's policy. The test runs code in Warrant's own isolated world of a page
 * (the DevTools protocol's execution contexts: the world a content script runs in, with its
 * extension APIs) and tries what a compromised renderer would. Firefox has no such setting for
 * storage.local (bug 1724754), so there is no Firefox half.
 */
let server: FixtureServer;
let context: BrowserContext;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ context, server, close } = await chromiumWithWarrant('storage-access'));
});

afterAll(async () => {
  await close?.();
});

it('refuses storage.local to Warrant’s content scripts; its background still reads and writes it', async () => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const worlds: { id: number; origin: string; type: string }[] = [];
  cdp.on('Runtime.executionContextCreated', ({ context: c }) =>
    worlds.push({ id: c.id, origin: c.origin, type: (c.auxData as { type?: string } | undefined)?.type ?? '' }),
  );
  await cdp.send('Runtime.enable');
  await page.goto(server.url('bank.example', '/click.html'));
  const isolated = await waitFor("Warrant's isolated world in the page", () =>
    worlds.find((w) => w.type === 'isolated' && w.origin.includes(CHROME_EXTENSION_ID)),
  );
  const tryWrite = async (key: string) => {
    const { result } = (await cdp.send('Runtime.evaluate', {
      contextId: isolated.id,
      awaitPromise: true,
      returnByValue: true,
      expression: `chrome.storage.local.set({ ${JSON.stringify(key)}: { version: 1, planted: true } }).then(() => 'written', (e) => 'refused: ' + e.message)`,
    })) as { result: { value: string } };
    return result.value;
  };
  // The background sets the access level as it starts; on a fresh profile a page can be faster
  // (once set, the browser keeps it between starts). Seen in a full run: the first write landed.
  await waitFor('the access level to apply', async () => (await tryWrite('storage-access-early')).startsWith('refused: '));
  const tryRead = async () => {
    const { result } = (await cdp.send('Runtime.evaluate', {
      contextId: isolated.id,
      awaitPromise: true,
      returnByValue: true,
      expression: `chrome.storage.local.get(null).then((all) => 'read ' + Object.keys(all).length, (e) => 'refused: ' + e.message)`,
    })) as { result: { value: string } };
    return result.value;
  };
  expect(await tryWrite('policy')).toMatch(/^refused: /u);
  expect(await tryRead()).toMatch(/^refused: /u);
  // The background is unaffected, and nothing was planted.
  const worker = context.serviceWorkers().find((w) => w.url().includes(CHROME_EXTENSION_ID))!;
  const stored = await worker.evaluate(async () => {
    await chrome.storage.local.set({ 'storage-access-probe': 1 });
    const all = await chrome.storage.local.get(null);
    return { probe: all['storage-access-probe'], planted: (all.policy as { planted?: boolean } | undefined)?.planted ?? false };
  });
  expect(stored).toEqual({ probe: 1, planted: false });
});

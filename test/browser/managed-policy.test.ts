import { accessSync, constants, existsSync, mkdirSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_POLICY } from '../../src/core/policy';
import { CHROME_EXTENSION_ID, type TestBrowser } from '../support/browsers';
import { openOptions } from '../support/options-page';
import { useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

/** Where Debian's Chromium reads mandatory policies; the "3rdparty" part reaches storage.managed. */
const POLICY_ROOT = '/etc/chromium/policies';
const POLICY_DIR = join(POLICY_ROOT, 'managed');
const POLICY_FILE = join(POLICY_DIR, 'warrant-test.json');

// Values no other test depends on: Chromium runs started by other files meanwhile would see them too.
const MANAGED = {
  sites: { 'managed-untrusted.example': { trust: 'untrusted' } },
  allowlists: { navigation: ['docs.example'], payees: ['Managed Payee'] },
};

function whyNot(): string | null {
  if (process.platform !== 'linux') return 'Chromium policy files in /etc are Linux only';
  if (process.getuid?.() !== 0) return `writing ${POLICY_DIR} needs root`;
  const parent = existsSync(POLICY_ROOT) ? POLICY_ROOT : '/etc/chromium';
  try {
    accessSync(existsSync(POLICY_DIR) ? POLICY_DIR : parent, constants.W_OK);
    return null;
  } catch {
    return `${POLICY_DIR} is not writable`;
  }
}
const skipReason = whyNot();
if (skipReason !== null) console.warn(`managed-policy.test.ts skipped: ${skipReason}.`);

/** What the extension's own pages read from storage.managed. */
async function holdsManaged(browser: TestBrowser): Promise<void> {
  const options = await openOptions(browser);
  const managed = await waitFor('the managed settings in storage.managed', () =>
    options.page.evaluate(async () => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      const value = await api.storage.managed.get().catch(() => ({}));
      return Object.keys(value).length > 0 && value;
    }),
  );
  expect(managed).toEqual(MANAGED);
  await options.close();
}

async function showsManagedLocked(browser: TestBrowser): Promise<void> {
  let options = await openOptions(browser);
  expect(await options.locked()).toEqual(['sites', 'allowlists']);
  const locked = await options.page.evaluate(() => document.querySelector('#locked [data-key="sites"]')!.textContent);
  expect(locked).toContain('managed-untrusted.example');
  // The form shows the administrator's values in those settings, disabled, and says who set them.
  const form = await options.page.evaluate(() => {
    const section = (key: string) => document.querySelector<HTMLFieldSetElement>(`#settings-form fieldset[data-key="${key}"]`)!;
    return {
      disabled: ['sites', 'allowlists', 'privileges'].map((key) => section(key).disabled),
      note: section('sites').querySelector('.lock-note')?.textContent,
      sites: Array.from(document.querySelectorAll<HTMLElement>('#sites-list > li'), (li) => li.dataset.site),
      payees: Array.from(document.querySelectorAll<HTMLInputElement>('#payees-list input'), (input) => input.value),
      addSite: (document.getElementById('add-site') as HTMLInputElement).matches(':disabled'),
    };
  });
  expect(form).toEqual({
    disabled: [true, true, false],
    note: '🔒 Set by your administrator: you cannot change it here.',
    sites: ['managed-untrusted.example'],
    payees: ['Managed Payee'],
    addSite: true,
  });

  const mine = { ...structuredClone(DEFAULT_POLICY), askTimeoutSeconds: 60, sites: { 'bank.example': { trust: 'trusted' } } };
  await options.setEditor(JSON.stringify(mine));
  expect(await options.click('save', /^(Saved|Not saved)/)).toBe('Saved.');
  await options.close();

  options = await openOptions(browser);
  expect(await options.editor()).toEqual(mine);
  expect(await options.effective()).toEqual({ ...mine, ...MANAGED });
  expect(await options.errors()).toEqual([]);
  await options.close();
}

/**
 * Firefox reads storage.managed from the enterprise policy's "3rdparty" section or from a
 * managed-storage native manifest; the harness gives each run its own home directory holding the
 * manifest (test/support/browsers.ts, firefoxManaged). A manifest changed while Firefox runs is
 * not tested: the Chromium test below relies on storage.onChanged for the managed area, which
 * Firefox does not document firing; the background then sees the change once its cached policy is
 * dropped (the user's policy saved, or the event page stopped when idle).
 */
describe('managed policy in firefox', () => {
  const env = useBrowser('firefox', { firefoxManaged: MANAGED });
  it('storage.managed holds the administrator’s settings', () => holdsManaged(env.browser));
  it('the options page shows the managed keys as locked, and the effective policy uses them over the user’s', () =>
    showsManagedLocked(env.browser));
});

describe.skipIf(skipReason !== null)(`managed policy in chromium${skipReason === null ? '' : ` (skipped: ${skipReason})`}`, () => {
  const created: string[] = [];
  // Registered before useBrowser: the file must exist when Chromium starts and reads its policies.
  beforeAll(() => {
    for (const dir of [POLICY_ROOT, POLICY_DIR]) {
      if (existsSync(dir)) continue;
      mkdirSync(dir);
      created.unshift(dir);
    }
    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [CHROME_EXTENSION_ID]: MANAGED } } }));
  });
  // Its very first start: no sealed copy of an earlier answer stands in for the policy files.
  const env = useBrowser('chromium', { fresh: true });
  // Registered after useBrowser, so it runs before the browser closes (afterAll hooks run last
  // registered first) and before a spare for the next file is launched (spare-browser.ts): no
  // browser but this one may start while the policy file is there.
  afterAll(() => {
    rmSync(POLICY_FILE, { force: true });
    for (const dir of created) rmdirSync(dir);
  });

  it('storage.managed holds the administrator’s settings', () => holdsManaged(env.browser));

  it('the options page shows the managed keys as locked, and the effective policy uses them over the user’s', () =>
    showsManagedLocked(env.browser));

  it('follows a changed policy file without a restart (storage.onChanged drops the cached policy)', async () => {
    const changed = { ...MANAGED, allowlists: { navigation: [], payees: ['Changed Payee'] } };
    writeFileSync(POLICY_FILE, JSON.stringify({ '3rdparty': { extensions: { [CHROME_EXTENSION_ID]: changed } } }));
    const options = await openOptions(env.browser);
    // Chromium notices the file after a settling delay; the background sees only storage.onChanged.
    const seen = await waitFor(
      'the effective policy to drop the old managed payee',
      () =>
        options.page.evaluate(async () => {
          const state = (await chrome.runtime.sendMessage({ kind: 'policy:get' })) as { effective: { allowlists: { payees: string[] } } };
          return state.effective.allowlists.payees[0] !== 'Managed Payee' && state.effective.allowlists;
        }),
      { timeout: 30_000 },
    );
    expect(seen).toEqual(changed.allowlists);
    await options.close();
  }, 45_000);
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, STRICT_POLICY } from '../../src/core/policy';
import { BROWSERS } from '../support/browsers';
import { type OptionsPage, openOptions } from '../support/options-page';
import { useBrowser } from '../support/suite';

const edited = {
  ...structuredClone(DEFAULT_POLICY),
  askTimeoutSeconds: 60,
  sites: { 'bank.example': { trust: 'trusted' }, 'evil.example': { trust: 'untrusted', interception: 'enforce' } },
  allowlists: { navigation: ['docs.example'], payees: ['Alice Example'] },
};
const json = (value: unknown) => JSON.stringify(value, null, 2);

describe.each(BROWSERS)('options page in %s', (name) => {
  const env = useBrowser(name);

  it('starts from the defaults, saves an edited policy, and a fresh page shows what was stored', async () => {
    const options = await openOptions(env.browser);
    expect(await options.status()).toMatch(/Nothing saved yet/);
    expect(await options.editor()).toEqual(DEFAULT_POLICY);
    expect(await options.locked()).toEqual([]);

    await options.setEditor(json(edited));
    expect(await options.click('save', /^(Saved|Not saved|Warrant gave)/)).toBe('Saved.');
    expect(await options.errors()).toEqual([]);
    await options.close();

    const reopened = await openOptions(env.browser);
    expect(await reopened.editor()).toEqual(edited);
    expect(await reopened.effective()).toEqual(edited);
    expect(await reopened.status()).toBe('Loaded.');
    await reopened.close();
  });

  it('lists validation errors with their paths and stores nothing', async () => {
    const options = await openOptions(env.browser);
    const bad = { ...edited, askTimeoutSeconds: 1, sites: { 'www.bank.example': { trust: 'trusted' } }, colour: 'blue' };
    await options.setEditor(json(bad));
    expect(await options.click('save', /^(Saved|Not saved)/)).toBe('Not saved: 3 errors.');
    const errors = await options.errors();
    expect(errors.map((e) => e.path).sort()).toEqual(['(policy)', 'askTimeoutSeconds', 'sites["www.bank.example"]']);
    expect(errors.find((e) => e.path === 'sites["www.bank.example"]')!.text).toContain('bank.example');

    await options.setEditor('{ "version": 1, ');
    expect(await options.click('save', /^Not saved/)).toBe('Not saved.');
    expect((await options.errors())[0]).toMatchObject({ path: '(json)', text: expect.stringContaining('Not valid JSON') });
    await options.close();

    const reopened = await openOptions(env.browser);
    expect(await reopened.editor()).toEqual(edited);
    expect(await reopened.effective()).toEqual(edited);
    await reopened.close();
  });

  it('exports the stored policy and imports it back; older exports are migrated on import', async () => {
    const options = await openOptions(env.browser);
    await options.click('export', /^Exported/);
    const exported = await options.exported();
    expect(JSON.parse(exported)).toEqual(edited);

    await options.click('defaults', /^Defaults loaded/);
    expect(await options.click('save', /^(Saved|Not saved)/)).toBe('Saved.');
    expect(await options.effective()).toEqual(DEFAULT_POLICY);

    expect(await options.importFile('warrant-policy.json', exported, /^Imported|has errors/)).toMatch(/^Imported warrant-policy\.json/);
    expect(await options.click('save', /^(Saved|Not saved)/)).toBe('Saved.');
    await options.close();

    const reopened = await openOptions(env.browser);
    expect(await reopened.editor()).toEqual(edited);
    const v0 = JSON.stringify({ untrustedSites: ['evil.example'], askTimeoutMs: 30_000 });
    await reopened.importFile('old.json', v0, /^Imported|has errors/);
    expect(await reopened.editor()).toMatchObject({ version: 1, askTimeoutSeconds: 30, sites: { 'evil.example': { trust: 'untrusted' } } });
    const broken = await reopened.importFile('broken.json', '{"version": 1, "sites": []}', /^Imported|has errors/);
    expect(broken).toBe('broken.json has errors: fix them, then Save.');
    expect((await reopened.errors()).length).toBeGreaterThan(0);
    await reopened.close();
  });

  it('migrates a stored v0 policy and writes it back; a corrupt one shows its errors while the strict policy decides', async () => {
    const setStored = (options: OptionsPage, value: unknown) =>
      options.page.evaluate(async (policy) => {
        const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
        await api.storage.local.set({ policy });
      }, value);
    const options = await openOptions(env.browser);
    await setStored(options, { untrustedSites: ['evil.example'], requireApproval: ['commit'] });
    await options.close();

    let reopened = await openOptions(env.browser);
    const migrated = await reopened.editor();
    expect(migrated).toMatchObject({ version: 1, sites: { 'evil.example': { trust: 'untrusted' } } });
    expect(await reopened.effective()).toEqual(migrated);
    const stored = await reopened.page.evaluate(async () => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return (await api.storage.local.get('policy')).policy;
    });
    expect(stored).toEqual(migrated);

    await setStored(reopened, { ...edited, privileges: 'permissive' });
    await reopened.close();
    reopened = await openOptions(env.browser);
    expect(await reopened.status()).toMatch(/strict policy until the errors below are fixed/);
    expect(await reopened.errors()).toEqual([{ path: 'privileges', source: 'stored', text: expect.stringContaining('Your saved policy') }]);
    expect(await reopened.effective()).toEqual(STRICT_POLICY);
    // The corrupt policy is shown as stored, so it can be corrected rather than retyped.
    expect(await reopened.editor()).toMatchObject({ privileges: 'permissive' });
    await reopened.close();
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, formatPolicyPath, parsePolicy } from '../../src/core/policy';
import { fieldKey, fieldsFor, pathSegments } from '../../src/options/field-paths';
import {
  checkPayee,
  checkSite,
  editable,
  readCell,
  readList,
  readSites,
  readTimeout,
  removeSite,
  writeCell,
  writeList,
  writeSite,
  writeSiteOverride,
  writeTimeout,
} from '../../src/options/form-model';

describe('settings form: where an error belongs', () => {
  it('reads back every path the core writes, domains and indexes included', () => {
    for (const path of [
      ['sites', 'www.bank.example'],
      ['allowlists', 'payees', 2],
      ['privileges', 'trusted', 'commit'],
      ['x"y', 'a.b'],
    ]) {
      expect(pathSegments(formatPolicyPath(path))).toEqual(path);
    }
    expect(pathSegments('(policy)')).toBeNull();
    expect(pathSegments('(json)')).toBeNull();
  });

  it('maps a path to its control, then to the setting it is in', () => {
    expect(fieldsFor('privileges.trusted.commit')).toEqual([
      fieldKey('privileges', 'trusted', 'commit'),
      fieldKey('privileges', 'trusted'),
      fieldKey('privileges'),
    ]);
    // A site's own privilege rule has its control; another problem inside a site's rule goes to the site's row.
    expect(fieldsFor('sites["bank.example"].privileges.commit')[0]).toBe(fieldKey('sites', 'bank.example', 'privileges', 'commit'));
    expect(fieldsFor('sites["bank.example"].trust')).toContain(fieldKey('sites', 'bank.example'));
    expect(fieldsFor('sites["www.bank.example"]')[0]).toBe(fieldKey('sites', 'www.bank.example'));
    expect(fieldsFor('allowlists.navigation[1]')[0]).toBe(fieldKey('allowlists', 'navigation', 1));
    expect(fieldsFor('allowlists.payees')).toEqual([fieldKey('allowlists', 'payees'), fieldKey('allowlists')]);
    expect(fieldsFor('askTimeoutSeconds')).toEqual([fieldKey('askTimeoutSeconds')]);
    expect(fieldsFor('(policy)')).toEqual([]);
    expect(fieldsFor('colour')).toEqual([]);
  });

  it('finds the control for each error the background gives a bad policy', () => {
    const bad = { ...structuredClone(DEFAULT_POLICY), askTimeoutSeconds: 1, sites: { 'www.bank.example': { trust: 'trusted' } } };
    bad.allowlists.navigation = ['docs.example', 'https://x.example/'];
    const parsed = parsePolicy(bad);
    expect(parsed.ok).toBe(false);
    const targets = parsed.ok ? [] : parsed.errors.map((issue) => fieldsFor(issue.path)[0]);
    expect(targets.sort()).toEqual(
      [fieldKey('askTimeoutSeconds'), fieldKey('sites', 'www.bank.example'), fieldKey('allowlists', 'navigation', 1)].sort(),
    );
  });
});

describe('settings form: reading and writing the policy', () => {
  it('shows defaults for what does not fit and writes only its own place', () => {
    const json = editable({
      version: 1,
      privileges: 'permissive',
      sites: { 'bank.example': { trust: 'trusted', privileges: { credential: 'allow' } } },
    });
    expect(readCell(json, 'default', 'commit')).toBe('ask');
    writeCell(json, 'untrusted', 'read', 'block');
    expect(json.privileges).toEqual({ untrusted: { read: 'block' } });

    writeSite(json, 'bank.example', { interception: 'observe' });
    writeSite(json, 'bank.example', { trust: 'untrusted' });
    // The site's own privilege rule is kept by the other controls.
    expect(json.sites).toEqual({ 'bank.example': { trust: 'untrusted', interception: 'observe', privileges: { credential: 'allow' } } });
    const own = { read: '', interact: '', commit: '', navigate: '', credential: 'allow' };
    expect(readSites(json)).toEqual([{ site: 'bank.example', trust: 'untrusted', interception: 'observe', privileges: own }]);
    writeSite(json, 'bank.example', { interception: '' });
    expect(json.sites).toEqual({ 'bank.example': { trust: 'untrusted', privileges: { credential: 'allow' } } });
    removeSite(json, 'bank.example');
    expect(readSites(json)).toEqual([]);
  });

  it('edits a site’s own privilege rules, removing what follows the trust level', () => {
    const json = editable({ ...structuredClone(DEFAULT_POLICY), sites: { 'bank.example': { trust: 'trusted' } } });
    writeSiteOverride(json, 'bank.example', 'commit', 'block');
    writeSiteOverride(json, 'bank.example', 'navigate', 'allow');
    expect(json.sites).toEqual({ 'bank.example': { trust: 'trusted', privileges: { commit: 'block', navigate: 'allow' } } });
    expect(readSites(json)[0]!.privileges).toEqual({ read: '', interact: '', commit: 'block', navigate: 'allow', credential: '' });
    const parsed = parsePolicy(json);
    expect(parsed.ok && parsed.policy.sites['bank.example']).toEqual({
      trust: 'trusted',
      privileges: { commit: 'block', navigate: 'allow' },
    });
    writeSiteOverride(json, 'bank.example', 'commit', '');
    expect(json.sites).toEqual({ 'bank.example': { trust: 'trusted', privileges: { navigate: 'allow' } } });
    writeSiteOverride(json, 'bank.example', 'navigate', '');
    expect(json.sites).toEqual({ 'bank.example': { trust: 'trusted' } });
    // Inherit on a site with no rules of its own changes nothing; a value that is not a decision reads as inherit.
    writeSiteOverride(json, 'bank.example', 'read', '');
    expect(json.sites).toEqual({ 'bank.example': { trust: 'trusted' } });
    const odd = editable({ sites: { 'shop.example': { privileges: { commit: 'maybe' } } } });
    expect(readSites(odd)[0]!.privileges.commit).toBe('');
    expect(parsePolicy({ ...structuredClone(DEFAULT_POLICY), sites: odd.sites }).ok).toBe(false);
  });

  it('a form-edited default policy is still valid, and equal to what was edited', () => {
    // DEFAULT_POLICY itself is frozen: the form edits a copy.
    const json = editable(DEFAULT_POLICY);
    writeCell(json, 'default', 'commit', 'block');
    writeSite(json, 'shop.example', { trust: 'trusted' });
    writeList(json, 'payees', ['Alice Example']);
    writeTimeout(json, '60');
    const parsed = parsePolicy(json);
    expect(parsed.ok && parsed.policy).toMatchObject({
      askTimeoutSeconds: 60,
      privileges: { default: { commit: 'block' } },
      sites: { 'shop.example': { trust: 'trusted' } },
      allowlists: { navigation: [], payees: ['Alice Example'] },
    });
    expect(readList(json, 'payees')).toEqual(['Alice Example']);
  });

  it('keeps a timeout that is not a number as typed, for the background to name', () => {
    const json = editable(null);
    writeTimeout(json, 'soon');
    expect(json.askTimeoutSeconds).toBe('soon');
    expect(readTimeout(json)).toBe('soon');
    expect(parsePolicy(json).ok).toBe(false);
  });
});

describe('settings form: checking what is typed', () => {
  it('accepts a registrable domain and says what to write instead of anything else', () => {
    expect(checkSite('bank.example')).toBeNull();
    expect(checkSite('localhost')).toBeNull();
    expect(checkSite('  ')).toEqual({ problem: 'empty' });
    expect(checkSite('www.bank.example')).toEqual({ problem: 'notSite', hint: 'bank.example' });
    expect(checkSite('https://www.bank.example/login')).toEqual({ problem: 'notSite', hint: 'bank.example' });
    expect(checkSite('Bank.Example')).toEqual({ problem: 'notSite', hint: 'bank.example' });
    expect(checkSite('co.uk')).toEqual({ problem: 'publicSuffix' });
    expect(checkSite('bank example')).toEqual({ problem: 'notSite', hint: null });
    expect(checkSite('bank.example', ['bank.example'])).toEqual({ problem: 'duplicate' });
  });

  it('checks payees for length and repeats', () => {
    expect(checkPayee('Alice Example')).toBeNull();
    expect(checkPayee('')).toEqual({ problem: 'empty' });
    expect(checkPayee('x'.repeat(201))).toEqual({ problem: 'tooLong', max: 200 });
    expect(checkPayee('Alice', ['Alice'])).toEqual({ problem: 'duplicate' });
  });
});

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_GATE_POLICY,
  DEFAULT_POLICY,
  formatPolicyPath,
  MANAGEABLE_KEYS,
  PolicySchema,
  policyIssues,
  SiteSchema,
  STRICT_POLICY,
} from '../../src/core/policy';

const ROOT = join(import.meta.dirname, '..', '..');
const clone = <T>(value: T): T => structuredClone(value) as T;

describe('policy schema v1', () => {
  it('accepts the defaults and the strict fallback', () => {
    expect(PolicySchema.parse(DEFAULT_POLICY)).toEqual(DEFAULT_POLICY);
    expect(PolicySchema.parse(STRICT_POLICY)).toEqual(STRICT_POLICY);
  });

  it('defaults: 120 s to ask, no sites, the gate defaults for sites of default trust', () => {
    expect(DEFAULT_POLICY.askTimeoutSeconds).toBe(120);
    expect(DEFAULT_POLICY.sites).toEqual({});
    expect(DEFAULT_POLICY.privileges.default).toEqual(DEFAULT_GATE_POLICY.privileges);
    expect(DEFAULT_POLICY.unsupported.default).toBe(DEFAULT_GATE_POLICY.unsupported);
    expect(DEFAULT_POLICY.privileges.trusted.commit).toBe('allow');
    expect(DEFAULT_POLICY.privileges.trusted.credential).toBe('ask');
    expect(DEFAULT_POLICY.privileges.untrusted).toMatchObject({ commit: 'block', navigate: 'block', credential: 'block' });
    expect(Object.isFrozen(DEFAULT_POLICY.privileges.default)).toBe(true);
  });

  it('the strict fallback is at least as strict as any row of the defaults', () => {
    const rank = { allow: 0, ask: 1, block: 2 } as const;
    for (const trust of ['trusted', 'default', 'untrusted'] as const) {
      for (const [privilege, value] of Object.entries(DEFAULT_POLICY.privileges[trust])) {
        expect(rank[STRICT_POLICY.privileges[trust][privilege as 'read']]).toBeGreaterThanOrEqual(rank[value]);
      }
      expect(STRICT_POLICY.unsupported[trust]).toBe('block');
    }
    expect(STRICT_POLICY.allowlists).toEqual({ navigation: [], payees: [] });
  });

  it('rejects unknown keys, wrong enums, out-of-range timeouts and a missing version, with paths', () => {
    const bad = clone(DEFAULT_POLICY) as Record<string, unknown> & typeof DEFAULT_POLICY;
    bad.privileges.default.commit = 'yes' as 'allow';
    bad.askTimeoutSeconds = 1;
    (bad as Record<string, unknown>).colour = 'blue';
    const result = PolicySchema.safeParse(bad);
    expect(result.success).toBe(false);
    const paths = policyIssues(result.error!).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(['privileges.default.commit', 'askTimeoutSeconds', '(policy)']));
    const { version: _, ...unversioned } = clone(DEFAULT_POLICY);
    expect(PolicySchema.safeParse(unversioned).success).toBe(false);
  });

  it('sites are registrable domains, written as such', () => {
    for (const site of ['bank.example', 'example.co.uk', 'alice.github.io', 'localhost', '127.0.0.1', 'xn--bcher-kva.example']) {
      expect(SiteSchema.safeParse(site).success, site).toBe(true);
    }
    for (const site of [
      'www.bank.example',
      'Bank.example',
      'co.uk',
      'https://bank.example',
      'bücher.example',
      '__proto__',
      '',
      '*.bank.example',
    ]) {
      expect(SiteSchema.safeParse(site).success, site).toBe(false);
    }
    const policy = { ...clone(DEFAULT_POLICY), sites: { 'www.bank.example': { trust: 'trusted' } } };
    const result = PolicySchema.safeParse(policy);
    expect(policyIssues(result.error!)).toEqual([{ path: 'sites["www.bank.example"]', message: expect.stringContaining('bank.example') }]);
  });

  it('formats paths for people', () => {
    expect(formatPolicyPath(['sites', 'bank.example', 'privileges', 'commit'])).toBe('sites["bank.example"].privileges.commit');
    expect(formatPolicyPath(['allowlists', 'payees', 2])).toBe('allowlists.payees[2]');
    expect(formatPolicyPath([])).toBe('(policy)');
  });

  it('the managed storage schema declares exactly the manageable keys, and the manifest points at it', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8'));
    const schema = JSON.parse(readFileSync(join(ROOT, manifest.storage.managed_schema), 'utf8'));
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBeUndefined();
    expect(Object.keys(schema.properties).sort()).toEqual([...MANAGEABLE_KEYS].sort());
    expect(
      Object.keys(PolicySchema.shape)
        .filter((key) => key !== 'version')
        .sort(),
    ).toEqual([...MANAGEABLE_KEYS].sort());
    expect(manifest.options_ui).toEqual({ page: 'src/options/index.html', open_in_tab: true });
  });
});

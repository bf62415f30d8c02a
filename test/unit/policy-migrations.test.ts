import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, MIGRATIONS, migrate, POLICY_VERSION, PolicySchema, parsePolicy, STRICT_POLICY } from '../../src/core/policy';

const MIGRATIONS_DIR = join(import.meta.dirname, '..', '..', 'src', 'core', 'policy', 'migrations');
const v0 = () => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', 'policy-v0.json'), 'utf8'));

describe('policy migrations', () => {
  it('are numbered files, contiguous from version 0 to the current version', () => {
    const files = readdirSync(MIGRATIONS_DIR).filter((file) => /^\d{4}-/.test(file));
    expect(files.length).toBe(MIGRATIONS.length);
    MIGRATIONS.forEach((migration, index) => {
      expect(migration.id.startsWith(String(index + 1).padStart(4, '0'))).toBe(true);
      expect(migration.from).toBe(index);
      expect(migration.to).toBe(index + 1);
    });
    expect(MIGRATIONS.at(-1)!.to).toBe(POLICY_VERSION);
  });

  it('import nothing, so live code can never change what they produce', () => {
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => /^\d{4}-.*\.ts$/.test(f))) {
      expect(readFileSync(join(MIGRATIONS_DIR, file), 'utf8'), file).not.toMatch(/^\s*import\b|\bfrom\s+['"]|\brequire\(|\bimport\(/m);
    }
  });

  it('turn the v0 fixture into this v1 policy', () => {
    const result = migrate(v0());
    expect(result.errors).toEqual([]);
    expect(result.fromVersion).toBe(0);
    expect(result.policy).toEqual({
      version: 1,
      privileges: {
        trusted: { read: 'allow', interact: 'allow', commit: 'allow', navigate: 'ask', credential: 'ask' },
        default: { read: 'allow', interact: 'allow', commit: 'ask', navigate: 'allow', credential: 'ask' },
        untrusted: { read: 'allow', interact: 'allow', commit: 'block', navigate: 'block', credential: 'block' },
      },
      unsupported: { trusted: 'block', default: 'block', untrusted: 'block' },
      askTimeoutSeconds: 90,
      ocr: { read: true, interact: true, commit: true, navigate: true, credential: true },
      interception: 'observe',
      sites: {
        'bank.example': { trust: 'trusted', interception: 'enforce' },
        // Listed as both trusted and untrusted in v0: the stricter wins.
        'shop.example': { trust: 'untrusted' },
        'evil.example': { trust: 'untrusted' },
      },
      allowlists: { navigation: ['docs.example', 'partner.example'], payees: ['Alice Example'] },
    });
    expect(PolicySchema.safeParse(result.policy).success).toBe(true);
  });

  it('an empty v0 becomes the v1 defaults', () => {
    expect(migrate({}).policy).toEqual(DEFAULT_POLICY);
  });

  it('leave a current policy as it is', () => {
    expect(migrate(structuredClone(DEFAULT_POLICY))).toEqual({ policy: DEFAULT_POLICY, errors: [], fromVersion: 1 });
  });

  it('nothing stored means the defaults, not an error', () => {
    expect(migrate(undefined)).toEqual({ policy: DEFAULT_POLICY, errors: [], fromVersion: null });
    expect(migrate(null).errors).toEqual([]);
  });

  describe('fail closed: anything unreadable gives STRICT_POLICY and the errors', () => {
    const cases: [string, unknown, string][] = [
      ['a string', 'trusted', '(policy)'],
      ['an array', [], '(policy)'],
      ['a future version', { ...DEFAULT_POLICY, version: 2 }, 'version'],
      ['a fractional version', { version: 0.5 }, 'version'],
      ['a v0 with an unknown key', { trustedSites: [], untrustedSite: ['evil.example'] }, '(policy)'],
      ['a v0 whose untrusted sites are not a list', { untrustedSites: 'evil.example' }, '(policy)'],
      ['a v0 with an unknown privilege', { requireApproval: ['pay'] }, '(policy)'],
      ['a v0 whose origin does not reduce to a site', { navigationAllowlist: ['https://www.docs.example'] }, 'allowlists.navigation[0]'],
      ['a v1 with a bad value', { ...DEFAULT_POLICY, interception: 'sometimes' }, 'interception'],
      ['a v1 missing a key', { ...DEFAULT_POLICY, sites: undefined }, 'sites'],
    ];
    it.each(cases)('%s', (_name, stored, path) => {
      const result = migrate(stored);
      expect(result.policy).toBe(STRICT_POLICY);
      expect(result.errors.map((e) => e.path)).toContain(path);
      expect(result.errors.every((e) => e.message.length > 0)).toBe(true);
    });
  });

  it('parsePolicy reports the migration that failed', () => {
    const parsed = parsePolicy({ ocr: 'yes' });
    expect(parsed).toEqual({ ok: false, errors: [{ path: '(policy)', message: expect.stringMatching(/0001-unversioned-to-v1.*ocr/) }] });
  });

  it('a __proto__ key is an error, never a polluted prototype or a silently dropped entry', () => {
    const v0Result = migrate(JSON.parse('{"interception": {"__proto__": "off"}}'));
    expect(({} as Record<string, unknown>).interception).toBeUndefined();
    expect(v0Result.policy).toBe(STRICT_POLICY);
    const v1 = JSON.parse(JSON.stringify(DEFAULT_POLICY).replace('"sites":{}', '"sites":{"__proto__":{"trust":"trusted"}}'));
    expect(migrate(v1).errors).toEqual([{ path: 'sites.__proto__', message: expect.any(String) }]);
  });
});

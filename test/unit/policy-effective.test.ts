import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, effectivePolicy, STRICT_POLICY } from '../../src/core/policy';

const user = { ...structuredClone(DEFAULT_POLICY), askTimeoutSeconds: 60, sites: { 'shop.example': { trust: 'trusted' } } };

describe('effective policy: the user’s, with managed keys on top', () => {
  it('without managed settings, the user’s policy', () => {
    expect(effectivePolicy(user, {})).toMatchObject({ policy: user, locked: [], errors: [] });
  });

  it('managed keys win and are locked; the others stay the user’s', () => {
    const managed = { askTimeoutSeconds: 30, sites: { 'evil.example': { trust: 'untrusted' } } };
    const result = effectivePolicy(user, managed);
    expect(result.errors).toEqual([]);
    expect(result.locked).toEqual(['askTimeoutSeconds', 'sites']);
    expect(result.policy.askTimeoutSeconds).toBe(30);
    expect(result.policy.sites).toEqual(managed.sites);
    expect(result.policy.ocr).toEqual(user.ocr);
    expect(result.user).toEqual(user);
  });

  it('an invalid stored policy is STRICT_POLICY under the managed keys, with the errors', () => {
    const result = effectivePolicy({ ...user, askTimeoutSeconds: 'soon' }, { askTimeoutSeconds: 45 });
    expect(result.errors).toEqual([{ source: 'stored', path: 'askTimeoutSeconds', message: expect.any(String) }]);
    expect(result.policy).toEqual({ ...STRICT_POLICY, askTimeoutSeconds: 45 });
  });

  describe('an invalid managed policy makes everything STRICT_POLICY', () => {
    const cases: [string, unknown, string][] = [
      [
        'a bad value',
        { privileges: { ...DEFAULT_POLICY.privileges, default: { ...DEFAULT_POLICY.privileges.default, commit: 'alow' } } },
        'privileges.default.commit',
      ],
      ['a partial row', { privileges: { trusted: { commit: 'allow' } } }, 'privileges.trusted.read'],
      ['an unknown key (Firefox checks no schema)', { Sites: {} }, 'Sites'],
      ['a bad site', { sites: { 'www.evil.example': { trust: 'untrusted' } }, askTimeoutSeconds: 30 }, 'sites["www.evil.example"]'],
      ['a version key', { version: 1 }, 'version'],
    ];
    it.each(cases)('%s', (_name, managed, path) => {
      const result = effectivePolicy(user, managed);
      expect(result.policy).toBe(STRICT_POLICY);
      expect(result.errors).toContainEqual({ source: 'managed', path, message: expect.any(String) });
    });

    it('not an object at all', () => {
      expect(effectivePolicy(user, [1]).policy).toBe(STRICT_POLICY);
    });
  });

  it('nothing stored and nothing managed: the defaults', () => {
    expect(effectivePolicy(null, undefined)).toMatchObject({ policy: DEFAULT_POLICY, errors: [], locked: [], fromVersion: null });
  });
});

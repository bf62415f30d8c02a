import { describe, expect, it } from 'vitest';
import {
  askTimeoutMs,
  DEFAULT_GATE_POLICY,
  DEFAULT_POLICY,
  destinationAllowed,
  gatePolicyFor,
  interceptionFor,
  ocrFor,
  type Policy,
  PolicySchema,
  payeeAllowed,
  siteTrustFor,
} from '../../src/core/policy';

const policy: Policy = PolicySchema.parse({
  ...structuredClone(DEFAULT_POLICY),
  sites: {
    'bank.example': { trust: 'trusted', interception: 'observe' },
    'evil.example': { trust: 'untrusted' },
    'sso.example': { trust: 'trusted', privileges: { credential: 'allow' } },
    'blog.example': { privileges: { navigate: 'block' } },
    localhost: { trust: 'trusted' },
  },
  allowlists: { navigation: ['docs.example'], payees: ['Alice Example', 'DE89 3704 0044 0532 0130 00'] },
});

describe('site resolution', () => {
  it('matches by registrable domain: any subdomain, scheme or port of the site', () => {
    for (const origin of ['https://bank.example', 'http://www.bank.example:8080', 'https://a.b.bank.example']) {
      expect(siteTrustFor(policy, origin), origin).toBe('trusted');
    }
    expect(siteTrustFor(policy, 'https://bank.example.evil.example')).toBe('untrusted');
    expect(siteTrustFor(policy, 'https://notbank.example')).toBe('default');
    expect(siteTrustFor(policy, 'http://localhost:5173')).toBe('trusted');
  });

  it('an origin nothing vouches for is untrusted', () => {
    expect(siteTrustFor(policy, null)).toBe('untrusted');
    expect(siteTrustFor(policy, 'not a url')).toBe('untrusted');
    expect(gatePolicyFor(policy, null).privileges.commit).toBe('block');
  });

  it('does not find rules on Object.prototype', () => {
    expect(siteTrustFor(policy, 'http://constructor/')).toBe('default');
    expect(gatePolicyFor(policy, 'http://tostring/').privileges).toEqual(DEFAULT_POLICY.privileges.default);
  });
});

describe('gatePolicyFor', () => {
  it('with the defaults, an unlisted site gets exactly DEFAULT_GATE_POLICY', () => {
    expect(gatePolicyFor(DEFAULT_POLICY, 'https://anything.example')).toEqual(DEFAULT_GATE_POLICY);
  });

  it('trusted sites may commit without asking; untrusted sites get nothing privileged and no unsupported asks', () => {
    expect(gatePolicyFor(policy, 'https://bank.example').privileges).toMatchObject({ commit: 'allow', credential: 'ask' });
    const untrusted = gatePolicyFor(policy, 'https://evil.example');
    expect(untrusted.unsupported).toBe('block');
    expect(untrusted.privileges).toMatchObject({
      read: 'allow',
      interact: 'allow',
      commit: 'block',
      navigate: 'block',
      credential: 'block',
    });
  });

  it('a site rule overrides single privileges of its trust row', () => {
    expect(gatePolicyFor(policy, 'https://login.sso.example').privileges).toMatchObject({ commit: 'allow', credential: 'allow' });
    expect(gatePolicyFor(policy, 'https://blog.example').privileges).toMatchObject({ commit: 'ask', navigate: 'block' });
  });

  it('an allowlisted destination lowers navigate to the acting site’s interact', () => {
    expect(gatePolicyFor(policy, 'https://shop.example', { destination: 'https://www.docs.example/a' }).privileges.navigate).toBe('allow');
    expect(gatePolicyFor(policy, 'https://shop.example', { destination: 'https://docs.example.evil.example/' }).privileges.navigate).toBe(
      'ask',
    );
    expect(destinationAllowed(policy, 'https://docs.example')).toBe(true);
    expect(destinationAllowed(policy, 'javascript:alert(1)')).toBe(false);
  });

  it('keeps the evidence rules out of the policy’s reach', () => {
    const resolved = gatePolicyFor(policy, 'https://bank.example');
    expect(resolved.trustedSources).toEqual(['browser', 'extension']);
    expect(resolved.maxCertificateAgeMs).toBe(DEFAULT_GATE_POLICY.maxCertificateAgeMs);
    expect(Object.isFrozen(resolved.privileges)).toBe(true);
  });
});

describe('the other settings', () => {
  it('interception falls back to the policy-wide mode', () => {
    expect(interceptionFor(policy, 'https://www.bank.example')).toBe('observe');
    expect(interceptionFor(policy, 'https://shop.example')).toBe('enforce');
    expect(interceptionFor(policy, null)).toBe('enforce');
  });

  it('OCR per privilege and the ask timeout in ms', () => {
    expect(ocrFor(DEFAULT_POLICY, 'commit')).toBe(true);
    expect(ocrFor(DEFAULT_POLICY, 'interact')).toBe(false);
    expect(askTimeoutMs(DEFAULT_POLICY)).toBe(120_000);
  });

  it('payees match after normalisation, never as look-alikes', () => {
    expect(payeeAllowed(policy, '  alice   EXAMPLE ')).toBe(true);
    expect(payeeAllowed(policy, 'Alice\u200B Example')).toBe(true);
    expect(payeeAllowed(policy, 'Аlice Example')).toBe(false); // Cyrillic А
    expect(payeeAllowed(policy, 'Mallory')).toBe(false);
    expect(payeeAllowed(policy, '')).toBe(false);
  });
});

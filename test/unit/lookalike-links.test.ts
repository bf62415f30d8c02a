import { describe, expect, it } from 'vitest';
import { DEFAULT_GATE_POLICY, gate, impersonation, planFor } from '../../src/core';
import { certificate, element, FRAME, honestEvidence, NOW, resolved } from './helpers/evidence';

const BANK = 'https://bank.example';

describe('impersonation: destinations that imitate the frame’s own site', () => {
  it.each([
    ['https://xn--bnk-6cd.example/statements', 'a Cyrillic homograph'],
    ['https://bank.example.evil.example/login', 'the name worn as a subdomain'],
    ['https://b%D0%B0nk.example/', 'a percent-encoded homograph (the URL parser maps it)'],
  ])('flags %s (%s)', (url) => {
    expect(impersonation(url, BANK)).toMatch(/another site|mixes scripts/);
  });

  it.each([
    ['https://bank.example/pay', 'the same site'],
    ['https://www.bank.example/pay', 'a subdomain of the same site'],
    ['https://shop.example/', 'an unrelated site'],
    ['mailto:help@bank.example', 'not a web destination'],
    ['not a url', 'unparsable'],
  ])('lets %s through (%s)', (url) => {
    expect(impersonation(url, BANK)).toBeNull();
  });
});

describe('gate: lookalike links and navigations are blocked, never asked', () => {
  it('blocks a click on a link to a homograph of the frame’s site', () => {
    const call = resolved({ tool: 'click', args: { target: '#statements' } });
    const certificates = honestEvidence('#statements', 'Statements').map((c) =>
      c.type === 'ui_element' ? certificate('ui_element', element({ href: 'https://xn--bnk-6cd.example/statements' }), '#statements') : c,
    );
    const plan = planFor(call, { frameOrigin: BANK });
    expect(plan.map((p) => p.name)).toContain('target.link.genuine');
    const result = gate({
      plan,
      certificates,
      scope: { frame: FRAME, selector: '#statements' },
      privilege: 'navigate',
      policy: DEFAULT_GATE_POLICY,
      now: NOW,
    });
    expect(result.decision).toBe('block');
    expect(result.reasons.map((r) => r.code)).toEqual(['lookalike_domain']);
  });

  it("blocks a frame's link or form to a lookalike of the tab's site as well as of the frame's own; a frame's link to its own site passes this check", () => {
    const EVIL = 'https://evil.example';
    const judged = (tool: 'click' | 'submit', value: Parameters<typeof element>[0], tabOrigin: string | null = BANK) => {
      const call = resolved({ tool, args: { target: '#go' } });
      const certificates = honestEvidence('#go', 'Go').map((c) =>
        c.type === 'ui_element' ? certificate('ui_element', element(value), '#go') : c,
      );
      const plan = planFor(call, { frameOrigin: EVIL, tabOrigin, subframe: true });
      return plan
        .filter((p) => p.name.endsWith('.genuine'))
        .map((p) => p.evaluate(certificates.find((c) => c.type === 'ui_element')!.value as never))
        .filter((e) => !e.holds)
        .map((e) => (e as { code: string }).code);
    };
    expect(judged('click', { href: 'https://bank.example.evil.example/login' })).toEqual(['lookalike_domain']);
    expect(judged('click', { href: 'https://xn--bnk-6cd.example/' })).toEqual(['lookalike_domain']);
    expect(judged('click', { href: 'https://evil.example/offer' })).toEqual([]);
    expect(judged('click', { href: 'https://bank.example/pay' })).toEqual([]);
    const form = (action: string) => ({
      submission: {
        method: 'get' as const,
        action,
        target: '_top',
        enctype: 'application/x-www-form-urlencoded',
        entries: [],
        truncated: false,
      },
    });
    expect(judged('submit', form('https://bank.example.evil.example/login'))).toEqual(['lookalike_domain']);
    expect(judged('submit', form('https://evil.example/search'))).toEqual([]);
    // Judged against the frame's site alone (before Dec 7), the bank's lookalike passed.
    expect(judged('click', { href: 'https://bank.example.evil.example/login' }, null)).toEqual([]);
  });

  it("blocks a frame's navigation (a navigate call, a redirect after its action) to a lookalike of the tab's site", () => {
    const call = resolved({ tool: 'navigate', args: { url: 'https://bank.example.evil.example/' } });
    const origin = certificate('origin', { origin: 'https://evil.example', url: 'https://evil.example/ad' }, '', { trust: 'browser' });
    const judged = (tabOrigin: string | null) =>
      gate({
        plan: planFor(call, { frameOrigin: 'https://evil.example', tabOrigin, subframe: true }),
        certificates: [{ ...origin, region: { frame: FRAME } }],
        scope: { frame: FRAME, selector: null },
        privilege: 'navigate',
        policy: DEFAULT_GATE_POLICY,
        now: NOW,
      }).reasons.map((r) => r.code);
    expect(judged(BANK)).toContain('lookalike_domain');
    expect(judged(null)).not.toContain('lookalike_domain');
  });

  it('blocks a navigate call to a lookalike, judged on the browser-stamped origin', () => {
    const call = resolved({ tool: 'navigate', args: { url: 'https://bank.example.evil.example/' } });
    const origin = certificate('origin', { origin: BANK, url: `${BANK}/pay` }, '', { trust: 'browser' });
    const result = gate({
      plan: planFor(call),
      certificates: [{ ...origin, region: { frame: FRAME } }],
      scope: { frame: FRAME, selector: null },
      privilege: 'navigate',
      policy: DEFAULT_GATE_POLICY,
      now: NOW,
    });
    expect(result.decision).toBe('block');
    expect(result.reasons.map((r) => r.code)).toEqual(['lookalike_domain']);
  });
});

describe('click: claims of where a link goes (href, origin) are checked against the resolved URL', () => {
  const run = (claims: Record<string, string>, href: string | null) => {
    const call = resolved({ tool: 'click', args: { target: '#statements' }, claims: { label: 'Statements', ...claims } });
    const certificates = honestEvidence('#statements', 'Statements').map((c) =>
      c.type === 'ui_element' ? certificate('ui_element', element({ href }), '#statements') : c,
    );
    return gate({
      plan: planFor(call, { frameOrigin: BANK }),
      certificates,
      scope: { frame: FRAME, selector: '#statements' },
      privilege: 'interact',
      policy: DEFAULT_GATE_POLICY,
      now: NOW,
    });
  };

  it('allows honest href and origin claims (the claim need not be byte-for-byte: URLs are compared parsed)', () => {
    expect(run({ href: 'https://bank.example/statements' }, 'https://bank.example/statements').decision).toBe('allow');
    expect(run({ href: 'HTTPS://BANK.example:443/statements' }, 'https://bank.example/statements').decision).toBe('allow');
    expect(run({ origin: 'https://bank.example' }, 'https://bank.example/statements?x=1').decision).toBe('allow');
  });

  it('blocks a link that goes elsewhere than claimed, and a claim on something that is no link', () => {
    const elsewhere = run({ href: 'https://bank.example/statements' }, 'https://bank.example/transfer?to=mallory');
    expect(elsewhere.decision).toBe('block');
    expect(elsewhere.reasons.map((r) => r.code)).toEqual(['destination_mismatch']);
    expect(run({ origin: 'https://bank.example' }, 'https://evil.example/').reasons.map((r) => r.code)).toEqual(['destination_mismatch']);
    expect(run({ origin: 'https://bank.example' }, null).reasons.map((r) => r.code)).toEqual(['destination_mismatch']);
  });
});

import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, interceptionFor, type Policy, PolicySchema, siteModeScripts, sitePatterns } from '../../src/core/policy';

/** A match pattern as both browsers read the ones siteModeScripts writes (ports are ignored). */
function matches(pattern: string, url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (pattern === '<all_urls>') return true;
  const parsed = /^\*:\/\/(\*\.)?([^/]+)\/\*$/.exec(pattern);
  if (parsed === null) throw new Error(`unexpected pattern ${pattern}`);
  if (protocol !== 'http:' && protocol !== 'https:') return false;
  const [, any, host] = parsed;
  return hostname === host || (any !== undefined && hostname.endsWith(`.${host}`));
}

/** The mode a page at `url` gets at document_start: its script's, or the page API's own default. */
function modeAtStart(policy: Policy, url: string): string {
  const running = siteModeScripts(policy).filter(
    (script) => script.matches.some((p) => matches(p, url)) && !script.excludeMatches.some((p) => matches(p, url)),
  );
  expect(running.length, `${url}: more than one mode script`).toBeLessThanOrEqual(1);
  return running[0]?.mode ?? 'enforce';
}

const URLS = [
  'https://bank.example/pay',
  'http://www.bank.example:8080/',
  'https://a.b.bank.example/',
  'https://bank.example.evil.example/',
  'https://notbank.example/',
  'https://shop.example/cart',
  'https://x.shop.example/',
  'http://localhost:3000/',
  'http://sub.localhost/',
  'http://127.0.0.1:8080/',
  'https://foo.github.io/',
  'https://bar.github.io/',
  'https://github.io/',
  'https://news.example/',
  'file:///home/user/page.html',
];

function policyWith(interception: Policy['interception'], sites: Policy['sites']): Policy {
  return PolicySchema.parse({ ...structuredClone(DEFAULT_POLICY), interception, sites });
}

describe('site mode scripts', () => {
  const sites: Policy['sites'] = {
    'bank.example': { interception: 'observe' },
    'shop.example': { interception: 'off' },
    localhost: { interception: 'observe' },
    '127.0.0.1': { interception: 'off' },
    'foo.github.io': { interception: 'observe' },
    'news.example': { interception: 'enforce' },
    'blog.example': { trust: 'trusted' },
  };

  for (const interception of ['enforce', 'observe', 'off'] as const) {
    it(`gives every page the policy's mode for its site from the start (default ${interception})`, () => {
      const policy = policyWith(interception, sites);
      for (const url of URLS) {
        expect(modeAtStart(policy, url), url).toBe(interceptionFor(policy, new URL(url).origin === 'null' ? null : new URL(url).origin));
      }
    });
  }

  it('registers nothing under the shipped policy: enforce is the page API default, and no page pays for a script', () => {
    expect(DEFAULT_POLICY.interception).toBe('enforce');
    expect(siteModeScripts(DEFAULT_POLICY)).toEqual([]);
    expect(siteModeScripts(policyWith('enforce', { 'news.example': { interception: 'enforce' } }))).toEqual([]);
  });

  it('covers a registrable domain with its subdomains, and a host that is not one only itself', () => {
    expect(sitePatterns('bank.example')).toEqual(['*://*.bank.example/*']);
    expect(sitePatterns('foo.github.io')).toEqual(['*://*.foo.github.io/*']);
    expect(sitePatterns('localhost')).toEqual(['*://localhost/*']);
    expect(sitePatterns('127.0.0.1')).toEqual(['*://127.0.0.1/*']);
  });
});

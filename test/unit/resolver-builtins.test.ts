import { describe, expect, it } from 'vitest';
import { describeTools, type Privilege, type ReasonCode, resolve } from '../../src/core';
import { call, codes, messages } from './helpers/resolver';

const HONEST: [string, Record<string, unknown>, Privilege][] = [
  ['click', { target: '#pay' }, 'interact'],
  ['type', { target: '#name', text: 'Ada' }, 'interact'],
  ['type', { target: '#name', text: '', replace: true }, 'interact'],
  ['select', { target: '#country', option: 'FR' }, 'interact'],
  ['submit', { target: 'form#checkout' }, 'commit'],
  ['navigate', { url: 'https://example.com/a?b=c#d' }, 'navigate'],
  ['navigate', { url: 'http://localhost:8080/' }, 'navigate'],
  ['read', { target: '#total' }, 'read'],
  ['scroll', { direction: 'down', amount: 400 }, 'read'],
  ['scroll', { target: '#list', direction: 'left', amount: 1 }, 'read'],
  ['scroll', { direction: 'up', amount: 100_000 }, 'read'],
];

describe('built-ins: honest calls', () => {
  it.each(HONEST)('%s %j resolves with privilege %s', (tool, args, privilege) => {
    const resolved = call(resolve({ tool, args }));
    expect(resolved).toMatchObject({ tool, provider: 'builtin', tier: 'builtin', privilege, args, pageTool: null });
    expect(resolved.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

const BAD_ARGS: [string, string, Record<string, unknown>, ReasonCode[]][] = [
  // H2: undeclared arguments
  ['click', 'an undeclared force flag', { target: '#a', force: true }, ['unknown_param']],
  ['type', 'a delay argument', { target: '#a', text: 'x', delay: 5 }, ['unknown_param']],
  ['select', 'an index instead of option', { target: '#a', option: 'x', index: 1 }, ['unknown_param']],
  ['submit', 'form fields as args', { target: '#f', fields: { a: 'b' } }, ['unknown_param']],
  ['navigate', 'a target', { url: 'https://a.example', target: '#a' }, ['unknown_param']],
  ['read', 'an attribute', { target: '#a', attribute: 'href' }, ['unknown_param']],
  ['scroll', 'a behavior', { direction: 'down', amount: 10, behavior: 'smooth' }, ['unknown_param']],
  // H2: missing required arguments
  ['click', 'no target', {}, ['missing_param']],
  ['type', 'no text', { target: '#a' }, ['missing_param']],
  ['select', 'no option', { target: '#a' }, ['missing_param']],
  ['submit', 'no target', {}, ['missing_param']],
  ['navigate', 'no url', {}, ['missing_param']],
  ['read', 'no target', {}, ['missing_param']],
  // A missing enum argument is H2 like any other missing argument (zod reports it as invalid_value).
  ['scroll', 'no direction', { amount: 10 }, ['missing_param']],
  ['scroll', 'no amount', { direction: 'down' }, ['missing_param']],
  // H3: wrong type, enum value, range or length
  ['click', 'a numeric target', { target: 7 }, ['type_mismatch']],
  ['type', 'text over 10,000 characters', { target: '#a', text: 'x'.repeat(10_001) }, ['type_mismatch']],
  ['type', "replace 'yes'", { target: '#a', text: 'x', replace: 'yes' }, ['type_mismatch']],
  ['type', 'numeric text', { target: '#a', text: 42 }, ['type_mismatch']],
  ['select', 'an empty option', { target: '#a', option: '' }, ['type_mismatch']],
  ['select', 'a numeric option', { target: '#a', option: 3 }, ['type_mismatch']],
  ['submit', 'a 4,097-character selector', { target: 'a'.repeat(4_097) }, ['type_mismatch']],
  ['navigate', 'a url object', { url: { href: 'https://a.example' } }, ['type_mismatch']],
  ['read', 'an array target', { target: ['#a'] }, ['type_mismatch']],
  ['scroll', "direction 'sideways'", { direction: 'sideways', amount: 10 }, ['type_mismatch']],
  ['scroll', "direction 'DOWN'", { direction: 'DOWN', amount: 10 }, ['type_mismatch']],
  ['scroll', 'amount 0', { direction: 'down', amount: 0 }, ['type_mismatch']],
  ['scroll', 'amount -5', { direction: 'down', amount: -5 }, ['type_mismatch']],
  ['scroll', 'amount 1.5', { direction: 'down', amount: 1.5 }, ['type_mismatch']],
  ['scroll', 'amount 1e9', { direction: 'down', amount: 1e9 }, ['type_mismatch']],
  ['scroll', "amount '10'", { direction: 'down', amount: '10' }, ['type_mismatch']],
  ['scroll', 'amount NaN', { direction: 'down', amount: Number.NaN }, ['type_mismatch']],
  ['scroll', 'amount Infinity', { direction: 'down', amount: Number.POSITIVE_INFINITY }, ['type_mismatch']],
  ['scroll', 'an empty target', { target: '', direction: 'down', amount: 10 }, ['type_mismatch']],
];

describe('built-ins: H2/H3 argument errors', () => {
  it.each(BAD_ARGS)('%s with %s → %j', (tool, _what, args, expected) => {
    expect(codes(resolve({ tool, args }))).toEqual(expected);
  });

  it('reports every problem of one call, each with its own code', () => {
    const resolution = resolve({ tool: 'scroll', args: { direction: 'sideways', force: 1 } });
    expect([...codes(resolution)].sort()).toEqual(['missing_param', 'type_mismatch', 'unknown_param']);
  });

  it('names the argument in H2 and H3 messages', () => {
    expect(messages(resolve({ tool: 'type', args: { target: '#a', text: 'x', replace: 'yes' } }))).toContain('args.replace');
    expect(messages(resolve({ tool: 'scroll', args: { direction: 'up' } }))).toBe('args.amount is required.');
    expect(messages(resolve({ tool: 'navigate', args: { url: 'https://a.example', method: 'POST' } }))).toBe(
      'Undeclared argument "method".',
    );
  });
});

const BAD_URLS: [string, string][] = [
  ['javascript:', 'javascript:alert(1)'],
  ['upper-case JAVASCRIPT:', 'JAVASCRIPT:alert(document.cookie)'],
  ['javascript: behind spaces', '  javascript:alert(1)'],
  ['javascript: split by a tab', 'java\tscript:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['file:', 'file:///etc/passwd'],
  ['blob:', 'blob:https://x/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'],
  ['chrome:', 'chrome://settings'],
  ['chrome-extension:', 'chrome-extension://abc/x.html'],
  ['moz-extension:', 'moz-extension://0f8d3c1e/popup.html'],
  ['about:blank', 'about:blank'],
  ['view-source:', 'view-source:https://a.example'],
  ['ftp:', 'ftp://files.example/x'],
  ['a relative path', '/path'],
  ['a scheme-relative URL', '//evil.example'],
  ['http without a host', 'http://'],
  ['an empty string', ''],
  ['a 9,000-character URL', `https://example.com/${'a'.repeat(9_000 - 20)}`],
];

describe('built-ins: navigate destinations', () => {
  it.each(BAD_URLS)('refuses %s as type_mismatch', (_what, url) => {
    const resolution = resolve({ tool: 'navigate', args: { url } });
    // An empty URL fails both the length and the scheme check: one reason each, both H3.
    expect(new Set(codes(resolution))).toEqual(new Set(['type_mismatch']));
    expect(messages(resolution)).toContain('args.url');
  });

  it('explains that only http and https are accepted', () => {
    expect(messages(resolve({ tool: 'navigate', args: { url: 'javascript:alert(1)' } }))).toContain(
      'must be an absolute http or https URL',
    );
  });

  it.each(['https://example.com', 'HTTPS://Example.COM/path', 'http://192.168.0.1:8000/x', `https://example.com/${'a'.repeat(8_000)}`])(
    'accepts %s',
    (url) => {
      expect(call(resolve({ tool: 'navigate', args: { url } })).args).toEqual({ url });
    },
  );
});

const CLAIMS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['click', { target: '#a' }, { label: 'Pay' }],
  ['type', { target: '#a', text: 'x' }, { label: 'Name' }],
  ['select', { target: '#a', option: 'FR' }, { label: 'Country' }],
  ['submit', { target: '#f' }, { label: 'Place order', fields: { email: 'a@b.c', qty: '2' } }],
  ['navigate', { url: 'https://shop.example/cart' }, { origin: 'https://shop.example' }],
  ['read', { target: '#total' }, { value: '€12.00' }],
  ['scroll', { direction: 'down', amount: 5 }, {}],
];

const FOREIGN_CLAIMS: [string, Record<string, unknown>, string][] = [
  ['click', { target: '#a' }, 'fields'],
  ['type', { target: '#a', text: 'x' }, 'value'],
  ['select', { target: '#a', option: 'FR' }, 'origin'],
  ['submit', { target: '#f' }, 'href'],
  ['navigate', { url: 'https://a.example' }, 'label'],
  ['read', { target: '#a' }, 'label'],
  ['scroll', { direction: 'down', amount: 5 }, 'label'],
  ['scroll', { direction: 'down', amount: 5 }, 'value'],
];

describe('built-ins: claims', () => {
  it.each(CLAIMS)('%s accepts its declared claims %j', (tool, args, claims) => {
    expect(call(resolve({ tool, args, claims })).claims).toEqual(claims);
  });

  it.each(FOREIGN_CLAIMS)('%s rejects the claim "%s" as unknown_claim', (tool, args, key) => {
    const resolution = resolve({ tool, args, claims: { [key]: 'x' } });
    expect(codes(resolution)).toEqual(['unknown_claim']);
    expect(messages(resolution)).toBe(`Undeclared claim "${key}".`);
  });

  it('type-checks declared claims', () => {
    expect(codes(resolve({ tool: 'submit', args: { target: '#f' }, claims: { fields: { qty: 2 } } }))).toEqual(['type_mismatch']);
    expect(codes(resolve({ tool: 'read', args: { target: '#a' }, claims: { value: 'x'.repeat(10_001) } }))).toEqual(['type_mismatch']);
    expect(codes(resolve({ tool: 'navigate', args: { url: 'https://a.example' }, claims: { origin: 1 } }))).toEqual(['type_mismatch']);
  });
});

describe('built-ins: describeTools', () => {
  const tools = describeTools();

  it('lists exactly the seven built-ins with their privileges and claim keys', () => {
    expect(tools.map((t) => [t.name, t.privilege, t.claims])).toEqual([
      ['click', 'interact', ['label', 'href', 'origin']],
      ['type', 'interact', ['label']],
      ['select', 'interact', ['label']],
      ['submit', 'commit', ['label', 'fields']],
      ['navigate', 'navigate', ['origin']],
      ['read', 'read', ['value']],
      ['scroll', 'read', []],
    ]);
    for (const tool of tools) expect(tool).toMatchObject({ provider: 'builtin', tier: 'builtin' });
  });

  it('gives each tool a distinct digest, stable across calls and equal to the one resolve() binds to', () => {
    const digests = tools.map((t) => t.digest);
    expect(new Set(digests).size).toBe(7);
    for (const digest of digests) expect(digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(describeTools().map((t) => t.digest)).toEqual(digests);
    expect(call(resolve({ tool: 'scroll', args: { direction: 'up', amount: 1 } })).digest).toBe(digests[6]);
  });

  it('publishes closed input schemas that name the required arguments', () => {
    const scroll = tools.find((t) => t.name === 'scroll')!.inputSchema;
    expect(scroll).toMatchObject({ type: 'object', additionalProperties: false, required: ['direction', 'amount'] });
    const type = tools.find((t) => t.name === 'type')!.inputSchema;
    expect(type).toMatchObject({ additionalProperties: false, required: ['target', 'text'] });
  });
});

import { describe, expect, it } from 'vitest';
import { AGENT_TEXT_LIMIT, describeTools, type ReasonCode, type Resolution, resolve, ToolDescriptorSchema } from '../../src/core';

const GOOD = { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay' } };

function codes(resolution: Resolution): ReasonCode[] {
  expect(resolution.ok).toBe(false);
  return resolution.ok ? [] : resolution.reasons.map((r) => r.code);
}

function firstMessage(resolution: Resolution): string {
  return resolution.ok ? '' : (resolution.reasons[0]?.message ?? '');
}

describe('resolve: an honest call', () => {
  it('resolves a click to the builtin provider with interact privilege and a sha256 digest', () => {
    const resolution = resolve(GOOD);
    expect(resolution.ok).toBe(true);
    if (!resolution.ok) return;
    expect(resolution.call).toMatchObject({
      tool: 'click',
      provider: 'builtin',
      privilege: 'interact',
      args: { target: '#pay' },
      claims: { label: 'Pay' },
      agent: null,
    });
    expect(resolution.call.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('accepts a call without claims and a provider pinned to "builtin"', () => {
    const resolution = resolve({ tool: 'click', provider: 'builtin', args: { target: 'button' } });
    expect(resolution.ok).toBe(true);
    if (resolution.ok) expect(resolution.call.claims).toEqual({});
  });

  it('truncates the agent text to the limit', () => {
    const resolution = resolve({ ...GOOD, agent: 'x'.repeat(500) });
    expect(AGENT_TEXT_LIMIT).toBe(200);
    expect(resolution.ok && resolution.call.agent).toBe('x'.repeat(200));
  });
});

describe('resolve: H1 unknown tools', () => {
  it('rejects a misspelt tool and names the nearest registered tool', () => {
    const resolution = resolve({ tool: 'clik', args: { target: '#pay' } });
    expect(codes(resolution)).toEqual(['unknown_tool']);
    expect(firstMessage(resolution)).toMatch(/Nearest registered names: click\b/);
  });

  it('suggests nothing for an unrelated long name', () => {
    const resolution = resolve({ tool: 'transfer_all_funds_to_account', args: { target: '#pay' } });
    expect(codes(resolution)).toEqual(['unknown_tool']);
    expect(firstMessage(resolution)).not.toMatch(/Nearest|click/);
  });

  it('rejects a provider pin other than "builtin" for a builtin tool (M1)', () => {
    const resolution = resolve({ ...GOOD, provider: 'https://evil.example' });
    expect(codes(resolution)).toEqual(['no_provider']);
  });
});

describe('resolve: H2/H3 signature and claims', () => {
  it.each<[string, unknown, ReasonCode]>([
    ['an undeclared argument', { tool: 'click', args: { target: '#a', force: true } }, 'unknown_param'],
    ['a missing target', { tool: 'click', args: {} }, 'missing_param'],
    ['a numeric target', { tool: 'click', args: { target: 42 } }, 'type_mismatch'],
    ['an empty target', { tool: 'click', args: { target: '' } }, 'type_mismatch'],
    ['a claim another tool would declare', { tool: 'click', args: { target: '#a' }, claims: { value: 'x' } }, 'unknown_claim'],
    ['an unknown claim', { tool: 'click', args: { target: '#a' }, claims: { foo: 1 } }, 'unknown_claim'],
    ['a non-string label claim', { tool: 'click', args: { target: '#a' }, claims: { label: 5 } }, 'type_mismatch'],
    ['an unknown envelope key', { ...GOOD, extra: 1 }, 'malformed_proposal'],
    ['args missing altogether', { tool: 'click' }, 'malformed_proposal'],
    ['a non-string agent', { ...GOOD, agent: 7 }, 'malformed_proposal'],
  ])('rejects %s', (_name, proposal, code) => {
    const resolution = resolve(proposal);
    expect(codes(resolution)[0]).toBe(code);
  });

  it('names the offending argument and claim in the message', () => {
    expect(firstMessage(resolve({ tool: 'click', args: { target: '#a', force: 1 } }))).toContain('"force"');
    expect(firstMessage(resolve({ tool: 'click', args: { target: '#a' }, claims: { foo: 1 } }))).toContain('"foo"');
    expect(firstMessage(resolve({ tool: 'click', args: {} }))).toContain('args.target');
  });
});

function nested(depth: number): Record<string, unknown> {
  let inner: Record<string, unknown> = {};
  for (let i = 0; i < depth; i++) inner = { n: inner };
  return inner;
}

class Point {
  x = 1;
}

describe('resolve: malformed and hostile inputs', () => {
  const manyKeys = Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i]));
  const cases: [string, () => unknown, ReasonCode][] = [
    ['null', () => null, 'malformed_proposal'],
    ['a string', () => 'click #pay', 'malformed_proposal'],
    ['a number', () => 42, 'malformed_proposal'],
    ['an array', () => [GOOD], 'malformed_proposal'],
    ['undefined', () => undefined, 'malformed_proposal'],
    ['a 1 MB target string', () => ({ tool: 'click', args: { target: 'a'.repeat(1024 * 1024) } }), 'payload_too_large'],
    ['an own "__proto__" key', () => JSON.parse('{"tool":"click","args":{"target":"#a","__proto__":{"x":1}}}'), 'malformed_proposal'],
    ['1,000-deep nesting in args', () => ({ tool: 'click', args: { target: '#a', deep: nested(1_000) } }), 'payload_too_large'],
    ['too many keys', () => ({ tool: 'click', args: { target: '#a', ...manyKeys } }), 'payload_too_large'],
    ['a class instance', () => ({ tool: 'click', args: { target: new Point() } }), 'malformed_proposal'],
    ['a Date', () => ({ tool: 'click', args: { target: new Date(0) } }), 'malformed_proposal'],
    ['a Map', () => ({ tool: 'click', args: { target: new Map([['a', 1]]) } }), 'malformed_proposal'],
    ['a function', () => ({ tool: 'click', args: { target: () => '#a' } }), 'malformed_proposal'],
    ['a bigint', () => ({ tool: 'click', args: { target: 1n } }), 'malformed_proposal'],
    ['a symbol key', () => ({ tool: 'click', args: { target: '#a', [Symbol('s')]: 1 } }), 'malformed_proposal'],
    ['a "constructor" key', () => ({ tool: 'click', args: { target: '#a' }, constructor: {} }), 'malformed_proposal'],
  ];

  it.each(cases)('rejects %s without throwing, and a good proposal still resolves afterwards', (_name, make, code) => {
    let resolution: Resolution | undefined;
    expect(() => {
      resolution = resolve(make());
    }).not.toThrow();
    expect(codes(resolution!)).toEqual([code]);
    const after = resolve(GOOD);
    expect(after.ok).toBe(true);
  });

  it('passes shallow extra structure through the shape check to the H2 check', () => {
    expect(codes(resolve({ tool: 'click', args: { target: '#a', deep: nested(3) } }))).toEqual(['unknown_param']);
  });

  it('a throwing getter does not make resolve throw', () => {
    const hostile = {
      tool: 'click',
      get args(): unknown {
        throw new Error('boom');
      },
    };
    let resolution: Resolution | undefined;
    expect(() => {
      resolution = resolve(hostile);
    }).not.toThrow();
    expect(resolution?.ok).toBe(false);
  });
});

describe('describeTools', () => {
  it('lists click with its privilege, claims, input schema and digest', () => {
    const tools = describeTools();
    const click = tools.find((t) => t.name === 'click');
    expect(click).toBeDefined();
    expect(ToolDescriptorSchema.safeParse(click).success).toBe(true);
    expect(click).toMatchObject({ provider: 'builtin', tier: 'builtin', privilege: 'interact', claims: ['label', 'href', 'origin'] });
    expect(click?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(JSON.stringify(click?.inputSchema)).toContain('"target"');
  });

  it('gives the same digest on every call, equal to the one resolve() binds to', () => {
    const first = describeTools().find((t) => t.name === 'click')?.digest;
    const second = describeTools().find((t) => t.name === 'click')?.digest;
    expect(first).toBe(second);
    const resolution = resolve(GOOD);
    expect(resolution.ok && resolution.call.digest).toBe(first);
  });

  it('returns fresh objects, so a caller mutating the list cannot change the registry', () => {
    const tools = describeTools();
    tools[0]!.digest = 'sha256:tampered';
    tools.length = 0;
    expect(describeTools().find((t) => t.name === 'click')?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});

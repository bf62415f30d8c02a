import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { admit } from '../../src/content/admission';
import { resolve } from '../../src/core';
import { targetOf } from '../../src/core/plan';

/**
 * The frame certifies on the way in only what the background's resolver will resolve, and every
 * call the resolver resolves gets its target certified (issue 13 §1): admit() against resolve()
 * over honest calls, every edge of the built-in schemas, and generated near-misses.
 */
function expectSame(proposal: unknown): void {
  const resolution = resolve(proposal);
  const admitted = admit(proposal);
  if (!resolution.ok) {
    expect(admitted, JSON.stringify(proposal)).toBeNull();
    return;
  }
  expect(admitted, JSON.stringify(proposal)).toEqual({ tool: resolution.call.tool, target: targetOf(resolution.call) });
}

const EXAMPLES: unknown[] = [
  { tool: 'click', args: { target: '#pay' } },
  { tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay', href: 'https://a.example/', origin: 'https://a.example' } },
  { tool: 'click', args: { target: '#pay' }, provider: 'builtin' },
  { tool: 'click', args: { target: '#pay' }, provider: 'https://page.example' },
  { tool: 'click', args: { target: '' } },
  { tool: 'click', args: { target: 'a'.repeat(4_096) } },
  { tool: 'click', args: { target: 'a'.repeat(4_097) } },
  { tool: 'click', args: { target: '#a', force: true } },
  { tool: 'click', args: { target: '#a' }, claims: { value: 'x' } },
  { tool: 'click', args: { target: '#a' }, claims: { label: 'x'.repeat(1_001) } },
  { tool: 'click', args: { target: '#a' }, agent: 'page-agent' },
  { tool: 'click', args: { target: '#a' }, extra: 1 },
  { tool: 'click', args: { target: 7 } },
  { tool: 'type', args: { target: '#n', text: 'Ada' } },
  { tool: 'type', args: { target: '#n', text: '', replace: true } },
  { tool: 'type', args: { target: '#n', text: 'x', replace: 'yes' } },
  { tool: 'type', args: { target: '#n', text: 'x'.repeat(10_001) } },
  { tool: 'select', args: { target: '#c', option: 'FR' } },
  { tool: 'select', args: { target: '#c', option: '' } },
  { tool: 'submit', args: { target: 'form' }, claims: { fields: { name: 'Ada' } } },
  { tool: 'submit', args: { target: 'form' }, claims: { fields: { name: 3 } } },
  { tool: 'submit', args: { target: 'form' }, claims: { fields: [] } },
  { tool: 'navigate', args: { url: 'https://example.com/a' } },
  { tool: 'navigate', args: { url: 'javascript:alert(1)' } },
  { tool: 'navigate', args: { url: 'http://localhost:8080/' }, claims: { origin: 'http://localhost:8080' } },
  { tool: 'navigate', args: { url: 'file:///etc/passwd' } },
  { tool: 'read', args: { target: '#t' }, claims: { value: '12.00' } },
  { tool: 'scroll', args: { direction: 'down', amount: 400 } },
  { tool: 'scroll', args: { target: '#l', direction: 'left', amount: 1 } },
  { tool: 'scroll', args: { direction: 'down', amount: 1.5 } },
  { tool: 'scroll', args: { direction: 'down', amount: 0 } },
  { tool: 'scroll', args: { direction: 'down', amount: 100_001 } },
  { tool: 'scroll', args: { direction: 'sideways', amount: 1 } },
  { tool: 'scroll', args: { direction: 'up', amount: 1 }, claims: { label: 'x' } },
  { tool: 'cilck', args: { target: '#a' } },
  { tool: 'refund', args: { id: 1 } },
  { tool: '', args: {} },
  { tool: 'click' },
  { tool: 'click', args: [] },
  { tool: 'click', args: { target: '#a' }, claims: [] },
  JSON.parse('{"tool":"click","args":{"target":"#a","__proto__":{}}}'),
  null,
  [],
  'click',
];

describe('admission: the frame certifies exactly what resolves', () => {
  it.each(EXAMPLES.map((example) => [JSON.stringify(example)?.slice(0, 80), example]))('%s', (_name, example) => expectSame(example));

  it('agrees with the resolver on generated near-misses', () => {
    const text = fc.oneof(
      fc.constantFrom('', '#a', 'https://a.example/', 'javascript:x', 'up', 'down', 'FR', 'builtin'),
      fc.string({ maxLength: 12 }),
      fc.constant('x'.repeat(1_001)),
      fc.constant('y'.repeat(4_097)),
    );
    const value = fc.oneof(text, fc.integer({ min: -2, max: 100_002 }), fc.double(), fc.boolean(), fc.constant(null), fc.constant([]));
    const key = fc.constantFrom(
      'target',
      'text',
      'replace',
      'option',
      'url',
      'direction',
      'amount',
      'label',
      'href',
      'origin',
      'value',
      'fields',
      'x',
    );
    const record = fc.dictionary(key, fc.oneof(value, fc.dictionary(fc.string({ maxLength: 3 }), value, { maxKeys: 2 })), { maxKeys: 4 });
    const proposal = fc.record(
      {
        tool: fc.oneof(fc.constantFrom('click', 'type', 'select', 'submit', 'navigate', 'read', 'scroll'), fc.string({ maxLength: 6 })),
        provider: fc.constantFrom('builtin', 'https://a.example', ''),
        args: record,
        claims: record,
        agent: fc.string({ maxLength: 4 }),
      },
      { requiredKeys: ['tool', 'args'] },
    );
    fc.assert(
      fc.property(proposal, (p) => expectSame(JSON.parse(JSON.stringify(p)))),
      { numRuns: 3_000 },
    );
  });
});

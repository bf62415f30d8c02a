import { describe, expect, it } from 'vitest';
import { compileJsonSchema, type SchemaIssue, type Validator } from '../../src/core';

function compiled(schema: unknown): Validator {
  const result = compileJsonSchema(schema);
  if (!result.ok) expect.fail(`expected the schema to compile: ${result.error}`);
  return (result as { ok: true; validate: Validator }).validate;
}

function refused(schema: unknown): string {
  const result = compileJsonSchema(schema);
  if (result.ok) expect.fail('expected the schema to be refused');
  return result.ok ? '' : result.error;
}

const kinds = (issues: SchemaIssue[]) => issues.map((i) => `${i.kind}@${i.path}`);

/** A typical MCP tool schema. */
const ORDER = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  description: 'Place an order.',
  properties: {
    customer: { type: 'string', minLength: 1, maxLength: 40, pattern: '^[a-z][a-z0-9_-]*$' },
    priority: { type: 'string', enum: ['low', 'normal', 'high'], default: 'normal' },
    shipping: {
      type: 'object',
      properties: { zip: { type: 'string', pattern: '^[0-9]{5}$' }, express: { type: 'boolean' } },
      required: ['zip'],
    },
    items: {
      type: 'array',
      minItems: 1,
      maxItems: 50,
      items: {
        type: 'object',
        properties: { sku: { type: 'string' }, qty: { type: 'integer', minimum: 1, maximum: 99 } },
        required: ['sku', 'qty'],
      },
    },
    note: { anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] },
    discount: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
  },
  required: ['customer', 'items'],
};
const GOOD_ORDER = {
  customer: 'ada',
  priority: 'high',
  shipping: { zip: '75001' },
  items: [{ sku: 'A1', qty: 2 }],
  note: null,
  discount: 0.5,
};

describe('compileJsonSchema: typical MCP schemas', () => {
  const validate = compiled(ORDER);

  it('accepts a conforming value and the minimal one', () => {
    expect(validate(GOOD_ORDER)).toEqual([]);
    expect(validate({ customer: 'b', items: [{ sku: 'x', qty: 99 }] })).toEqual([]);
  });

  it.each([
    ['an extra top-level key', { ...GOOD_ORDER, coupon: 'FREE' }, ['unknown@coupon']],
    ['an extra nested key', { ...GOOD_ORDER, shipping: { zip: '75001', door: 'B' } }, ['unknown@shipping.door']],
    ['a missing required key', { customer: 'ada' }, ['missing@items']],
    ['a missing nested key', { ...GOOD_ORDER, items: [{ sku: 'a', qty: 1 }, { sku: 'b' }] }, ['missing@items[1].qty']],
    [
      'a string quantity',
      {
        ...GOOD_ORDER,
        items: [
          { sku: 'a', qty: 1 },
          { sku: 'b', qty: '2' },
        ],
      },
      ['type@items[1].qty'],
    ],
    ['a fractional quantity', { ...GOOD_ORDER, items: [{ sku: 'a', qty: 1.5 }] }, ['type@items[0].qty']],
    ['a quantity over the maximum', { ...GOOD_ORDER, items: [{ sku: 'a', qty: 100 }] }, ['type@items[0].qty']],
    ['an enum miss', { ...GOOD_ORDER, priority: 'urgent' }, ['type@priority']],
    ['a pattern miss', { ...GOOD_ORDER, customer: 'Ada' }, ['type@customer']],
    ['an empty array', { ...GOOD_ORDER, items: [] }, ['type@items']],
    ['an anyOf miss', { ...GOOD_ORDER, note: 5 }, ['type@note']],
    ['an exclusive bound', { ...GOOD_ORDER, discount: 1 }, ['type@discount']],
    ['a non-object input', ['ada'], ['type@']],
  ])('reports %s at its path', (_what, value, expected) => {
    expect(kinds(validate(value))).toEqual(expected);
  });

  it('names the nested path in the message', () => {
    const [issue] = validate({
      ...GOOD_ORDER,
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: '2' },
      ],
    });
    expect(issue!.message).toBe('items[1].qty: expected integer, got string.');
  });
});

describe('compileJsonSchema: closed world', () => {
  const props = { type: 'object', properties: { a: { type: 'string' } } };

  it('treats an absent additionalProperties as false', () => {
    expect(compiled(props)({ a: 'x', b: 1 })).toEqual([{ kind: 'unknown', path: 'b', message: 'Undeclared argument "b".' }]);
  });

  it('never takes a declaration from Object.prototype', () => {
    expect(kinds(compiled(props)({ toString: 'x', hasOwnProperty: 1 }))).toEqual(['unknown@toString', 'unknown@hasOwnProperty']);
    expect(kinds(compiled({ type: 'object', properties: { toString: {} }, required: ['toString'] })({}))).toEqual(['missing@toString']);
  });

  it('allows extra keys under additionalProperties true and validates them under a schema', () => {
    expect(compiled({ ...props, additionalProperties: true })({ a: 'x', b: [1] })).toEqual([]);
    const typed = compiled({ ...props, additionalProperties: { type: 'integer' } });
    expect(typed({ a: 'x', b: 2 })).toEqual([]);
    expect(kinds(typed({ a: 'x', b: 'two' }))).toEqual(['type@b']);
  });

  it('enforces required and additionalProperties even when the schema omits "type"', () => {
    expect(kinds(compiled({ required: ['q'] })({}))).toEqual(['missing@q']);
    expect(kinds(compiled({ additionalProperties: false })({ x: 1 }))).toEqual(['unknown@x']);
  });

  it('enforces required inside anyOf branches (the "one of these keys" idiom)', () => {
    const either = compiled({
      ...props,
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      anyOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    expect(either({ a: 'x' })).toEqual([]);
    expect(either({ b: 'y' })).toEqual([]);
    expect(kinds(either({}))).toEqual(['type@']);
  });

  it('treats boolean schemas as everything and nothing', () => {
    expect(compiled(true)({ anything: [1] })).toEqual([]);
    expect(kinds(compiled(false)({}))).toEqual(['type@']);
    expect(kinds(compiled({ type: 'object', properties: { a: false } })({ a: 1 }))).toEqual(['unknown@a']);
  });
});

describe('compileJsonSchema: values', () => {
  it('separates integer from number and refuses NaN and Infinity as either', () => {
    const int = compiled({ type: 'integer' });
    const num = compiled({ type: 'number' });
    expect([int(3), int(3.0), int(-0), num(3.5)]).toEqual([[], [], [], []]);
    for (const bad of [3.5, Number.NaN, Number.POSITIVE_INFINITY, '3', true, null]) expect(kinds(int(bad))).toEqual(['type@']);
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, '3.5']) expect(kinds(num(bad))).toEqual(['type@']);
  });

  it('compares const and enum by JSON value, not by identity or key order', () => {
    const point = compiled({ const: { x: 1, y: [2, 3] } });
    expect(point({ x: 1, y: [2, 3] })).toEqual([]);
    expect(point({ y: [2, 3], x: 1 })).toEqual([]);
    expect(kinds(point({ x: 1, y: [3, 2] }))).toEqual(['type@']);
    const options = compiled({ enum: ['a', 1, null, [1]] });
    expect([options('a'), options(1), options(null), options([1])]).toEqual([[], [], [], []]);
    for (const bad of ['1', [1, 1], {}, false]) expect(kinds(options(bad))).toEqual(['type@']);
  });

  it('does not let NaN or Infinity pass for null', () => {
    expect(kinds(compiled({ enum: [null] })(Number.NaN))).toEqual(['type@']);
    expect(kinds(compiled({ const: null })(Number.POSITIVE_INFINITY))).toEqual(['type@']);
  });

  it('counts string length in code points', () => {
    const two = compiled({ type: 'string', minLength: 2, maxLength: 2 });
    expect(two('😀👍')).toEqual([]);
    expect(kinds(two('😀'))).toEqual(['type@']);
    expect(two('😀')[0]!.message).toBe('input: must have at least 2 characters.');
  });

  it('refuses to run a pattern on input over 256 characters', () => {
    const letters = compiled({ type: 'string', pattern: '^a*$' });
    expect(letters('a'.repeat(256))).toEqual([]);
    expect(letters('a'.repeat(257))).toEqual([
      { kind: 'type', path: '', message: 'input: is too long to check against a pattern (over 256 characters).' },
    ]);
  });
});

function nest(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return schema;
}

describe('compileJsonSchema: schemas it cannot enforce', () => {
  it.each([
    ['$ref', { type: 'object', properties: { a: { $ref: '#/a' } } }, 'inputSchema.properties.a: the keyword "$ref" is not supported.'],
    ['if', { type: 'object', if: { required: ['a'] } }, 'inputSchema: the keyword "if" is not supported.'],
    ['patternProperties', { type: 'object', patternProperties: { x: {} } }, 'the keyword "patternProperties" is not supported.'],
    ['an unknown type', { type: 'float' }, 'inputSchema: unknown type.'],
    ['null', null, 'inputSchema: a schema must be an object.'],
    ['an array', [{ type: 'string' }], 'inputSchema: a schema must be an object.'],
    ['a string', 'object', 'inputSchema: a schema must be an object.'],
    ['tuple items', { type: 'array', items: [{ type: 'string' }] }, 'inputSchema.items: a schema must be an object.'],
    ['an invalid regex', { type: 'string', pattern: '(' }, 'inputSchema: pattern is not a valid regular expression.'],
    ['(a+)+$', { type: 'string', pattern: '(a+)+$' }, 'inputSchema: pattern quantifies a group, which can backtrack catastrophically.'],
    ['an empty anyOf', { anyOf: [] }, 'inputSchema.anyOf: must be a non-empty array.'],
    ['17 levels of nesting', nest(17), 'nested too deeply.'],
  ])('refuses %s', (_what, schema, error) => {
    expect(refused(schema)).toContain(error);
  });

  it('accepts 16 levels of nesting', () => {
    expect(compiled(nest(16))({ a: { a: {} } })).toEqual([]);
  });

  it.each(['(?:a+)+$', '(a*)*b', '(.*a){12}', '(\\w+\\s?)+$', '((a+))+$', '(?:(a+))*$', '(a|a)+$', '(a|aa)+$'])(
    'refuses the catastrophic-backtracking pattern %s',
    (pattern) => {
      expect(refused({ type: 'string', pattern })).toMatch(/pattern/);
    },
  );

  it('refuses constraint keywords whose values it cannot apply, instead of ignoring them', () => {
    for (const schema of [
      { type: 'number', minimum: '5' },
      { type: 'string', maxLength: '3' },
      { type: 'array', maxItems: null },
    ]) {
      expect(compileJsonSchema(schema).ok, JSON.stringify(schema)).toBe(false);
    }
  });
});

describe('compileJsonSchema: hostile values', () => {
  let deep: unknown = 0;
  for (let i = 0; i < 200_000; i++) deep = [deep];
  const huge = 'x'.repeat(2_000_000);

  it.each([
    ['a 200,000-deep array against items', { type: 'array', items: { type: 'array', items: { type: 'string' } } }, [deep]],
    ['a 200,000-deep array against const', { const: [0] }, deep],
    ['a 200,000-deep array against enum', { enum: [[0], 'a'] }, deep],
    ['a 200,000-deep array against uniqueItems', { type: 'array', uniqueItems: true }, [deep, deep]],
    ['a 2 MB string against a pattern', { type: 'string', pattern: '^[a-z]+$', maxLength: 10 }, huge],
    ['a 2 MB string against an enum', { enum: ['a'] }, huge],
    ['a bigint against const', { const: 1 }, 1n],
  ])('returns issues for %s without throwing', (_what, schema, value) => {
    const validate = compiled(schema);
    let issues: SchemaIssue[] | undefined;
    expect(() => {
      issues = validate(value);
    }).not.toThrow();
    expect(issues!.length).toBeGreaterThan(0);
  });
});

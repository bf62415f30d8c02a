/**
 * A JSON Schema interpreter for page tools' `inputSchema`, without code generation: MV3 extension
 * pages forbid `eval`/`new Function`, which schema compilers such as ajv rely on. It covers the
 * subset tool schemas use; any other keyword makes the schema unsupported, so the tool cannot be
 * called (fail closed) rather than validated loosely.
 *
 * Closed world: `additionalProperties` defaults to false, so undeclared arguments are H2 errors.
 */
export type SchemaIssue = { kind: 'unknown' | 'missing' | 'type'; path: string; message: string };
export type Validator = (value: unknown) => SchemaIssue[];
export type Compiled = { ok: true; validate: Validator } | { ok: false; error: string };

type Schema = Record<string, unknown>;

const ANNOTATIONS = new Set([
  '$schema',
  '$id',
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'format',
]);
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'items',
  'minItems',
  'maxItems',
  'uniqueItems',
  'anyOf',
  'oneOf',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_PATTERN = 256;
const MAX_PATTERN_INPUT = 256;
const MAX_UNBOUNDED_QUANTIFIERS = 3;
const MAX_SCHEMA_DEPTH = 16;

export function compileJsonSchema(schema: unknown): Compiled {
  const error = check(schema, 'inputSchema', 0);
  if (error) return { ok: false, error };
  return { ok: true, validate: (value) => validate(schema as Schema, value, '') };
}

/** Rejects schemas Warrant cannot enforce exactly: unknown keywords, bad patterns, odd shapes. */
function check(schema: unknown, at: string, depth: number): string | null {
  if (depth > MAX_SCHEMA_DEPTH) return `${at}: nested too deeply.`;
  if (typeof schema === 'boolean') return null;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return `${at}: a schema must be an object.`;
  const s = schema as Schema;
  for (const key of Object.keys(s)) {
    if (!KEYWORDS.has(key) && !ANNOTATIONS.has(key)) return `${at}: the keyword "${key.slice(0, 40)}" is not supported.`;
  }
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.some((t) => typeof t !== 'string' || !TYPES.has(t))) return `${at}: unknown type.`;
  if (s.pattern !== undefined) {
    if (typeof s.pattern !== 'string' || s.pattern.length > MAX_PATTERN)
      return `${at}: pattern must be a string of at most ${MAX_PATTERN} characters.`;
    try {
      new RegExp(s.pattern, 'u');
    } catch {
      return `${at}: pattern is not a valid regular expression.`;
    }
    const risk = backtrackingRisk(s.pattern);
    if (risk) return `${at}: ${risk}`;
  }
  const numeric = numericKeywordProblem(s);
  if (numeric) return `${at}: ${numeric}`;
  if (s.uniqueItems !== undefined && typeof s.uniqueItems !== 'boolean') return `${at}: uniqueItems must be a boolean.`;
  if (s.required !== undefined && (!Array.isArray(s.required) || s.required.some((r) => typeof r !== 'string')))
    return `${at}: required must list names.`;
  if (s.enum !== undefined && !Array.isArray(s.enum)) return `${at}: enum must be an array.`;
  if (s.properties !== undefined) {
    if (typeof s.properties !== 'object' || s.properties === null || Array.isArray(s.properties))
      return `${at}: properties must be an object.`;
    for (const [name, sub] of Object.entries(s.properties)) {
      const problem = check(sub, `${at}.properties.${name}`, depth + 1);
      if (problem) return problem;
    }
  }
  for (const key of ['additionalProperties', 'items'] as const) {
    if (s[key] !== undefined) {
      const problem = check(s[key], `${at}.${key}`, depth + 1);
      if (problem) return problem;
    }
  }
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (s[key] === undefined) continue;
    if (!Array.isArray(s[key]) || s[key].length === 0) return `${at}.${key}: must be a non-empty array.`;
    for (const [index, sub] of (s[key] as unknown[]).entries()) {
      const problem = check(sub, `${at}.${key}[${index}]`, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * JavaScript regular expressions backtrack, and a page supplies both the pattern and (through its
 * agent) the input, so it could stall the background. Quantified groups — the source of
 * exponential backtracking, e.g. (a+)+ or (a|aa)+ — are refused outright, and the number of
 * unbounded quantifiers and the input length are capped to keep the polynomial cases small.
 */
function backtrackingRisk(pattern: string): string | null {
  let unbounded = 0;
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\') {
      i += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === ')' && /[*+?{]/u.test(pattern[i + 1] ?? ''))
      return 'pattern quantifies a group, which can backtrack catastrophically.';
    else if (char === '*' || char === '+' || (char === '{' && /^\{\d*,\}/u.test(pattern.slice(i)))) unbounded += 1;
  }
  return unbounded > MAX_UNBOUNDED_QUANTIFIERS ? `pattern has more than ${MAX_UNBOUNDED_QUANTIFIERS} unbounded quantifiers.` : null;
}

const COUNTS = ['minLength', 'maxLength', 'minItems', 'maxItems'] as const;
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'] as const;

/** A constraint Warrant cannot apply must not be silently dropped: the schema is refused. */
function numericKeywordProblem(s: Schema): string | null {
  for (const key of COUNTS) {
    if (s[key] !== undefined && !(Number.isInteger(s[key]) && (s[key] as number) >= 0)) return `${key} must be a non-negative integer.`;
  }
  for (const key of BOUNDS) {
    if (s[key] !== undefined && !(typeof s[key] === 'number' && Number.isFinite(s[key]))) return `${key} must be a finite number.`;
  }
  if (s.multipleOf !== undefined && !(typeof s.multipleOf === 'number' && Number.isFinite(s.multipleOf) && s.multipleOf > 0)) {
    return 'multipleOf must be a positive number.';
  }
  return null;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

function matchesType(type: string, value: unknown): boolean {
  if (type === 'integer') return Number.isInteger(value);
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  return typeOf(value) === type;
}

const describe = (path: string) => path || 'input';

function validate(schema: Schema | boolean, value: unknown, path: string): SchemaIssue[] {
  if (schema === true) return [];
  if (schema === false) return [{ kind: path ? 'unknown' : 'type', path, message: `${describe(path)} is not allowed.` }];
  const type = (issue: string): SchemaIssue[] => [{ kind: 'type', path, message: `${describe(path)}: ${issue}` }];

  const types = schema.type === undefined ? null : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (types && !types.some((t) => matchesType(t, value))) return type(`expected ${types.join(' or ')}, got ${typeOf(value)}.`);
  if (schema.const !== undefined && !sameJson(schema.const, value)) return type('does not equal the constant.');
  if (Array.isArray(schema.enum) && !schema.enum.some((option) => sameJson(option, value)))
    return type('is not one of the allowed values.');

  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) return type(`must be ≥ ${schema.minimum}.`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) return type(`must be ≤ ${schema.maximum}.`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
      return type(`must be > ${schema.exclusiveMinimum}.`);
    if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
      return type(`must be < ${schema.exclusiveMaximum}.`);
    if (typeof schema.multipleOf === 'number' && !isMultiple(value, schema.multipleOf)) {
      return type(`must be a multiple of ${schema.multipleOf}.`);
    }
  }
  if (typeof value === 'string') {
    const length = [...value].length;
    if (typeof schema.minLength === 'number' && length < schema.minLength)
      return type(`must have at least ${schema.minLength} characters.`);
    if (typeof schema.maxLength === 'number' && length > schema.maxLength) return type(`must have at most ${schema.maxLength} characters.`);
    if (typeof schema.pattern === 'string') {
      if (value.length > MAX_PATTERN_INPUT) return type(`is too long to check against a pattern (over ${MAX_PATTERN_INPUT} characters).`);
      if (!new RegExp(schema.pattern, 'u').test(value)) return type('does not match the pattern.');
    }
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) return type(`must have at least ${schema.minItems} items.`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) return type(`must have at most ${schema.maxItems} items.`);
    if (schema.uniqueItems === true && value.some((item, i) => value.slice(0, i).some((earlier) => jsonEqual(earlier, item)))) {
      return type('items must be unique.');
    }
    if (schema.items !== undefined) {
      const issues = value.flatMap((item, index) => validate(schema.items as Schema, item, `${path}[${index}]`));
      if (issues.length > 0) return issues;
    }
  }
  if (
    typeOf(value) === 'object' &&
    (schema.properties !== undefined ||
      schema.required !== undefined ||
      schema.additionalProperties !== undefined ||
      types?.includes('object'))
  ) {
    const issues = validateObject(schema, value as Record<string, unknown>, path);
    if (issues.length > 0) return issues;
  }
  if (Array.isArray(schema.anyOf) && !schema.anyOf.some((sub) => validate(sub as Schema, value, path).length === 0)) {
    return type('matches none of the allowed shapes.');
  }
  if (Array.isArray(schema.oneOf) && schema.oneOf.filter((sub) => validate(sub as Schema, value, path).length === 0).length !== 1) {
    return type('must match exactly one allowed shape.');
  }
  return [];
}

function validateObject(schema: Schema, value: Record<string, unknown>, path: string): SchemaIssue[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const issues: SchemaIssue[] = [];
  for (const name of (schema.required ?? []) as string[]) {
    if (!Object.hasOwn(value, name)) issues.push({ kind: 'missing', path: join(path, name), message: `${join(path, name)} is required.` });
  }
  // Closed world where the schema describes the object's members; a bare {required:[…]} (an anyOf
  // branch, say) leaves the members to the schema that declares them.
  const describesMembers = schema.properties !== undefined || schema.additionalProperties !== undefined || schema.type !== undefined;
  if (!describesMembers) return issues;
  const additional = (schema.additionalProperties ?? false) as Schema | boolean;
  for (const [name, member] of Object.entries(value)) {
    const sub = Object.hasOwn(properties, name) ? properties[name]! : additional;
    if (sub === false)
      issues.push({ kind: 'unknown', path: join(path, name), message: `Undeclared argument "${join(path, name).slice(0, 64)}".` });
    else issues.push(...validate(sub, member, join(path, name)));
  }
  return issues;
}

const join = (path: string, name: string) => (path ? `${path}.${name}` : name);

function isMultiple(value: number, step: number): boolean {
  const quotient = value / step;
  return Math.abs(quotient - Math.round(quotient)) < 1e-9;
}

const sameJson = jsonEqual;

/**
 * Equality of JSON values, independent of key order, iterative (no stack to exhaust), and strict
 * about numbers: NaN and ±Infinity equal nothing, since JSON has no such values.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  const stack: [unknown, unknown][] = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (typeof x === 'number' || typeof y === 'number') {
      if (!(typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && x === y)) return false;
      continue;
    }
    if (x === null || y === null || typeof x !== 'object' || typeof y !== 'object') {
      if (x !== y || typeof x === 'bigint' || typeof x === 'symbol' || typeof x === 'function') return false;
      continue;
    }
    if (Array.isArray(x) !== Array.isArray(y)) return false;
    const xKeys = Object.keys(x);
    const yKeys = Object.keys(y);
    if (xKeys.length !== yKeys.length) return false;
    for (const key of xKeys) {
      if (!Object.hasOwn(y, key)) return false;
      stack.push([(x as Record<string, unknown>)[key], (y as Record<string, unknown>)[key]]);
    }
  }
  return true;
}

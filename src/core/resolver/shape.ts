import type { ReasonCode } from '../contracts';
import { PROPOSAL_LIMITS } from '../contracts/limits';

export type ShapeProblem = { code: Extract<ReasonCode, 'malformed_proposal' | 'payload_too_large'>; message: string };

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Walks an untrusted value iteratively (so 1,000-deep nesting cannot overflow the stack) and
 * stops at the first limit it crosses, before any schema work sees the value.
 */
export function inspectShape(raw: unknown, limits = PROPOSAL_LIMITS): ShapeProblem | null {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    return { code: 'malformed_proposal', message: `A proposal must be an object, got ${describe(raw)}.` };
  }
  const stack: { value: unknown; depth: number }[] = [{ value: raw, depth: 1 }];
  let keys = 0;
  let bytes = 0;
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.length > limits.maxStringLength) {
        return { code: 'payload_too_large', message: `A string of ${value.length} characters exceeds ${limits.maxStringLength}.` };
      }
      bytes += value.length;
    } else if (typeof value === 'number' || typeof value === 'boolean' || value === null || value === undefined) {
      bytes += 8;
    } else if (typeof value === 'object') {
      if (depth > limits.maxDepth) {
        return { code: 'payload_too_large', message: `Nesting deeper than ${limits.maxDepth} levels.` };
      }
      if (!Array.isArray(value) && !isPlainObject(value)) {
        return { code: 'malformed_proposal', message: 'Only plain objects, arrays and primitives are accepted.' };
      }
      for (const key of Reflect.ownKeys(value)) {
        if (typeof key === 'symbol') return { code: 'malformed_proposal', message: 'Symbol keys are not accepted.' };
        if (FORBIDDEN_KEYS.has(key)) return { code: 'malformed_proposal', message: `The key "${key}" is not accepted.` };
        if (++keys > limits.maxKeys) return { code: 'payload_too_large', message: `More than ${limits.maxKeys} keys.` };
        bytes += key.length;
        // Read descriptors, not values: a getter would run code now and could answer differently later.
        const descriptor = Object.getOwnPropertyDescriptor(value, key);
        if (!descriptor || !('value' in descriptor)) {
          return { code: 'malformed_proposal', message: `The key "${key.slice(0, 64)}" is an accessor, not data.` };
        }
        stack.push({ value: descriptor.value, depth: depth + 1 });
      }
    } else {
      return { code: 'malformed_proposal', message: `Values of type ${typeof value} are not accepted.` };
    }
    if (bytes > limits.maxBytes) return { code: 'payload_too_large', message: `The proposal exceeds ${limits.maxBytes} bytes.` };
  }
  return null;
}

/**
 * A plain object of any realm: structured clones made for another realm (Firefox content scripts
 * see page objects through Xray wrappers) have that realm's Object.prototype, not ours.
 */
function isPlainObject(value: object): boolean {
  const proto = Object.getPrototypeOf(value);
  if (proto === null) return true;
  return Object.getPrototypeOf(proto) === null && Object.prototype.toString.call(value) === '[object Object]';
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value;
}

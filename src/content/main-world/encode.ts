import {
  ArrayPrototype,
  apply,
  bag,
  getPrototypeOf,
  hasOwn,
  isArray,
  ObjectPrototype,
  objectKeys,
  stringify,
  WeakSetCtor,
  weakSetAdd,
  weakSetHas,
} from './primordials';

/**
 * Proposals cross to the isolated world as JSON text: structured clones reach Firefox content
 * scripts through Xray wrappers, which hide own `__proto__` keys and so would launder them.
 * Only plain data is accepted; functions, symbols, DOM nodes and class instances are refused.
 *
 * Serialised here rather than by JSON.stringify, which looks `toJSON` up through the prototype
 * chain: a page that set `Object.prototype.toJSON` could otherwise rewrite an assistant's
 * proposal on its way out. Only own keys are read, and the captured JSON.stringify quotes
 * primitives only (it looks nothing up on them). The result has a null prototype.
 */
export function encode(value: unknown): { json: string } | { problem: string } {
  try {
    const problem: { text: string | null } = bag({ text: null });
    const json = serialize(value, problem, new WeakSetCtor<object>());
    return problem.text === null ? bag({ json }) : bag({ problem: problem.text });
  } catch (error) {
    // Too deep (the stack ran out), cyclic, a BigInt, or a getter of the caller's that threw.
    const name = error !== null && typeof error === 'object' && getPrototypeOf(error) === RangeErrorPrototype ? 'RangeError' : 'TypeError';
    return bag({ problem: `The proposal is not JSON data (${name}).` });
  }
}

const TypeErrorCtor = TypeError;
const RangeErrorPrototype = RangeError.prototype;
const weakSetDelete = WeakSet.prototype.delete;

function serialize(value: unknown, problem: { text: string | null }, open: WeakSet<object>): string {
  if (problem.text !== null) return '';
  const type = typeof value;
  if (value === null) return 'null';
  if (type === 'string' || type === 'number' || type === 'boolean') return apply(stringify, null, [value]) as string;
  if (type === 'function' || type === 'symbol' || type === 'undefined') {
    problem.text = `A ${type} is not data.`;
    return '';
  }
  if (type !== 'object') throw new TypeErrorCtor('Not JSON data.'); // A BigInt, as JSON.stringify would.
  const object = value as object;
  const proto = getPrototypeOf(object);
  if (proto !== ObjectPrototype && proto !== ArrayPrototype && proto !== null) {
    problem.text = 'Only plain objects and arrays are data.';
    return '';
  }
  if (apply(weakSetHas, open, [object])) throw new TypeErrorCtor('Cyclic data.');
  apply(weakSetAdd, open, [object]);
  let out = '';
  if (isArray(object)) {
    const list = object as unknown[];
    for (let at = 0; at < list.length; at += 1) {
      // A hole would read through the prototype chain: it is missing data.
      const member = hasOwn(list, at) ? list[at] : undefined;
      out += `${at === 0 ? '' : ','}${serialize(member, problem, open)}`;
    }
    out = `[${out}]`;
  } else {
    const keys = objectKeys(object);
    for (let at = 0; at < keys.length; at += 1) {
      const key = keys[at]!;
      out += `${at === 0 ? '' : ','}${apply(stringify, null, [key]) as string}:${serialize((object as Record<string, unknown>)[key], problem, open)}`;
    }
    out = `{${out}}`;
  }
  // Not a cycle when the same object appears twice side by side; only within itself.
  apply(weakSetDelete, open, [object]);
  return out;
}

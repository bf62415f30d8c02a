import { ArrayPrototype, apply, getPrototypeOf, ObjectPrototype, stringify } from './primordials';

/**
 * Proposals cross to the isolated world as JSON text: structured clones reach Firefox content
 * scripts through Xray wrappers, which hide own `__proto__` keys and so would launder them.
 * Only plain data is accepted; functions, symbols, DOM nodes and class instances are refused.
 */
export function encode(value: unknown): { json: string } | { problem: string } {
  let problem: string | null = null;
  try {
    const json = apply(stringify, null, [
      value,
      (_key: string, member: unknown) => {
        if (problem !== null) return undefined;
        const type = typeof member;
        if (type === 'function' || type === 'symbol' || type === 'undefined') problem = `A ${type} is not data.`;
        else if (member !== null && type === 'object') {
          const proto = getPrototypeOf(member);
          if (proto !== ObjectPrototype && proto !== ArrayPrototype && proto !== null) problem = 'Only plain objects and arrays are data.';
        }
        return member;
      },
    ]) as string | undefined;
    if (problem !== null) return { problem };
    return typeof json === 'string' ? { json } : { problem: 'The proposal is not JSON data.' };
  } catch (error) {
    return { problem: `The proposal is not JSON data (${error instanceof Error ? error.name : 'error'}).` };
  }
}

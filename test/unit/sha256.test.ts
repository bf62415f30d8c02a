import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/core/util/canonical-json';
import { sha256Hex } from '../../src/core/util/sha256';

const reference = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('sha256Hex', () => {
  it('hashes the empty string to the well-known digest', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('')).toBe(reference(''));
  });

  it('hashes "abc" to the FIPS 180-2 test vector', () => {
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes the two-block FIPS 180-2 test vector', () => {
    const text = 'abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq';
    expect(sha256Hex(text)).toBe('248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  });

  // 55 bytes: padding and length fit one block; 56: length spills into a second block;
  // 64: exactly one block of data; 65: one byte over.
  it.each([55, 56, 57, 63, 64, 65, 119, 120, 128])('matches node:crypto at the padding edge of %i bytes', (n) => {
    const text = 'a'.repeat(n);
    expect(sha256Hex(text)).toBe(reference(text));
  });

  it.each([
    ['Chinese (3-byte UTF-8)', '确认付款给张三'],
    ['emoji (4-byte UTF-8, surrogate pair)', 'pay 💸 now 👍🏽'],
    ['2-byte UTF-8', 'Zürich café ñ'],
    ['mixed scripts and combining marks', 'Ｐａｙ e\u0301 Пэй ٣'],
    ['a lone surrogate (replaced by U+FFFD like TextEncoder)', 'x\uD800y'],
  ])('matches node:crypto for %s', (_name, text) => {
    expect(sha256Hex(text)).toBe(reference(text));
  });

  it('matches node:crypto for a 10,000-character string', () => {
    let text = '';
    for (let i = 0; i < 10_000; i++) text += String.fromCharCode(32 + ((i * 7) % 95));
    expect(text).toHaveLength(10_000);
    expect(sha256Hex(text)).toBe(reference(text));
  });

  it('matches node:crypto for long multi-byte text spanning many blocks', () => {
    const text = '中文🙂'.repeat(2_000);
    expect(sha256Hex(text)).toBe(reference(text));
  });

  it('returns 64 lowercase hex digits and differs for different inputs', () => {
    expect(sha256Hex('a')).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex('a')).not.toBe(sha256Hex('b'));
  });
});

describe('canonicalJson', () => {
  it('does not depend on key order', () => {
    expect(canonicalJson({ b: 1, a: 2, c: 3 })).toBe('{"a":2,"b":1,"c":3}');
    expect(canonicalJson({ c: 3, a: 2, b: 1 })).toBe(canonicalJson({ b: 1, a: 2, c: 3 }));
  });

  it('sorts keys at every level of nesting, including inside arrays', () => {
    const one = { z: { y: 1, x: [{ q: 1, p: 2 }] }, a: null };
    const two = { a: null, z: { x: [{ p: 2, q: 1 }], y: 1 } };
    expect(canonicalJson(one)).toBe('{"a":null,"z":{"x":[{"p":2,"q":1}],"y":1}}');
    expect(canonicalJson(two)).toBe(canonicalJson(one));
  });

  it('drops undefined members like JSON.stringify', () => {
    expect(canonicalJson({ a: undefined, b: 1 })).toBe('{"b":1}');
    expect(canonicalJson({ n: { gone: undefined } })).toBe('{"n":{}}');
  });

  it('keeps array order', () => {
    expect(canonicalJson([3, 1, 2])).toBe('[3,1,2]');
    expect(canonicalJson([3, 1, 2])).not.toBe(canonicalJson([1, 2, 3]));
  });

  it('serialises primitives as JSON does', () => {
    expect(canonicalJson('x"y')).toBe(JSON.stringify('x"y'));
    expect(canonicalJson(42)).toBe('42');
    expect(canonicalJson(null)).toBe('null');
    expect(canonicalJson(true)).toBe('true');
  });

  it('keeps an own "__proto__" key as data instead of dropping or following it', () => {
    const value = JSON.parse('{"b":1,"__proto__":{"x":1}}') as unknown;
    expect(canonicalJson(value)).toBe('{"__proto__":{"x":1},"b":1}');
  });

  it('does not mutate its input', () => {
    const input = { b: [2, 1], a: { d: 1, c: 2 } };
    const before = JSON.stringify(input);
    canonicalJson(input);
    expect(JSON.stringify(input)).toBe(before);
  });
});

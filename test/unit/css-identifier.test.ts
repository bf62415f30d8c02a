import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { escapeIdentifier } from '../../src/core/text/css-identifier';

// The css.escape package (Mathias Bynens's polyfill of CSS.escape): outside a browser it is its own
// implementation. Loading it puts a `CSS` global in place; removed again, since unit files share
// their globals and modules that look for `CSS.supports` would find this one (a full run, Dec 7).
const hadCss = 'CSS' in globalThis;
const cssEscape = createRequire(import.meta.url)('css.escape') as (value: string) => string;
if (!hadCss) delete (globalThis as { CSS?: unknown }).CSS;
const codeUnitAt = (s: string, at: number) => s.charCodeAt(at);
const ours = (value: string) => escapeIdentifier(value, codeUnitAt);

describe('escapeIdentifier (CSS.escape for the MAIN world)', () => {
  it('answers as CSS.escape for the spec’s cases', () => {
    expect(ours('\0')).toBe('\uFFFD');
    expect(ours('a\0b')).toBe('a\uFFFDb');
    expect(ours('-')).toBe('\\-');
    expect(ours('--')).toBe('--');
    expect(ours('0a')).toBe('\\30 a');
    expect(ours('-1a')).toBe('-\\31 a');
    expect(ours('\x01\x1f\x7f')).toBe('\\1 \\1f \\7f ');
    expect(ours('a b#c.d')).toBe('a\\ b\\#c\\.d');
    expect(ours('é𝌆\uD800')).toBe('é𝌆\uD800');
    expect(ours('')).toBe('');
  });

  it('agrees with the css.escape package over every code unit, alone and in every position that matters', () => {
    for (let code = 0; code <= 0xffff; code += 1) {
      const c = String.fromCharCode(code);
      for (const value of [c, `${c}x`, `-${c}`, `x${c}`, `-${c}x`, `${c}${c}`])
        if (ours(value) !== cssEscape(value)) expect([value, ours(value)]).toEqual([value, cssEscape(value)]);
    }
  });

  it('agrees with it over random strings', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    const pool = ['0', '9', '-', '_', 'a', 'Z', ' ', '#', '\0', '\x1f', '\x7f', 'é', '\uD83D', '\uDE00', ':', '\\'];
    for (let round = 0; round < 20_000; round += 1) {
      let value = '';
      for (let n = next() % 8; n > 0; n -= 1) value += pool[next() % pool.length];
      expect(ours(value)).toBe(cssEscape(value));
    }
  });
});

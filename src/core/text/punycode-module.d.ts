/**
 * punycode.js (Mathias Bynens) ships no types; only what the core calls is declared. Its ES module
 * file is imported by path: the bare name `punycode` is also Node's deprecated built-in.
 */
declare module 'punycode/punycode.es6.js' {
  /** RFC 3492 decoding of one label without `xn--`; throws a RangeError on malformed input. */
  export function decode(input: string): string;
}

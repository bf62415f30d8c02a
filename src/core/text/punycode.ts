/**
 * Reading `xn--` labels back into what a user would see. The RFC 3492 decoder is punycode.js (the
 * one the npm ecosystem uses), not hand-written; what stays here is Warrant's stricter reading:
 * malformed is `null`, never a throw, and a label may not decode to a lone surrogate (punycode.js
 * allows one; no browser would show it as text). Only decoding is needed: encoding is what the
 * WHATWG URL parser already does to every host.
 */
/// <reference path="./punycode-module.d.ts" />
import { decode } from 'punycode/punycode.es6.js';

/** A DNS label is at most 63 octets; the cap keeps the decoder far from stack and time limits. */
const MAX_INPUT = 255;
/** With the `u` flag a pair is one code point, so only an unpaired half matches. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Decodes one Punycode string (without its `xn--` prefix); null if it is malformed. */
export function decodePunycode(input: string): string | null {
  if (input.length > MAX_INPUT) return null;
  let decoded: string;
  try {
    decoded = decode(input);
  } catch {
    return null;
  }
  return LONE_SURROGATE.test(decoded) ? null : decoded;
}

/** A hostname with every `xn--` label decoded; null if any of them is malformed. */
export function hostToUnicode(host: string): string | null {
  const labels: string[] = [];
  for (const label of host.split('.')) {
    if (!/^xn--/i.test(label)) {
      labels.push(label);
      continue;
    }
    const decoded = decodePunycode(label.slice(4));
    if (decoded === null) return null;
    labels.push(decoded);
  }
  return labels.join('.');
}

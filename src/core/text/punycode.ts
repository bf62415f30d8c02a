/**
 * RFC 3492 Punycode decoding, for reading `xn--` labels back into what a user would see. The core
 * cannot use Node's deprecated `punycode` module or the DOM, and only decoding is needed: encoding
 * is what the WHATWG URL parser already does to every host.
 */
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;
const INITIAL_BIAS = 72;
const INITIAL_N = 128;
const MAX_INT = 0x7fffffff;

function adapt(delta: number, points: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / points);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30 + 26;
  if (code >= 0x41 && code <= 0x5a) return code - 0x41;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** Decodes one Punycode string (without its `xn--` prefix); null if it is malformed. */
export function decodePunycode(input: string): string | null {
  // A DNS label is at most 63 octets; the cap keeps the spread below far from stack limits.
  if (input.length > 255) return null;
  const delimiter = input.lastIndexOf('-');
  const output: number[] = [];
  for (let j = 0; j < Math.max(delimiter, 0); j += 1) {
    const code = input.charCodeAt(j);
    if (code >= 0x80) return null;
    output.push(code);
  }
  let n = INITIAL_N;
  let bias = INITIAL_BIAS;
  let i = 0;
  for (let index = delimiter > 0 ? delimiter + 1 : 0; index < input.length; ) {
    const old = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE || digit > Math.floor((MAX_INT - i) / w)) return null;
      i += digit * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < t) break;
      if (w > Math.floor(MAX_INT / (BASE - t))) return null;
      w *= BASE - t;
    }
    const length = output.length + 1;
    bias = adapt(i - old, length, old === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff || (n >= 0xd800 && n <= 0xdfff)) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
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

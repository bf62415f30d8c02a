/**
 * `CSS.escape` (CSSOM, "serialize an identifier"), written out for the MAIN world: reading the `CSS`
 * namespace there makes the page's realm build it, about 60 functions and 15 kB of every page's
 * heap (bench/reports/heap.md, Dec 7), for the one call the interceptor's selector needs. The
 * `css.escape` package (a test's oracle) would read `window.CSS` when loaded, and calls
 * `charCodeAt` and `toString` on the prototypes at each use, which a page can patch; this uses only
 * string indexing and the code-unit reader it is given.
 */
const HEX = '0123456789abcdef';

function hex(code: number): string {
  let out = '';
  for (let rest = code; ; rest = (rest - (rest % 16)) / 16) {
    out = HEX[rest % 16]! + out;
    if (rest < 16) return out;
  }
}

const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

export function escapeIdentifier(value: string, codeUnitAt: (s: string, at: number) => number): string {
  const length = value.length;
  const first = length > 0 ? codeUnitAt(value, 0) : 0;
  let out = '';
  for (let at = 0; at < length; at += 1) {
    const code = codeUnitAt(value, at);
    if (code === 0) out += '\uFFFD';
    else if (
      (code >= 0x01 && code <= 0x1f) ||
      code === 0x7f ||
      (at === 0 && isDigit(code)) ||
      (at === 1 && isDigit(code) && first === 0x2d)
    )
      out += `\\${hex(code)} `;
    else if (at === 0 && length === 1 && code === 0x2d) out += '\\-';
    else if (
      code >= 0x80 ||
      code === 0x2d ||
      code === 0x5f ||
      isDigit(code) ||
      (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a)
    )
      out += value[at]!;
    else out += `\\${value[at]!}`;
  }
  return out;
}

/**
 * Lengths read from computed values, one parser for every reach: a bound read wrong is a label
 * left uncovered. Chromium writes a large length with an exponent (`1e+06px`: a shadow cast from a
 * million px away read as 6 px, reach-geometry.html#exponent), and some computed values keep a
 * percentage (`text-underline-offset: 100%`, reach-geometry.html#underlinepct). A length this
 * cannot read exactly (another unit, a calc(), a percentage of nothing known) is Infinity: its
 * reach unknown, a doubt, never 0.
 */

const NUMBER = /^([-+]?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?)(px|%)?$/iu;
/** Colour functions in a computed value (a shadow's colour), with one level of nesting. */
const COLOUR = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color|color-mix|light-dark)\((?:[^()]|\([^()]*\))*\)/giu;

/**
 * A computed length in CSS px; a percentage of `percentOf` (NaN: unknown, Infinity). A keyword
 * (`auto`, `normal`, `from-font`) or nothing is 0: the property paints where its box is.
 */
export function px(value: string, percentOf = Number.NaN): number {
  const v = value.trim();
  if (v === '' || /^[a-z-]+$/iu.test(v)) return 0;
  const [, n, unit] = NUMBER.exec(v) ?? [];
  if (n === undefined) return Number.POSITIVE_INFINITY;
  const x = Number.parseFloat(n);
  if (unit !== '%') return x;
  return Number.isNaN(percentOf) ? Number.POSITIVE_INFINITY : (x / 100) * percentOf;
}

/**
 * The lengths a computed value lists (a shadow, a drop-shadow's arguments), colours left out;
 * null when one is not a finite px length: how far it reaches is unknown.
 */
export function lengths(value: string): number[] | null {
  const rest = value.replace(COLOUR, ' ');
  if (rest.includes('(')) return null;
  const found: number[] = [];
  for (const token of rest.split(/[\s,/]+/u)) {
    if (!/^[-+.\d]/u.test(token)) continue;
    const n = px(token);
    if (!Number.isFinite(n)) return null;
    found.push(n);
  }
  return found;
}

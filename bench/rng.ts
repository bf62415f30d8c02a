/** Seeded randomness and the interval arithmetic the reports use. */

export type Rng = {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
};

/** mulberry32: tiny, fast and identical on every engine, so a seed names one corpus everywhere. */
export function rng(seed: number): Rng {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    chance: (p) => next() < p,
  };
}

/** A child stream per class, so adding trials to one class never shifts another's corpus. */
export function derive(seed: number, label: string): Rng {
  let h = seed >>> 0;
  for (const char of label) h = Math.imul(h ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return rng(h);
}

export type Interval = { rate: number; low: number; high: number };

/** Wilson score interval (95%): sane at 0 and n, where the normal approximation collapses. */
export function wilson(successes: number, n: number, z = 1.959964): Interval {
  if (n === 0) return { rate: 0, low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return { rate: p, low: Math.max(0, (centre - spread) / denominator), high: Math.min(1, (centre + spread) / denominator) };
}

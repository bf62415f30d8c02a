import { rng } from '../rng';

/** Linear-interpolated quantile of the finite values (q in [0, 1]). */
export function quantile(values: readonly number[], q: number): number {
  const xs = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (xs.length === 0) return Number.NaN;
  const at = (xs.length - 1) * q;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  return xs[low]! + (xs[high]! - xs[low]!) * (at - low);
}

export const median = (values: readonly number[]) => quantile(values, 0.5);

export type Ratio = { ratio: number; low: number; high: number; resamples: number };

/**
 * median(gated) / median(ungated) with a 95% percentile-bootstrap interval over pairs: the two
 * arms of one pair ran back to back, so resampling pairs keeps what they shared (machine load
 * at that moment) together.
 */
export function pairedRatio(pairs: readonly { gated: number; ungated: number }[], seed: number, resamples = 4_000): Ratio {
  const ratio = median(pairs.map((p) => p.gated)) / median(pairs.map((p) => p.ungated));
  const random = rng(seed);
  const ratios: number[] = [];
  const gated = new Array<number>(pairs.length);
  const ungated = new Array<number>(pairs.length);
  for (let r = 0; r < resamples; r++) {
    for (let i = 0; i < pairs.length; i++) {
      const pair = pairs[random.int(0, pairs.length - 1)]!;
      gated[i] = pair.gated;
      ungated[i] = pair.ungated;
    }
    ratios.push(median(gated) / median(ungated));
  }
  return { ratio, low: quantile(ratios, 0.025), high: quantile(ratios, 0.975), resamples };
}

import { median, quantile, type Ratio } from '../interception/stats';
import { rng } from '../rng';

export { median, pairedRatio, quantile, type Ratio } from '../interception/stats';

/**
 * median(a) / median(b) for two independent samples (cold starts and warm pages share nothing
 * that pairing could keep together), with a 95% percentile-bootstrap interval resampling each
 * sample on its own.
 */
export function unpairedRatio(a: readonly number[], b: readonly number[], seed: number, resamples = 4_000): Ratio {
  const random = rng(seed);
  const draw = (xs: readonly number[]) => Array.from({ length: xs.length }, () => xs[random.int(0, xs.length - 1)]!);
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) ratios.push(median(draw(a)) / median(draw(b)));
  return { ratio: median(a) / median(b), low: quantile(ratios, 0.025), high: quantile(ratios, 0.975), resamples };
}

export type Verdict = 'met' | 'not met' | 'inconclusive';

/** As bench/interception words it: met when the whole 95% interval is within the goal, not met when all of it is beyond. */
export function verdict(r: Ratio, goal: number): Verdict {
  if (r.high <= goal) return 'met';
  if (r.low > goal) return 'not met';
  return 'inconclusive';
}

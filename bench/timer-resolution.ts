/**
 * The smallest step performance.now() takes, in ms, measured in the page it is evaluated in
 * (Firefox coarsens the timer, and cross-origin isolation refines it). Self-contained: it is
 * serialised into the page.
 */
export function timerResolutionScript(): number {
  let smallest = Number.POSITIVE_INFINITY;
  let last = performance.now();
  const until = last + 30;
  while (last < until) {
    const now = performance.now();
    if (now > last) {
      smallest = Math.min(smallest, now - last);
      last = now;
    }
  }
  return smallest;
}

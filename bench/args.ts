/** The benches' command line: `--name value` options, and elapsed seconds for their progress lines. */
const argv = process.argv.slice(2);

/** The value after `--name`, or undefined when the option is not given. */
export const optionValue = (name: string): string | undefined =>
  argv.includes(`--${name}`) ? argv[argv.indexOf(`--${name}`) + 1] : undefined;

/** `--name N` as a positive integer, `fallback` when not given; anything else is an error. */
export function positiveInt(name: string, fallback: number): number {
  const raw = optionValue(name);
  const n = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} needs a positive integer`);
  return n;
}

export const secondsSince = (since: number): number => (performance.now() - since) / 1_000;

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { positiveInt } from './args';
import { measurePerf } from './perf';
import { json, markdown, type ReportInput } from './report';
import { buildCorpus, corpusDigest, DEFAULT_SEED, residualExamples, runIndependentCorpora, runOutcomes } from './suite';

/**
 * `npm run bench [-- --seed N --per-class N --no-perf]`: seed 004's scripted class test through
 * four pipelines, over-rejection on independent honest corpora, and resolver timings.
 */
function benchReport(seed: number, perClass: number, withPerf: boolean): ReportInput {
  const trials = buildCorpus(seed, perClass);
  return {
    seed,
    perClass,
    digest: corpusDigest(trials),
    outcomes: runOutcomes(trials),
    residuals: residualExamples(trials),
    independent: runIndependentCorpora(seed, perClass),
    perf: withPerf ? measurePerf(seed) : null,
  };
}

function main(): void {
  const started = process.hrtime.bigint();
  const input = benchReport(positiveInt('seed', DEFAULT_SEED), positiveInt('per-class', 400), !process.argv.includes('--no-perf'));
  const text = markdown(input);
  const dir = join(import.meta.dirname, 'reports');
  mkdirSync(dir, { recursive: true });
  const files = [join(dir, 'resolver.md'), join(dir, 'resolver.json')];
  writeFileSync(files[0]!, text);
  writeFileSync(files[1]!, `${JSON.stringify(json(input), null, 2)}\n`);
  // No formatting pass: bench/reports is outside biome's files (biome.json), so it has nothing to keep.
  process.stdout.write(text);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  process.stdout.write(`\nWrote bench/reports/resolver.md and resolver.json in ${seconds.toFixed(1)} s.\n`);
}

main();

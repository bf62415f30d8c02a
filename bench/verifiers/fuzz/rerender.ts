import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bypassSection, type FuzzReport } from './report';

/**
 * `tsx bench/verifiers/fuzz/rerender.ts [name]`: renders the bypass list of bench/reports/<name>.md
 * again from <name>.json and bypasses.json (the same data), for a report written before the list's
 * format changed. The tables of totals need every trial and are left as the run wrote them.
 */
const name = process.argv[2] ?? 'fuzz';
const reports = join(import.meta.dirname, '..', '..', 'reports');
const json = JSON.parse(readFileSync(join(reports, `${name}.json`), 'utf8')) as Pick<FuzzReport, 'runs' | 'twins'>;
const saved = JSON.parse(readFileSync(join(import.meta.dirname, 'bypasses.json'), 'utf8')) as FuzzReport['saved'];
const file = join(reports, `${name}.md`);
const md = readFileSync(file, 'utf8');
const start = md.indexOf('## Every bypass');
const end = md.indexOf('## False rejects');
if (start < 0 || end < 0) throw new Error(`${file} has no bypass list to replace`);
writeFileSync(file, `${md.slice(0, start)}${bypassSection({ runs: json.runs, twins: json.twins, saved })}\n\n${md.slice(end)}`);
process.stdout.write(`Re-rendered the bypass list of ${file}.\n`);

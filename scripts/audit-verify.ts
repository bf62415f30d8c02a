/**
 * `npm run audit:verify -- FILE`: checks the hash chain of an audit export (JSON Lines; `-` reads
 * standard input). Prints "OK: N records" and exits 0, or "BROKEN at line L (record id …): reason"
 * and exits 1; a file that cannot be read exits 2.
 */
import { readFileSync } from 'node:fs';
import { verifyJsonLines } from './audit-jsonl';

const [file, ...extra] = process.argv.slice(2);
if (file === undefined || extra.length > 0) {
  console.error('Usage: npm run audit:verify -- FILE   (an audit export in JSON Lines; - for standard input)');
  process.exit(2);
}

let text: string;
try {
  text = readFileSync(file === '-' ? 0 : file, 'utf8');
} catch (error) {
  console.error(`UNREADABLE: ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const check = verifyJsonLines(text);
if (check.ok) {
  console.log(`OK: ${check.count} records`);
  console.log(
    check.fromGenesis
      ? `seq ${check.firstSeq}–${check.lastSeq}, from the first record of the log`
      : `seq ${check.firstSeq}–${check.lastSeq}; the first record continues an older part of the chain (rotated away or not exported)`,
  );
  process.exit(0);
}
console.log(`BROKEN at line ${check.line} (record id ${check.id ?? 'unknown'}): ${check.reason}`);
process.exit(1);

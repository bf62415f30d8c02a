/**
 * `npm run audit:verify -- [--allow-no-head] FILE`: checks the hash chain of an audit export (JSON
 * Lines; `-` reads standard input) and the head line it ends with. Prints "OK: N records" and exits
 * 0, or "BROKEN at line L (record id …|head): reason" and exits 1; an export without a head line
 * fails ("NO HEAD: …") unless --allow-no-head is given; a file that cannot be read exits 2.
 * The records' macs are not checked: the key never leaves the extension.
 */
import { readFileSync } from 'node:fs';
import { verifyJsonLines } from './audit-jsonl';

const args = process.argv.slice(2);
const allowNoHead = args[0] === '--allow-no-head';
const [file, ...extra] = allowNoHead ? args.slice(1) : args;
if (file === undefined || extra.length > 0) {
  console.error('Usage: npm run audit:verify -- [--allow-no-head] FILE   (an audit export in JSON Lines; - for standard input)');
  process.exit(2);
}

let text: string;
try {
  text = readFileSync(file === '-' ? 0 : file, 'utf8');
} catch (error) {
  console.error(`UNREADABLE: ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const check = verifyJsonLines(text, { allowNoHead });
if (check.ok) {
  console.log(`OK: ${check.count} records`);
  console.log(
    check.fromGenesis
      ? `seq ${check.firstSeq}–${check.lastSeq}, from the first record of the log`
      : `seq ${check.firstSeq}–${check.lastSeq}; the first record continues an older part of the chain (rotated away or not exported)`,
  );
  if (check.head === null) console.log('NO HEAD (accepted with --allow-no-head): truncation at the end cannot be detected');
  else if (check.head.cut === 'by-range')
    console.log(`the log's head was seq ${check.head.seq}: later records were left out by the export's range`);
  else console.log(`head: seq ${check.head.seq}, the last record`);
  console.log('macs not checked here: only the extension, which holds the key, can verify them');
  process.exit(0);
}
if (check.subject === 'no-head')
  console.log(`NO HEAD: ${check.reason}. To check the chain alone: npm run audit:verify -- --allow-no-head FILE`);
else
  console.log(
    `BROKEN at line ${check.line} (${check.subject === 'head' ? 'head' : `record id ${check.id ?? 'unknown'}`}): ${check.reason}`,
  );
process.exit(1);

import { namesCommitment } from '../core/plan';
import { prototypeOf } from '../core/text';

/**
 * Builds the core's lazily made text tables when the background starts, so that the first
 * decision after a start does not build them itself. Measured in Chromium (first proposal after a
 * start, bench/latency): the evidence stage took 11-41 ms longer than on a later page, all of it
 * the commitment lexicon and, for a label outside ASCII, the closed confusables table (in Node:
 * 23 ms and 40 ms). The tables every click needs (an ASCII label) are built at once; the ones
 * only other labels need a little later, so that a decision that started the background is not
 * held up by tables it may not use. Each step is one task; the tables are the same ones a
 * decision would build (nothing here decides).
 */
const LATER_MS = 2_000;

export function warmTextTables(): void {
  setTimeout(() => namesCommitment('Show details'), 0);
  setTimeout(() => {
    namesCommitment('Shоw'); // Cyrillic о: the closed confusables table
    prototypeOf(0x430); // the listed confusables (look-alike link hosts)
  }, LATER_MS);
}

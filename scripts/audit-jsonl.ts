/**
 * Checks an audit export (JSON Lines) with the extension's own verifyChain, and says where it
 * breaks in the terms of the file: the line number and the record id.
 */
import { GENESIS, hashRecord, verifyChain } from '../src/core/audit';
import { AUDIT_FORMAT, type AuditRecord, AuditRecordSchema } from '../src/core/contracts';

export type JsonLinesCheck =
  | { ok: true; count: number; firstSeq: number | null; lastSeq: number | null; fromGenesis: boolean }
  | { ok: false; line: number; id: string | null; reason: string };

export function verifyJsonLines(text: string): JsonLinesCheck {
  const records: unknown[] = [];
  const lineOf: number[] = [];
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line));
    } catch {
      return { ok: false, line: index + 1, id: null, reason: 'not valid JSON' };
    }
    lineOf.push(index + 1);
  }
  if (records.length === 0) return { ok: false, line: 1, id: null, reason: 'the file holds no records' };

  const check = verifyChain(records);
  if (check.ok) {
    const first = records[0] as AuditRecord;
    const last = records.at(-1) as AuditRecord;
    return { ok: true, count: check.count, firstSeq: first.seq, lastSeq: last.seq, fromGenesis: first.seq === 0 && first.prev === GENESIS };
  }
  const record = records[check.index];
  const id =
    typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string'
      ? (record as { id: string }).id
      : null;
  return { ok: false, line: lineOf[check.index]!, id, reason: explain(record, lineOf[check.index - 1]) };
}

/** verifyChain says where; this says what kind of break it is. */
function explain(record: unknown, previousLine: number | undefined): string {
  const parsed = AuditRecordSchema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` (${issue.path.join('.')}: ${issue.message})` : '';
    return `not a format-${AUDIT_FORMAT} audit record${at}`;
  }
  const { hash, ...rest } = parsed.data;
  if (hashRecord(rest) !== hash) return 'its content does not match its hash: the record was edited';
  return `does not follow line ${previousLine}: its prev or seq does not link to that record (a record was removed, inserted or moved)`;
}

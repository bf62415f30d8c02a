/**
 * Checks an audit export (JSON Lines) with the extension's own verifyChain, and the head line the
 * export ends with, and says where it breaks in the terms of the file: the line number and the
 * record id. It has no key, so it cannot check the records' macs: only the extension can.
 */
import { cutOff, GENESIS, hashRecord, verifyChain } from '../src/core/audit';
import { type AuditExportHead, AuditExportHeadSchema, type AuditRecord, AuditRecordSchema } from '../src/core/contracts';

export type JsonLinesCheck =
  | {
      ok: true;
      count: number;
      firstSeq: number | null;
      lastSeq: number | null;
      fromGenesis: boolean;
      /** null: the export has no head line (accepted only with `allowNoHead`). */
      head: { seq: number; first: number; cut: 'none' | 'by-range' } | null;
    }
  | { ok: false; line: number; id: string | null; reason: string; subject?: 'head' | 'no-head' };

export const NO_HEAD =
  'no head line: truncation at the end cannot be detected (the export was made before heads were written, or its last line was cut off)';

export function verifyJsonLines(text: string, options: { allowNoHead?: boolean } = {}): JsonLinesCheck {
  const records: unknown[] = [];
  const lineOf: number[] = [];
  let head: { value: unknown; line: number } | null = null;
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '');
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { ok: false, line: index + 1, id: null, reason: 'not valid JSON' };
    }
    if (head !== null)
      return {
        ok: false,
        line: index + 1,
        id: idOf(value),
        reason: `follows the head line (line ${head.line}): the head must be the last line`,
        subject: 'head',
      };
    if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'audit-head')
      head = { value, line: index + 1 };
    else {
      records.push(value);
      lineOf.push(index + 1);
    }
  }
  if (records.length === 0 && head === null) return { ok: false, line: 1, id: null, reason: 'the file holds no records' };

  const check = verifyChain(records);
  if (!check.ok) {
    const record = records[check.index];
    return {
      ok: false,
      line: lineOf[check.index]!,
      id: idOf(record),
      reason: explain(record, records[check.index - 1], lineOf[check.index - 1]),
    };
  }
  const first = records[0] as AuditRecord | undefined;
  const last = records.at(-1) as AuditRecord | undefined;
  const result = {
    ok: true as const,
    count: check.count,
    firstSeq: first?.seq ?? null,
    lastSeq: last?.seq ?? null,
    fromGenesis: first?.seq === 0 && first.prev === GENESIS,
  };
  if (head === null) {
    return options.allowNoHead
      ? { ...result, head: null }
      : { ok: false, line: (lineOf.at(-1) ?? 0) + 1, id: null, reason: NO_HEAD, subject: 'no-head' };
  }
  const parsed = AuditExportHeadSchema.safeParse(head.value);
  if (!parsed.success) return { ok: false, line: head.line, id: null, reason: 'not a format-1 head line', subject: 'head' };
  const problem = headProblem(parsed.data, first, last);
  if (problem) return { ok: false, line: head.line, id: null, reason: problem, subject: 'head' };
  const cut = last && last.seq < parsed.data.seq ? 'by-range' : 'none';
  return { ...result, head: { seq: parsed.data.seq, first: parsed.data.first, cut } };
}

/** What the head says about the records before it; null when it vouches for them. */
function headProblem(head: AuditExportHead, first: AuditRecord | undefined, last: AuditRecord | undefined): string | null {
  if (!first || !last) return `the export holds no records, but the log's head was seq ${head.seq}: they were deleted`;
  if (last.seq > head.seq) return `the records go on past the head (seq ${head.seq}) to seq ${last.seq}`;
  if (last.seq === head.seq && last.hash !== head.hash)
    return `the head names seq ${head.seq} with another hash: the last record was replaced`;
  if (last.seq < head.seq && head.until === undefined) {
    return `the records end at seq ${last.seq} but the log's head was seq ${head.seq}: ${cutOff(head.seq - last.seq)} at the end`;
  }
  if (first.seq > head.first && head.since === undefined) {
    return `the records start at seq ${first.seq} but the log kept records from seq ${head.first}: records were cut from the start`;
  }
  if (head.brokenAt !== null) {
    return `the extension found its head missing or wrong when it wrote seq ${head.brokenAt}: records before it may have been cut off at the end`;
  }
  return null;
}

function idOf(record: unknown): string | null {
  return typeof record === 'object' && record !== null && typeof (record as { id?: unknown }).id === 'string'
    ? (record as { id: string }).id
    : null;
}

/** verifyChain says where; this says what kind of break it is. */
function explain(record: unknown, previous: unknown, previousLine: number | undefined): string {
  const parsed = AuditRecordSchema.safeParse(record);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const at = issue && issue.path.length > 0 ? ` (${issue.path.join('.')}: ${issue.message})` : '';
    return `not an audit record of format 1 or 2${at}`;
  }
  const { hash, mac: _mac, ...rest } = parsed.data;
  if (hashRecord(rest) !== hash) return 'its content does not match its hash: the record was edited';
  const before = AuditRecordSchema.safeParse(previous);
  if (before.success && before.data.hash === parsed.data.prev && parsed.data.format < before.data.format) {
    return `an unsealed (format-1) record after the sealed one on line ${previousLine}: the extension never writes that`;
  }
  return `does not follow line ${previousLine}: its prev or seq does not link to that record (a record was removed, inserted or moved)`;
}

import { AUDIT_FORMAT, type AuditBody, type AuditRecord, AuditRecordSchema, type ChainedRecord } from '../contracts';
import { canonicalJson } from '../util/canonical-json';
import { sha256Hex } from '../util/sha256';

export const GENESIS = '0'.repeat(64);

/** SHA-256 over the canonical JSON of every field but `hash` and `mac` (the mac is made from the hash). */
export function hashRecord(record: Omit<AuditRecord, 'hash' | 'mac'>): string {
  return sha256Hex(canonicalJson(record));
}

/**
 * Appends `body` after `previous`: the new record's hash covers its content and the previous hash.
 * The result is not sealed yet: the background adds its `mac` (src/background/audit-seal.ts).
 */
export function chainRecord(body: AuditBody, previous: Pick<AuditRecord, 'hash' | 'seq'> | null): ChainedRecord {
  const unsealed = {
    format: AUDIT_FORMAT,
    seq: previous ? previous.seq + 1 : 0,
    prev: previous ? previous.hash : GENESIS,
    ...body,
  } as const;
  return { ...unsealed, hash: hashRecord(unsealed) };
}

/** What the extension's HMAC covers, one text per kind so a record's mac can never pass as a head's. */
export const macInput = {
  record: (hash: string) => `warrant-audit-record\n${hash}`,
  head: (seq: number, hash: string, brokenAt: number | null) => `warrant-audit-head\n${seq}\n${hash}\n${brokenAt ?? '-'}`,
};

/** "1 record was cut off", "3 records were cut off": for the check's and audit:verify's messages. */
export const cutOff = (n: number) => (n === 1 ? '1 record was cut off' : `${n} records were cut off`);

export type ChainCheck = { ok: true; count: number } | { ok: false; index: number; message: string };

/**
 * Checks a run of consecutive records. The first record may continue an older, rotated-away
 * part of the chain, so its `prev` is taken as given; every later link must match. A format-1
 * (unsealed) record after a sealed one is a break: the extension never writes one.
 */
export function verifyChain(records: readonly unknown[]): ChainCheck {
  let previous: AuditRecord | null = null;
  for (const [index, raw] of records.entries()) {
    const parsed = AuditRecordSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, index, message: `Record ${index} is not an audit record of format 1 or 2.` };
    const record = parsed.data;
    const { hash, mac: _mac, ...rest } = record;
    if (hashRecord(rest) !== hash) return { ok: false, index, message: `Record ${index} (${record.id}) does not match its hash.` };
    if (previous && (record.prev !== previous.hash || record.seq !== previous.seq + 1)) {
      return { ok: false, index, message: `Record ${index} (${record.id}) does not follow record ${index - 1}.` };
    }
    if (previous && record.format < previous.format) {
      return { ok: false, index, message: `Record ${index} (${record.id}) is unsealed (format 1) after a sealed record.` };
    }
    previous = record;
  }
  return { ok: true, count: records.length };
}

import { AUDIT_FORMAT, type AuditBody, type AuditRecord, AuditRecordSchema } from '../contracts';
import { canonicalJson } from '../util/canonical-json';
import { sha256Hex } from '../util/sha256';

export const GENESIS = '0'.repeat(64);

export function hashRecord(record: Omit<AuditRecord, 'hash'>): string {
  return sha256Hex(canonicalJson(record));
}

/** Appends `body` after `previous`: the new record's hash covers its content and the previous hash. */
export function sealRecord(body: AuditBody, previous: Pick<AuditRecord, 'hash' | 'seq'> | null): AuditRecord {
  const unsealed = {
    format: AUDIT_FORMAT,
    seq: previous ? previous.seq + 1 : 0,
    prev: previous ? previous.hash : GENESIS,
    ...body,
  } as const;
  return { ...unsealed, hash: hashRecord(unsealed) };
}

export type ChainCheck = { ok: true; count: number } | { ok: false; index: number; message: string };

/**
 * Checks a run of consecutive records. The first record may continue an older, rotated-away
 * part of the chain, so its `prev` is taken as given; every later link must match.
 */
export function verifyChain(records: readonly unknown[]): ChainCheck {
  let previous: AuditRecord | null = null;
  for (const [index, raw] of records.entries()) {
    const parsed = AuditRecordSchema.safeParse(raw);
    if (!parsed.success) return { ok: false, index, message: `Record ${index} is not a format-${AUDIT_FORMAT} audit record.` };
    const record = parsed.data;
    const { hash, ...rest } = record;
    if (hashRecord(rest) !== hash) return { ok: false, index, message: `Record ${index} (${record.id}) does not match its hash.` };
    if (previous && (record.prev !== previous.hash || record.seq !== previous.seq + 1)) {
      return { ok: false, index, message: `Record ${index} (${record.id}) does not follow record ${index - 1}.` };
    }
    previous = record;
  }
  return { ok: true, count: records.length };
}

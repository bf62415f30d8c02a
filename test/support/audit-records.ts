import { createHmac } from 'node:crypto';
import {
  type AuditBody,
  type AuditExportHead,
  type AuditRecord,
  type ChainedRecord,
  chainRecord,
  type Decision,
  GENESIS,
  hashRecord,
  macInput,
  reason,
} from '../../src/core';

export const T0 = 1_700_000_000_000;
/** A 1×1 PNG, the shape of a crop the pipeline attaches to a blocked click. */
export const PNG_1X1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

export type BodyOptions = { decision?: Decision; tool?: string; origin?: string; crop?: boolean };

/** An audit body for record `i`: odd ones are blocked clicks unless told otherwise. */
export function auditBody(i: number, options: BodyOptions = {}): AuditBody {
  const decision = options.decision ?? (i % 2 === 1 ? 'block' : 'allow');
  const origin = options.origin ?? 'https://shop.example';
  const stopped = decision !== 'allow';
  return {
    event: 'verdict',
    id: `rec-${i}`,
    time: T0 + i * 1_000,
    tab: { id: 7, origin },
    frame: { id: 0, origin },
    proposal: { tool: options.tool ?? 'click', target: `#btn-${i}`, claims: { label: 'Pay' }, agent: 'pay the bill', preview: null },
    resolution: { tool: options.tool ?? 'click', provider: 'builtin', privilege: 'interact' },
    certificates: [],
    decision,
    reasons: stopped ? [reason('target_covered', undefined, 'target.unobstructed')] : [],
    approval: null,
    execution: { executed: !stopped, error: null },
    targetLabel: 'Pay',
    ...(options.crop ? { crop: { png: PNG_1X1, rect: { x: 10, y: 20, width: 80, height: 24 } } } : {}),
  };
}

/** Stands in for the extension's key outside the browser (audit:verify never checks macs). */
export const TEST_MAC_KEY = 'not-the-extension-key';
export const testMac = (text: string, key = TEST_MAC_KEY) => createHmac('sha256', key).update(text).digest('hex');
export const sealForTest = (record: ChainedRecord, key = TEST_MAC_KEY): AuditRecord => ({
  ...record,
  mac: testMac(macInput.record(record.hash), key),
});

export function auditChain(n: number, start: Pick<AuditRecord, 'hash' | 'seq'> | null = null): AuditRecord[] {
  const records: AuditRecord[] = [];
  let previous = start;
  for (let i = 0; i < n; i++) {
    const record = sealForTest(chainRecord(auditBody(i, { crop: i === 1 }), previous));
    records.push(record);
    previous = record;
  }
  return records;
}

export const toJsonLines = (records: readonly unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join('');

/** Records as builds before format 2 wrote them: chained, unsealed. */
export function legacyChain(n: number): AuditRecord[] {
  const records: AuditRecord[] = [];
  for (let i = 0; i < n; i++) {
    const previous = records.at(-1);
    const unsealed = { format: 1 as const, seq: i, prev: previous?.hash ?? GENESIS, ...auditBody(i) };
    records.push({ ...unsealed, hash: hashRecord(unsealed) });
  }
  return records;
}

/** The head line an export of `records` (the whole log, no range) ends with. */
export function headLine(records: readonly AuditRecord[], extra: Partial<AuditExportHead> = {}): string {
  const first = records[0]!;
  const last = records.at(-1)!;
  const head: AuditExportHead = {
    kind: 'audit-head',
    format: 1,
    seq: last.seq,
    hash: last.hash,
    first: first.seq,
    brokenAt: null,
    mac: testMac(macInput.head(last.seq, last.hash, null)),
    exported: last.time + 1,
    ...extra,
  };
  return JSON.stringify(head);
}

/** An export as the extension writes it: one record per line, then the head line (no newline after it). */
export const exportOf = (records: readonly AuditRecord[], extra: Partial<AuditExportHead> = {}) =>
  `${toJsonLines(records)}${headLine(records, extra)}`;

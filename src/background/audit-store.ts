import browser from 'webextension-polyfill';
import { sealRecord } from '../core/audit';
import { type AuditBody, type AuditRecord, AuditRecordSchema } from '../core/contracts';

/** storage.local layout, version 1. The chain head is kept with the records so both move together. */
const RECORDS_KEY = 'audit.v1.records';
const MAX_RECORDS = 1_000;

let queue: Promise<unknown> = Promise.resolve();

/** Appends one record. Writes are serialised so concurrent verdicts cannot fork the chain. */
export function appendAudit(body: AuditBody): Promise<AuditRecord> {
  const write = queue.then(async () => {
    const records = await readRecords();
    const record = sealRecord(body, records.at(-1) ?? null);
    records.push(record);
    // Rotation drops the oldest records; the chain still verifies from the new first record.
    await browser.storage.local.set({ [RECORDS_KEY]: records.slice(-MAX_RECORDS) });
    return record;
  });
  queue = write.catch(() => undefined);
  return write;
}

export async function listAudit(limit: number): Promise<AuditRecord[]> {
  await queue;
  return (await readRecords()).slice(-limit).reverse();
}

async function readRecords(): Promise<AuditRecord[]> {
  const stored = (await browser.storage.local.get(RECORDS_KEY))[RECORDS_KEY];
  if (!Array.isArray(stored)) return [];
  return stored.filter((record): record is AuditRecord => AuditRecordSchema.safeParse(record).success);
}

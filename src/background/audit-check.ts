/**
 * The extension's own check of its audit: the hash chain, every record's mac under the key only
 * the extension holds, and the head kept beside the records. Unlike `npm run audit:verify` (which
 * has no key), this catches a chain rewritten and rehashed consistently: its macs do not verify.
 */
import { cutOff, macInput, verifyChain } from '../core/audit';
import type { AuditHead, AuditRecord } from '../core/contracts';
import type { AuditCheck, AuditCheckPart } from '../messages/ui-background';
import { scan } from './audit-db';
import { headHolds, macMatches, readHead, readSealKey, type SealKey } from './audit-seal';
import { readAudit } from './audit-store';

export async function checkAudit(): Promise<Omit<AuditCheck, 'writable'>> {
  const { raw, head, seal } = await readAudit(async (store, meta) => {
    const raw: unknown[] = [];
    await scan(store, null, 'next', (value) => raw.push(value) > 0);
    return { raw, head: await readHead(meta), seal: await readSealKey(meta) };
  });
  const chained = verifyChain(raw);
  const chain: AuditCheckPart = chained.ok
    ? { ok: true, message: `The hash chain holds over all ${raw.length} records.` }
    : { ok: false, message: chained.message };
  // Past a broken link the records are not known to be records at all.
  const records = (chained.ok ? raw : raw.slice(0, chained.index)) as AuditRecord[];
  const seals = await checkSeals(records, seal);
  const headPart = chained.ok ? await checkHead(records, head, seal) : { ok: false, message: 'Not checked: the chain is broken.' };
  return {
    ok: chain.ok && seals.ok && headPart.ok,
    records: raw.length,
    first: records[0]?.seq ?? null,
    last: records.at(-1)?.seq ?? null,
    chain,
    seals,
    head: headPart,
  };
}

async function checkSeals(records: AuditRecord[], seal: SealKey | null): Promise<AuditCheck['seals']> {
  const sealed = records.filter((record) => record.format === 2);
  const counts = { sealed: sealed.length, unsealed: records.length - sealed.length, failed: 0, withoutKey: 0 };
  if (records.length === 0) return { ok: true, message: 'There are no records to check.', ...counts };
  if (sealed.length === 0) {
    return { ok: false, message: `None of the ${records.length} records is sealed (all were written before format 2).`, ...counts };
  }
  if (seal === null) {
    counts.withoutKey = sealed.length;
    return { ok: false, message: `The sealing key is missing: the ${sealed.length} sealed records cannot be verified.`, ...counts };
  }
  let firstFailed: number | null = null;
  for (const record of sealed) {
    if (record.seq < seal.since) counts.withoutKey++;
    else if (!(await macMatches(seal.key, macInput.record(record.hash), record.mac ?? ''))) {
      counts.failed++;
      firstFailed ??= record.seq;
    }
  }
  if (counts.failed > 0) {
    return {
      ok: false,
      message: `${counts.failed} records do not verify under the extension's key, the first at seq ${firstFailed}: they were not written by this extension as they are.`,
      ...counts,
    };
  }
  if (counts.withoutKey > 0) {
    return {
      ok: false,
      message: `${counts.withoutKey} records were sealed under a key that is gone (this key seals from seq ${seal.since}): they cannot be verified.`,
      ...counts,
    };
  }
  const older =
    counts.unsealed > 0 ? ` ${counts.unsealed} older records are unsealed (format 1): only the chain links them to the sealed ones.` : '';
  return { ok: true, message: `All ${sealed.length} sealed records verify under the extension's key.${older}`, ...counts };
}

async function checkHead(records: AuditRecord[], head: AuditHead | null, seal: SealKey | null): Promise<AuditCheckPart> {
  const [first, last] = [records[0], records.at(-1)];
  if (head === null) {
    return last
      ? { ok: false, message: 'The head is missing: records cut off at the end could not be told.' }
      : { ok: true, message: 'The log is empty and has no head.' };
  }
  if (!last || !first) return { ok: false, message: `The head names seq ${head.seq}, but there are no records: they were deleted.` };
  if (head.seq > last.seq) {
    return {
      ok: false,
      message: `The records end at seq ${last.seq} but the head is seq ${head.seq}: ${cutOff(head.seq - last.seq)} at the end.`,
    };
  }
  if (head.seq !== last.seq || head.hash !== last.hash) {
    return {
      ok: false,
      message: `The head names seq ${head.seq}, not the newest record (seq ${last.seq}, hash ${last.hash.slice(0, 12)}…).`,
    };
  }
  if (head.mac === null)
    return { ok: false, message: 'The head is unsealed (carried over from before format 2); the next record seals it.' };
  if (!(await headHolds(head, last, seal))) return { ok: false, message: "The head does not verify under the extension's key." };
  if (head.brokenAt !== null) {
    return {
      ok: false,
      message: `When record seq ${head.brokenAt} was written the head was missing or wrong: records before it may have been cut off at the end.`,
    };
  }
  if (first.seq > head.first) {
    return {
      ok: false,
      message: `The records start at seq ${first.seq} but the log keeps from seq ${head.first}: the oldest were deleted without rotation.`,
    };
  }
  return { ok: true, message: `The head names the newest record (seq ${head.seq}) and verifies under the extension's key.` };
}

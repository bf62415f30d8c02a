import { type AuditExportHead, type AuditRecord, AuditRecordSchema } from '../core/contracts';
import type { AuditExportPage, AuditFacets, AuditRange } from '../messages/ui-background';
import { scan } from './audit-db';
import { readHead } from './audit-seal';
import { readAudit } from './audit-store';

/** Pages stay far below what one extension message may carry (Chrome: 64 MiB of JSON). */
export const EXPORT_PAGE_CHARS = 4_000_000;
/** The filter menus list at most this many tools and sites. */
const FACETS_MAX = 200;

/**
 * One page of the export as JSON Lines, oldest first, exactly as stored (the hashes cover those
 * values). `after` continues from the previous page's `next`. If the oldest records were rotated
 * away between two pages the run would have a gap, so that fails instead of exporting it. The
 * last page ends with the head line (AuditExportHeadSchema), read in the same transaction as its
 * records and not followed by a newline, so that counting newlines still counts records.
 */
export function exportAuditPage(range: AuditRange, after?: number, budget = EXPORT_PAGE_CHARS): Promise<AuditExportPage> {
  return readAudit(async (store, meta) => {
    let text = '';
    let last: number | null = null;
    let next: number | null = null;
    let started = after !== undefined;
    let gap = false;
    const from = after === undefined ? null : IDBKeyRange.lowerBound(after, true);
    await scan(store, from, 'next', (value, key) => {
      // Exported as stored, whatever its shape (audit:verify says what is wrong with it); the key is its seq.
      const record = value as Partial<AuditRecord> | null;
      const seq = key as number;
      if (last === null && after !== undefined && seq !== after + 1) {
        gap = true;
        return false;
      }
      if (!started) {
        if (range.since !== undefined && typeof record?.time === 'number' && record.time < range.since) return true;
        started = true;
      }
      if (range.until !== undefined && typeof record?.time === 'number' && record.time > range.until) return false;
      const line = `${JSON.stringify(value)}\n`;
      if (last !== null && text.length + line.length > budget) {
        next = last;
        return false;
      }
      text += line;
      last = seq;
      return true;
    });
    if (gap) throw new Error('The audit log rotated during the export; export again.');
    if (next === null) text += await headLine(meta, range);
    return { jsonl: text, next };
  });
}

/** The stored head as an export's last line; none when the store has no head (audit:verify says so). */
async function headLine(meta: IDBObjectStore, range: AuditRange): Promise<string> {
  const head = await readHead(meta);
  if (head === null) return '';
  const { version: _version, ...rest } = head;
  const line: AuditExportHead = { kind: 'audit-head', format: 1, ...rest, exported: Date.now(), ...range };
  return JSON.stringify(line);
}

/** The whole range as one JSON Lines string. */
export async function exportAudit(range: AuditRange = {}): Promise<string> {
  let text = '';
  let after: number | undefined;
  for (;;) {
    const page = await exportAuditPage(range, after);
    text += page.jsonl;
    if (page.next === null) return text;
    after = page.next;
  }
}

/** The tools and sites in the log (at most FACETS_MAX of each, newest first), for the filter menus. */
export function auditFacets(): Promise<AuditFacets> {
  return readAudit(async (store) => {
    const tools = new Set<string>();
    const sites = new Set<string>();
    await scan(store, null, 'prev', (value) => {
      const parsed = AuditRecordSchema.safeParse(value);
      if (!parsed.success) return true;
      const record = parsed.data;
      if (record.proposal.tool !== null && tools.size < FACETS_MAX) tools.add(record.proposal.tool);
      for (const origin of [record.tab.origin, record.frame.origin]) if (origin !== null && sites.size < FACETS_MAX) sites.add(origin);
      return true;
    });
    return { tools: [...tools].sort(), sites: [...sites].sort() };
  });
}

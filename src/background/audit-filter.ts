import type { AuditRecord } from '../core/contracts';
import type { AuditFilter } from '../messages/ui-background';

/**
 * "Blocked" means every action Warrant stopped: blocked by the gate, rejected by the resolver,
 * or put to the user and not approved (denied or timed out).
 */
export function isStopped(record: AuditRecord): boolean {
  if (record.decision === 'block' || record.decision === 'reject') return true;
  return record.decision === 'ask' && record.approval?.approved !== true;
}

/** Site filters name an origin; a record matches when its tab or its frame has that origin. */
export function matchesFilter(record: AuditRecord, filter: AuditFilter): boolean {
  if (filter.blockedOnly && !isStopped(record)) return false;
  if (filter.decision !== undefined && record.decision !== filter.decision) return false;
  if (filter.tool !== undefined && record.proposal.tool !== filter.tool) return false;
  if (filter.site !== undefined && record.tab.origin !== filter.site && record.frame.origin !== filter.site) return false;
  if (filter.from !== undefined && record.time < filter.from) return false;
  if (filter.to !== undefined && record.time > filter.to) return false;
  if (filter.search !== undefined && !searchable(record).includes(filter.search.trim().toLowerCase())) return false;
  return true;
}

/** The words a search looks in: where, which tool, on what, what it showed, and why (codes and messages). */
function searchable(record: AuditRecord): string {
  const { tab, frame, proposal, resolution, targetLabel, reasons } = record;
  return [
    tab.origin,
    frame.origin,
    proposal.tool,
    resolution?.tool,
    proposal.target,
    targetLabel,
    ...reasons.flatMap((r) => [r.code, r.message]),
  ]
    .filter((part): part is string => typeof part === 'string')
    .join('\n')
    .toLowerCase();
}

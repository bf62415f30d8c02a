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
  return true;
}

import type { AuditRequest, UiRequest } from '../messages/ui-background';
import { checkAudit } from './audit-check';
import { auditFacets, exportAuditPage } from './audit-export';
import { listAudit } from './audit-store';
import { auditWritable } from './boundary';

export function isAuditRequest(request: UiRequest): request is AuditRequest {
  return request.kind.startsWith('audit:');
}

/** Audit reads for this extension's own pages; the router has already checked the sender. */
export function handleAuditRequest(request: AuditRequest): Promise<unknown> {
  switch (request.kind) {
    case 'audit:list': {
      const { kind: _kind, limit, before, after, ...filter } = request;
      return listAudit(limit, filter, { before, after });
    }
    case 'audit:export':
      return exportAuditPage({ since: request.since, until: request.until }, request.after);
    case 'audit:facets':
      return auditFacets();
    case 'audit:check':
      return checkAudit().then(
        (check) => ({ ...check, writable: auditWritable() }),
        // The log cannot even be read (IndexedDB unavailable): the popup must say so, not stay silent.
        (error: unknown) => ({
          unreadable: String(error instanceof Error ? `${error.name}: ${error.message}` : error).slice(0, 300),
          writable: auditWritable(),
        }),
      );
  }
}

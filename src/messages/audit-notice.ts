import { z } from 'zod';

/**
 * Background → extension pages: "a record was written", so an open popup lists it without being
 * reopened. Sent on a BroadcastChannel rather than runtime.sendMessage: a channel reaches only
 * contexts of the extension's own origin (pages and content scripts cannot post into it), posting
 * with nobody listening is not an error (sendMessage rejects in Chromium when no page is open, on
 * every verdict), and nothing is written per verdict (as a storage signal would). The notice
 * carries no record: the page asks for the list again with audit:list, through the checked route.
 */
export const AUDIT_CHANNEL = 'warrant-audit-v1';

export const AuditNoticeSchema = z.strictObject({ kind: z.literal('audit:changed'), seq: z.number().int().nonnegative() });
export type AuditNotice = z.infer<typeof AuditNoticeSchema>;

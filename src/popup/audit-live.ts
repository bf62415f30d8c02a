import { AUDIT_CHANNEL, AuditNoticeSchema } from '../messages/audit-notice';

/** Calls `changed` whenever the background writes an audit record (see audit-notice.ts), until `signal` aborts. */
export function onAuditChanged(changed: () => void, signal: AbortSignal): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(AUDIT_CHANNEL);
  channel.addEventListener('message', (event: MessageEvent<unknown>) => {
    // Only the extension's own origin can post here; the notice is still checked before it is acted on.
    if (AuditNoticeSchema.safeParse(event.data).success) changed();
  });
  signal.addEventListener('abort', () => channel.close(), { once: true });
}

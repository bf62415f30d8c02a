import browser from 'webextension-polyfill';
import { AuditCheckResponseSchema, AuditUnreadableResponseSchema } from '../messages/ui-background';
import { t } from '../ui/i18n';

/**
 * Says so, at the top of the popup, when the audit log fails the extension's own check (chain,
 * seals, head), cannot be written, or cannot be read at all (IndexedDB unavailable); says nothing
 * when all is well. A check whose answer never comes is not reported as a failure of the log.
 */
export function initAuditHealth(banner: HTMLElement): void {
  void browser.runtime
    .sendMessage({ kind: 'audit:check' })
    .then((response) => {
      const unreadable = AuditUnreadableResponseSchema.safeParse(response);
      const check = AuditCheckResponseSchema.safeParse(response);
      const lines: string[] = [];
      if (unreadable.success) {
        if (!unreadable.data.writable) lines.push(t('auditUnwritable'));
        lines.push(t('auditUnavailable', unreadable.data.unreadable));
      }
      if (check.success && !check.data.writable) lines.push(t('auditUnwritable'));
      if (check.success && !check.data.ok) {
        const failed = [check.data.chain, check.data.seals, check.data.head].find((part) => !part.ok);
        lines.push(t('auditCheckFailed', failed?.message ?? ''));
      }
      if (lines.length === 0) return;
      banner.textContent = lines.join(' ');
      banner.hidden = false;
    })
    .catch(() => undefined);
}

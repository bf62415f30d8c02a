import browser from 'webextension-polyfill';
import { AuditCheckResponseSchema } from '../messages/ui-background';
import { t } from '../ui/i18n';

/**
 * Says so, at the top of the popup, when the audit log fails the extension's own check (chain,
 * seals, head) or cannot be written; says nothing when all is well. A check that cannot run at
 * all is not reported as a failure of the log.
 */
export function initAuditHealth(banner: HTMLElement): void {
  void browser.runtime
    .sendMessage({ kind: 'audit:check' })
    .then((response) => {
      const check = AuditCheckResponseSchema.safeParse(response);
      if (!check.success) return;
      const lines: string[] = [];
      if (!check.data.writable) lines.push(t('auditUnwritable'));
      if (!check.data.ok) {
        const failed = [check.data.chain, check.data.seals, check.data.head].find((part) => !part.ok);
        lines.push(t('auditCheckFailed', failed?.message ?? ''));
      }
      if (lines.length === 0) return;
      banner.textContent = lines.join(' ');
      banner.hidden = false;
    })
    .catch(() => undefined);
}

import browser from 'webextension-polyfill';
import { AuditExportResponseSchema, type UiRequest } from '../messages/ui-background';
import { t } from '../ui/i18n';

/** The whole retained log as JSON Lines, fetched page by page (one message could not carry it). */
export async function fetchExport(): Promise<string> {
  let text = '';
  let after: number | undefined;
  for (;;) {
    const request: UiRequest = after === undefined ? { kind: 'audit:export' } : { kind: 'audit:export', after };
    const page = AuditExportResponseSchema.parse(await browser.runtime.sendMessage(request));
    text += page.jsonl;
    if (page.next === null) return text;
    after = page.next;
  }
}

/** Downloads the export as a .jsonl file and says how many records it holds. */
export async function exportJsonLines(status: HTMLElement): Promise<void> {
  status.textContent = t('exportRunning');
  try {
    const text = await fetchExport();
    const url = URL.createObjectURL(new Blob([text], { type: 'application/jsonl' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `warrant-audit-${new Date().toISOString().replace(/[:.]/g, '-')}.jsonl`;
    link.click();
    // The download reads the blob asynchronously; revoking at once could cut it off.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    // Records, not lines: the export ends with the chain's head, which is not a record.
    const count = text.split('\n').filter((line) => line !== '' && !isHeadLine(line)).length;
    status.textContent = t('exportDone', count);
  } catch (error) {
    status.textContent = t('exportFailed', error instanceof Error ? error.message : String(error));
  }
}

function isHeadLine(line: string): boolean {
  try {
    return (JSON.parse(line) as { kind?: unknown }).kind === 'audit-head';
  } catch {
    return false;
  }
}

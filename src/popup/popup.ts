import browser from 'webextension-polyfill';
import type { UiRequest } from '../messages/ui-background';
import { AuditListResponseSchema } from '../messages/ui-background';
import { renderRecord } from './render';

const LIMIT = 50;

async function show(): Promise<void> {
  const status = document.getElementById('status')!;
  const list = document.getElementById('records')!;
  const request: UiRequest = { kind: 'audit:list', limit: LIMIT };
  const parsed = AuditListResponseSchema.safeParse(await browser.runtime.sendMessage(request));
  if (!parsed.success) {
    status.textContent = 'The audit log could not be read.';
    return;
  }
  list.replaceChildren(...parsed.data.map(renderRecord));
  status.textContent = parsed.data.length === 0 ? 'No assistant actions yet.' : `${parsed.data.length} latest decisions`;
}

void show();

import browser from 'webextension-polyfill';
import type { AskRequest } from '../../messages/ask-ui';
import { grantStandingApproval } from './approvals';
import { answerAsk, denyAsksOfTab, expireOrphans } from './queue';
import { listAsks } from './store';

/** Only extension pages reach this (the router checks the sender). */
export async function handleAskRequest(request: AskRequest): Promise<unknown> {
  if (request.kind === 'ask:list') return listAsks();
  const pending = (await listAsks()).find((ask) => ask.id === request.id);
  if (pending && request.approved && request.rememberMinutes !== undefined) {
    await grantStandingApproval(pending.transaction, request.rememberMinutes);
  }
  return { settled: await answerAsk(request.id, request.approved) };
}

/** Closing a tab denies what it was waiting for; a restarted background drops expired asks. */
export function initAsks(): void {
  browser.tabs.onRemoved.addListener((tabId) => denyAsksOfTab(tabId));
  void expireOrphans();
}

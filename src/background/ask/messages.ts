import browser from 'webextension-polyfill';
import type { AskRequest } from '../../messages/ask-ui';
import { grantStandingApproval } from './approvals';
import { answerAsk, denyAsksOfFrame, denyAsksOfTab, expireOrphans, isWaiting } from './queue';
import { listAsks } from './store';

/** Only the popup and the prompt window reach this (the router checks the sender's role). */
export async function handleAskRequest(request: AskRequest): Promise<unknown> {
  if (request.kind === 'ask:list') return listAsks();
  const pending = (await listAsks()).find((ask) => ask.id === request.id);
  // A standing approval comes only from an answer to a live ask: still listed, not past its
  // deadline, and with a proposal still waiting for it (not an orphan left by a restart).
  const live = pending !== undefined && pending.expiresAt > Date.now() && isWaiting(pending.id);
  if (live && request.approved && request.rememberMinutes !== undefined) {
    await grantStandingApproval(pending.transaction, request.rememberMinutes);
  }
  return { settled: await answerAsk(request.id, request.approved) };
}

/**
 * Closing a tab, or leaving the page an ask was raised on (a reload, a navigation), denies what it
 * was waiting for; a restarted background drops expired asks.
 */
export function initAsks(): void {
  browser.tabs.onRemoved.addListener((tabId) => denyAsksOfTab(tabId));
  browser.webNavigation.onCommitted.addListener((details) => {
    // A prerendered page commits in the background without replacing the one shown (Chromium).
    if ('documentLifecycle' in details && details.documentLifecycle === 'prerender') return;
    denyAsksOfFrame(details.tabId, details.frameId);
  });
  // Asks a stopped background left are recorded by in-flight.ts (recordStopped), from their own entries.
  void expireOrphans();
}

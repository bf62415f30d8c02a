import browser from 'webextension-polyfill';
import { goneSince, type PageMark, pageLeft } from './pages-left';
import { bringToUser } from './present';
import { addAsk, listAsks, type PendingAsk, removeAsks, showCount } from './store';

export type Answer = { approved: boolean; why: 'user' | 'timeout' | 'tab_closed' | 'page_left' | 'lost' };

/** Resolvers of the asks this instance of the background is waiting on. */
const waiting = new Map<string, (answer: Answer) => void>();

/**
 * Puts one action to the user and waits: the answer from the popup, or denial on timeout, on the
 * tab closing, or when the background restarts and nobody waits any more (fail closed).
 */
export async function ask(pending: PendingAsk, since?: PageMark): Promise<Answer> {
  const answer = new Promise<Answer>((resolve) => waiting.set(pending.id, resolve));
  try {
    await listFirst(pending);
  } catch (error) {
    // Not listed, so nobody can answer it: the proposal fails (the pipeline's boundary records
    // internal_error, nothing executed) rather than waiting for an answer that cannot come.
    waiting.delete(pending.id);
    throw error;
  }
  // Its page went before it was listed (denyWhere below found nothing to deny then): it ends now.
  const gone = since ? goneSince(pending.tabId, pending.frameId, since) : null;
  if (gone) void settle(pending.id, { approved: false, why: gone });
  keepAliveWhileWaiting();
  void bringToUser();
  const timer = setTimeout(() => void settle(pending.id, { approved: false, why: 'timeout' }), pending.expiresAt - Date.now());
  const result = await answer;
  clearTimeout(timer);
  return result;
}

/**
 * Lists the ask where the popup finds it. storage.session has a quota (10 MB in Chromium): when
 * it is full, the ask is listed without its picture (the popup says it has none) rather than not
 * at all.
 */
async function listFirst(pending: PendingAsk): Promise<void> {
  try {
    await addAsk(pending);
  } catch (error) {
    if (pending.crop === null) throw error;
    console.warn('Warrant: the ask is listed without its picture', error);
    await addAsk({ ...pending, crop: null });
  }
}

/** Whether a proposal still waits for this ask's answer (in this background's lifetime). */
export const isWaiting = (id: string): boolean => waiting.has(id);

/** The user's answer, from an extension page. Unknown or already settled asks change nothing. */
export async function answerAsk(id: string, approved: boolean): Promise<boolean> {
  return settle(id, { approved, why: 'user' });
}

async function settle(id: string, answer: Answer): Promise<boolean> {
  const removed = await removeAsks((ask) => ask.id === id);
  const resolve = waiting.get(id);
  waiting.delete(id);
  resolve?.(answer);
  return removed.length > 0 && resolve !== undefined;
}

export function denyAsksOfTab(tabId: number): void {
  pageLeft(tabId, 0, 'tab_closed');
  denyWhere((ask) => ask.tabId === tabId, 'tab_closed');
}

/**
 * A new document committed in a frame: asks raised from that frame (or, for the top frame, from
 * anywhere in the tab) are for a page that is gone, so they end, not approved. Whatever was
 * certified there went with it; the executing frame would refuse the command anyway.
 */
export function denyAsksOfFrame(tabId: number, frameId: number): void {
  pageLeft(tabId, frameId, 'page_left');
  denyWhere((ask) => ask.tabId === tabId && (frameId === 0 || ask.frameId === frameId), 'page_left');
}

/** Ends every listed ask that matches, not approved, for the reason given. */
function denyWhere(match: (ask: PendingAsk) => boolean, why: Answer['why']): void {
  void listAsks().then((asks) => {
    for (const ask of asks.filter(match)) void settle(ask.id, { approved: false, why });
  });
}

/**
 * After a restart, asks whose page no longer waits are still listed (the user sees what was
 * tried) until they expire; answering them executes nothing.
 */
export async function expireOrphans(): Promise<void> {
  await removeAsks((ask) => ask.expiresAt <= Date.now() && !waiting.has(ask.id));
  await showCount();
}

let keepAlive: ReturnType<typeof setInterval> | undefined;

/**
 * A Chromium service worker is stopped after ~30 s without extension events; a call to an
 * extension API resets that timer (https://developer.chrome.com/docs/extensions/develop/concepts/service-workers/lifecycle).
 * While the user is deciding, keep it up so the page's answer is not lost.
 */
function keepAliveWhileWaiting(): void {
  if (keepAlive !== undefined) return;
  keepAlive = setInterval(() => {
    if (waiting.size === 0) {
      clearInterval(keepAlive);
      keepAlive = undefined;
      return;
    }
    void browser.runtime.getPlatformInfo();
  }, 20_000);
}

import browser from 'webextension-polyfill';
import { serially } from './serial';

/**
 * Tabs that share a window with another tab through `window.open` (Chromium): the page that opened
 * a window and the page in it can reach each other's documents (same origin), and an animation one
 * plays on its own `document.timeline` styles the other's elements, listed by neither document's
 * getAnimations() (Chromium 156). A page's own frames, its parent and its opener the content script
 * sees for itself (verifiers/animations.ts); a window the page opened, or an opener it let go of
 * (`window.opener = null` after keeping a reference), only the browser does: every navigation
 * target a tab creates (window.open with or without a URL, noopener or not, a link to a new tab)
 * pairs the two tabs until either closes. Over-inclusive on purpose: a pair only makes the frame's
 * certification read every element's style (slower, never an ask).
 *
 * Kept in storage.session (format version 1), so a stopped service worker's successor still knows
 * the pairs; tabs.onRemoved, which wakes it, drops a closed tab's.
 */
const KEY = 'windows.v1';

type Stored = { version: 1; pairs: [opener: number, opened: number][] };

async function read(): Promise<Stored> {
  const stored = (await browser.storage.session.get(KEY))[KEY] as Partial<Stored> | undefined;
  const pairs = stored?.version === 1 && Array.isArray(stored.pairs) ? stored.pairs : [];
  return { version: 1, pairs: pairs.filter((pair) => Array.isArray(pair) && pair.every(Number.isInteger)) };
}

function update(change: (pairs: Stored['pairs']) => Stored['pairs']): Promise<void> {
  return serially(KEY, async () => {
    const stored = await read();
    await browser.storage.session.set({ [KEY]: { version: 1, pairs: change(stored.pairs) } satisfies Stored });
  });
}

/** A tab created as a navigation target of `sourceTabId` (webNavigation.onCreatedNavigationTarget). */
export function windowOpened(tabId: number, sourceTabId: number): Promise<void> {
  if (tabId === sourceTabId) return Promise.resolve();
  return update((pairs) => [...pairs.filter(([a, b]) => a !== sourceTabId || b !== tabId), [sourceTabId, tabId]]);
}

/** A closed tab shares nothing any more. */
export function windowClosed(tabId: number): Promise<void> {
  return update((pairs) => pairs.filter(([a, b]) => a !== tabId && b !== tabId));
}

/**
 * Whether `tabId` opened a tab still open or was opened by one. Where storage cannot say, true: the
 * answer only ever makes a certification read more.
 */
export async function sharesWindows(tabId: number): Promise<boolean> {
  try {
    // Written before this read if the event came first (serially: one queue per key).
    const { pairs } = await serially(KEY, read);
    return pairs.some(([a, b]) => a === tabId || b === tabId);
  } catch {
    return true;
  }
}

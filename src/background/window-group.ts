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
 * marks both tabs for as long as each stays open. Not as a pair dropped when the other closes: a
 * page that opened B, which opened C, keeps its reference to C after B closes and can still use
 * C's timeline (an attacker's page, clicked through when closing B unpaired them). Over-inclusive on
 * purpose: a mark only makes the frame's certification read every element's style (slower, never
 * an ask).
 *
 * Kept in storage.session (format version 1), so a stopped service worker's successor still knows
 * the tabs; tabs.onRemoved, which wakes it, drops a closed tab.
 */
const KEY = 'windows.v1';

type Stored = { version: 1; tabs: number[] };

async function read(): Promise<Stored> {
  const stored = (await browser.storage.session.get(KEY))[KEY] as Partial<Stored> | undefined;
  const tabs = stored?.version === 1 && Array.isArray(stored.tabs) ? stored.tabs : [];
  return { version: 1, tabs: tabs.filter(Number.isInteger) };
}

function update(change: (tabs: number[]) => number[]): Promise<void> {
  return serially(KEY, async () => {
    const stored = await read();
    await browser.storage.session.set({ [KEY]: { version: 1, tabs: change(stored.tabs) } satisfies Stored });
  });
}

/** A tab created as a navigation target of `sourceTabId` (webNavigation.onCreatedNavigationTarget). */
export function windowOpened(tabId: number, sourceTabId: number): Promise<void> {
  if (tabId === sourceTabId) return Promise.resolve();
  return update((tabs) => [...new Set([...tabs, sourceTabId, tabId])]);
}

/** A closed tab shares nothing any more (the tabs it shared with stay marked). */
export function windowClosed(tabId: number): Promise<void> {
  return update((tabs) => tabs.filter((tab) => tab !== tabId));
}

/**
 * Whether `tabId` ever opened a window or was opened as one, and is still open. Where the browser
 * cannot say, true: the answer only ever makes a certification read more.
 *
 * The marks alone race a window opened in the very task that proposes: the frame's question can
 * reach this worker before the browser's onCreatedNavigationTarget does (the first proposal of a
 * new browser, every time it was tried: the click was performed). The browser's tab list does not
 * race: `window.open` shows the new window (ShowCreatedWindow, which puts it in a tab strip with
 * this tab as its `openerTabId`, popups in a window of their own included) on the frame's channel
 * before the content script's message on that channel is sent, so a query made on the message
 * lists it. Over-inclusive like the marks: a tab with a link opened in a new tab reads more too.
 */
export async function sharesWindows(tabId: number): Promise<boolean> {
  try {
    // Marks: written before this read if the event came first (serially: one queue per key).
    const [{ tabs }, open] = await Promise.all([serially(KEY, read), browser.tabs.query({})]);
    return tabs.includes(tabId) || open.some((tab) => tab.openerTabId === tabId);
  } catch {
    return true;
  }
}

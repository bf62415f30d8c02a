import browser from 'webextension-polyfill';

/** A frame of a tab, as the browser names it. Everything about "where" comes from here. */
export type FrameSender = {
  kind: 'frame';
  tabId: number;
  frameId: number;
  documentId: string | null;
  frameUrl: string;
  frameOrigin: string | null;
  tabUrl: string | null;
  windowId: number | null;
};
export type ExtensionPageSender = { kind: 'extension-page'; url: string };

/**
 * Decides who is talking from the browser-stamped sender, never from the message.
 * Returns null for anything that is neither a content script of ours nor a page of ours.
 */
export function classifySender(sender: browser.Runtime.MessageSender): FrameSender | ExtensionPageSender | null {
  if (sender.id !== browser.runtime.id) return null;
  const url = sender.url ?? '';
  const ownPrefix = browser.runtime.getURL('');
  if (url.startsWith(ownPrefix)) return { kind: 'extension-page', url };
  const tabId = sender.tab?.id;
  if (tabId === undefined || tabId < 0 || sender.frameId === undefined) return null;
  const withDocument = sender as browser.Runtime.MessageSender & { documentId?: string; origin?: string };
  return {
    kind: 'frame',
    tabId,
    frameId: sender.frameId,
    documentId: withDocument.documentId ?? null,
    frameUrl: url,
    frameOrigin: withDocument.origin ?? originOf(url),
    tabUrl: sender.tab?.url ?? null,
    windowId: sender.tab?.windowId ?? null,
  };
}

export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

export const frameKey = (sender: FrameSender) => `${sender.tabId}:${sender.frameId}`;

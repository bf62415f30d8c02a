/**
 * Which pages have gone since a decision began, as this background saw them go: a count per tab
 * (its top frame committed a new document, or the tab closed: every frame's page went with it) and
 * per subframe. A decision marks where it started; an ask listed only after its page had gone
 * (its picture was still being taken when the page navigated, say) ends at once instead of
 * waiting, listed, for an answer that could change nothing (ask/queue.ts).
 */
export type PageMark = { tab: number; frame: number };
type Why = 'tab_closed' | 'page_left';

const counts = new Map<string, { count: number; why: Why }>();

const tabKey = (tabId: number) => `${tabId}`;
const frameKey = (tabId: number, frameId: number) => `${tabId}:${frameId}`;
const countOf = (key: string) => counts.get(key)?.count ?? 0;

export function markPage(tabId: number, frameId: number): PageMark {
  return { tab: countOf(tabKey(tabId)), frame: frameId === 0 ? 0 : countOf(frameKey(tabId, frameId)) };
}

/** A page went: the whole tab's (`frameId` 0: the top frame's document, or the tab itself) or one subframe's. */
export function pageLeft(tabId: number, frameId: number, why: Why): void {
  const key = frameId === 0 ? tabKey(tabId) : frameKey(tabId, frameId);
  counts.set(key, { count: countOf(key) + 1, why });
}

/** Why the page marked at `since` has gone since, or null while it is still there. */
export function goneSince(tabId: number, frameId: number, since: PageMark): Why | null {
  const tab = counts.get(tabKey(tabId));
  if (tab && tab.count !== since.tab) return tab.why;
  if (frameId === 0) return null;
  const frame = counts.get(frameKey(tabId, frameId));
  return frame && frame.count !== since.frame ? frame.why : null;
}

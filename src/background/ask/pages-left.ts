/**
 * Which pages have gone since a decision began, as this background saw them go: a count per tab
 * (its top frame committed a new document, or the tab closed: every frame's page went with it) and
 * per subframe. A decision marks where it started; an ask listed only after its page had gone
 * (its picture was still being taken when the page navigated, say) ends at once instead of
 * waiting, listed, for an answer that could change nothing (ask/queue.ts).
 *
 * Kept small: a top-frame commit drops the tab's subframe counts (any mark taken before it sees
 * the tab's own count change first, and later marks start again from zero), a tab keeps the last
 * FRAMES_KEPT subframes' counts, and a closed tab keeps one entry, its own, among the last
 * CLOSED_KEPT closed tabs (tab ids are not reused in a session).
 */
export type PageMark = { tab: number; frame: number };
type Why = 'tab_closed' | 'page_left';
type Count = { count: number; why: Why };

/** How many closed tabs are remembered. An ask still being prepared after this many more tabs closed is listed and waits, not approved, for its timeout. */
export const CLOSED_KEPT = 1_000;
/** How many subframes' counts a tab keeps (a page can make and navigate frames without end); the oldest go first, with the same consequence. */
export const FRAMES_KEPT = 500;

const tabs = new Map<number, { left: Count | null; frames: Map<number, Count> }>();
/** Closed tabs, oldest first (a Map keeps insertion order). */
const closed = new Map<number, true>();

export function markPage(tabId: number, frameId: number): PageMark {
  const tab = tabs.get(tabId);
  return { tab: tab?.left?.count ?? 0, frame: frameId === 0 ? 0 : (tab?.frames.get(frameId)?.count ?? 0) };
}

/** A page went: the whole tab's (`frameId` 0: the top frame's document, or the tab itself) or one subframe's. */
export function pageLeft(tabId: number, frameId: number, why: Why): void {
  // A commit reported after its tab closed (no order is promised between the two events) changes nothing: the tab stays closed.
  if (closed.has(tabId)) return;
  let tab = tabs.get(tabId);
  if (!tab) {
    tab = { left: null, frames: new Map() };
    tabs.set(tabId, tab);
  }
  if (frameId !== 0) {
    const count = (tab.frames.get(frameId)?.count ?? 0) + 1;
    tab.frames.delete(frameId);
    tab.frames.set(frameId, { count, why });
    for (const [oldest] of tab.frames) {
      if (tab.frames.size <= FRAMES_KEPT) break;
      tab.frames.delete(oldest);
    }
    return;
  }
  tab.left = { count: (tab.left?.count ?? 0) + 1, why };
  tab.frames.clear();
  if (why !== 'tab_closed') return;
  closed.set(tabId, true);
  for (const [oldest] of closed) {
    if (closed.size <= CLOSED_KEPT) break;
    closed.delete(oldest);
    tabs.delete(oldest);
  }
}

/** Why the page marked at `since` has gone since, or null while it is still there. */
export function goneSince(tabId: number, frameId: number, since: PageMark): Why | null {
  const tab = tabs.get(tabId);
  if (tab?.left && tab.left.count !== since.tab) return tab.left.why;
  if (frameId === 0) return null;
  const frame = tab?.frames.get(frameId);
  return frame && frame.count !== since.frame ? frame.why : null;
}

/** How many counts are kept (tabs and subframes), for tests of the bound. */
export function keptCounts(): number {
  let kept = 0;
  for (const tab of tabs.values()) kept += 1 + tab.frames.size;
  return kept;
}

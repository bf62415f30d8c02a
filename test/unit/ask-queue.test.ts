import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingAsk } from '../../src/messages/ask-ui';

/**
 * The ask queue (src/background/ask/queue.ts) against a fake storage.session. Asks live there,
 * whose quota (10 MB in Chromium) a page raising many asks with pictures can fill: faked with a
 * small quota that throws as Chromium does.
 */
const session = vi.hoisted(() => {
  const data = new Map<string, unknown>();
  const state = { quota: 1_000_000 };
  return {
    data,
    state,
    get: async (key: string) => (data.has(key) ? { [key]: structuredClone(data.get(key)) } : {}),
    set: async (items: Record<string, unknown>) => {
      if (JSON.stringify(items).length > state.quota) throw new Error('Session storage quota bytes exceeded.');
      for (const [k, v] of Object.entries(items)) data.set(k, structuredClone(v));
    },
  };
});
vi.mock('webextension-polyfill', () => ({
  default: {
    storage: { session },
    action: { setBadgeText: async () => {}, setBadgeBackgroundColor: async () => {}, setIcon: async () => {}, setTitle: async () => {} },
    i18n: { getMessage: () => '' },
  },
}));
vi.mock('../../src/background/ask/present', () => ({ bringToUser: async () => {} }));

const queue = await import('../../src/background/ask/queue');
const pages = await import('../../src/background/ask/pages-left');
const store = await import('../../src/background/ask/store');

function pending(id: string, crop: string | null, where = { tabId: 1, frameId: 0 }): PendingAsk {
  const now = Date.now();
  return {
    id,
    ...where,
    origin: 'https://shop.example',
    tool: 'click',
    target: '#pay',
    label: 'Pay',
    agent: null,
    evidence: [],
    reasons: [],
    transaction: `t-${id}`,
    createdAt: now,
    expiresAt: now + 60_000,
    crop,
  };
}

beforeEach(() => {
  session.data.clear();
  session.state.quota = 1_000_000;
});

describe('asks when storage.session is full', () => {
  it('lists the ask without its picture, and it can still be answered', async () => {
    session.state.quota = 20_000;
    const answer = queue.ask(pending('a1', `data:image/png;base64,${'A'.repeat(30_000)}`));
    await vi.waitFor(async () => expect(await store.listAsks()).toHaveLength(1));
    expect((await store.listAsks())[0]!.crop).toBeNull();
    expect(await queue.answerAsk('a1', true)).toBe(true);
    expect(await answer).toEqual({ approved: true, why: 'user' });
  });

  it('fails the proposal, and waits for nothing, when even the bare ask does not fit', async () => {
    session.state.quota = 100;
    await expect(queue.ask(pending('a2', 'data:image/png;base64,AAAA'))).rejects.toThrow(/quota/);
    expect(queue.isWaiting('a2')).toBe(false);
    expect(await store.listAsks()).toEqual([]);
  });
});

describe('asks whose page went before they were listed', () => {
  // The picture for the prompt is still being taken when the page navigates: the commit finds no
  // listed ask to deny, so the ask itself must notice when it is listed.
  it('ends at once, not approved, and is not left listed, when its page navigated first', async () => {
    const since = pages.markPage(2, 0);
    queue.denyAsksOfFrame(2, 0);
    const answer = await queue.ask(pending('gone', null, { tabId: 2, frameId: 0 }), since);
    expect(answer).toEqual({ approved: false, why: 'page_left' });
    await vi.waitFor(async () => expect(await store.listAsks()).toEqual([]));
  });

  it("ends when its tab closed first; a subframe leaving ends only that frame's asks", async () => {
    const top = pages.markPage(3, 0);
    const child = pages.markPage(3, 7);
    queue.denyAsksOfFrame(3, 9);
    const other = queue.ask(pending('other-frame', null, { tabId: 3, frameId: 7 }), child);
    await vi.waitFor(async () => expect((await store.listAsks()).map((a) => a.id)).toEqual(['other-frame']));
    expect(queue.isWaiting('other-frame')).toBe(true);
    queue.denyAsksOfTab(3);
    expect(await other).toEqual({ approved: false, why: 'tab_closed' });
    expect(await queue.ask(pending('closed', null, { tabId: 3, frameId: 0 }), top)).toEqual({ approved: false, why: 'tab_closed' });
  });

  it("forgets a tab's subframes when its top frame commits, and all but the last closed tabs", async () => {
    // A module of its own, so the counts kept are this test's alone.
    vi.resetModules();
    const own = await import('../../src/background/ask/pages-left');
    const commit = (tab: number, frame: number) => own.pageLeft(tab, frame, 'page_left');
    const close = (tab: number) => own.pageLeft(tab, 0, 'tab_closed');
    commit(5, 3);
    commit(5, 4);
    // Marked with the subframe's current count, just before the top frame commits: only the tab's own count can tell.
    const beforeTop = own.markPage(5, 3);
    expect(own.goneSince(5, 3, beforeTop)).toBeNull();
    expect(own.keptCounts()).toBe(3);
    commit(5, 0);
    // The subframes' counts went with the page; a mark from before still sees it gone.
    expect(own.keptCounts()).toBe(1);
    expect(own.goneSince(5, 3, beforeTop)).toBe('page_left');
    const fresh = own.markPage(5, 3);
    expect(own.goneSince(5, 3, fresh)).toBeNull();
    commit(5, 3);
    expect(own.goneSince(5, 3, fresh)).toBe('page_left');

    const first = own.markPage(1_000, 0);
    const openTab = own.markPage(6, 0);
    commit(6, 0);
    for (let tab = 1_000; tab < 1_000 + own.CLOSED_KEPT + 50; tab++) {
      commit(tab, 2);
      close(tab);
    }
    // Closed tabs are forgotten, oldest first, never the open ones; a commit reported after the close changes nothing.
    expect(own.goneSince(1_000, 0, first)).toBeNull();
    expect(own.goneSince(6, 0, openTab)).toBe('page_left');
    expect(own.goneSince(5, 3, fresh)).toBe('page_left');
    const last = 1_000 + own.CLOSED_KEPT + 49;
    commit(last, 0);
    commit(last, 2);
    expect(own.goneSince(last, 0, { tab: 0, frame: 0 })).toBe('tab_closed');
    expect(own.goneSince(last, 2, { tab: 0, frame: 0 })).toBe('tab_closed');
    // Tab 5 and its frame 3, tab 6, and one count per remembered closed tab.
    expect(own.keptCounts()).toBe(2 + 1 + own.CLOSED_KEPT);

    // A page making and navigating frames without end: only the last FRAMES_KEPT are counted.
    const oldFrame = own.markPage(7, 1);
    commit(7, 1);
    for (let frame = 2; frame < 2 + own.FRAMES_KEPT; frame++) commit(7, frame);
    expect(own.goneSince(7, 1, oldFrame)).toBeNull();
    expect(own.goneSince(7, 2, { tab: 0, frame: 0 })).toBe('page_left');
    expect(own.keptCounts()).toBe(2 + 1 + own.CLOSED_KEPT + 1 + own.FRAMES_KEPT);
  });

  it('waits for the user when the page it was raised on is still there (a decision started on the new page)', async () => {
    queue.denyAsksOfFrame(4, 0);
    const since = pages.markPage(4, 0);
    const answer = queue.ask(pending('stays', null, { tabId: 4, frameId: 0 }), since);
    await vi.waitFor(async () => expect((await store.listAsks()).map((a) => a.id)).toEqual(['stays']));
    expect(await queue.answerAsk('stays', true)).toBe(true);
    expect(await answer).toEqual({ approved: true, why: 'user' });
  });
});

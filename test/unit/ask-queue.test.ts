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

  it("forgets a tab's subframes when its top frame commits, and all but the last closed tabs", () => {
    const old = pages.markPage(5, 3);
    queue.denyAsksOfFrame(5, 3);
    queue.denyAsksOfFrame(5, 4);
    expect(pages.goneSince(5, 3, old)).toBe('page_left');
    const beforeTop = pages.keptCounts();
    queue.denyAsksOfFrame(5, 0);
    // The subframes' counts went with the page; a mark from before still sees it gone (the tab's count).
    expect(pages.keptCounts()).toBe(beforeTop - 2);
    expect(pages.goneSince(5, 3, old)).toBe('page_left');
    const fresh = pages.markPage(5, 3);
    expect(pages.goneSince(5, 3, fresh)).toBeNull();
    queue.denyAsksOfFrame(5, 3);
    expect(pages.goneSince(5, 3, fresh)).toBe('page_left');

    const first = pages.markPage(1_000, 0);
    for (let tab = 1_000; tab < 1_000 + pages.CLOSED_KEPT + 50; tab++) {
      queue.denyAsksOfFrame(tab, 2);
      queue.denyAsksOfTab(tab);
    }
    // One count per remembered closed tab, none of their subframes; the oldest are forgotten.
    expect(pages.keptCounts()).toBeLessThanOrEqual(pages.CLOSED_KEPT + 10);
    expect(pages.goneSince(1_000, 0, first)).toBeNull();
    const last = 1_000 + pages.CLOSED_KEPT + 49;
    expect(pages.goneSince(last, 0, { tab: 0, frame: 0 })).toBe('tab_closed');
    expect(pages.goneSince(last, 2, { tab: 0, frame: 0 })).toBe('tab_closed');
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

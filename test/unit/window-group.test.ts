import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Tabs marked by window.open (src/background/window-group.ts): a mark lasts until its tab
 * closes, survives a new service worker (storage.session); a tab the browser lists with this one as
 * its opener counts before its event has come; and where the browser cannot answer the answer is
 * "shared" (the frame then reads every element's style).
 */
const world = vi.hoisted(() => ({
  session: new Map<string, unknown>(),
  failing: false,
  tabs: [] as { id: number; openerTabId?: number }[],
  tabsFailing: false,
}));

vi.mock('webextension-polyfill', () => ({
  default: {
    storage: {
      session: {
        get: async (key: string) => {
          if (world.failing) throw new Error('storage.session is unavailable');
          return world.session.has(key) ? { [key]: world.session.get(key) } : {};
        },
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) world.session.set(k, structuredClone(v));
        },
      },
    },
    tabs: {
      query: async () => {
        if (world.tabsFailing) throw new Error('tabs.query failed');
        return structuredClone(world.tabs);
      },
    },
  },
}));

const { sharesWindows, windowClosed, windowOpened } = await import('../../src/background/window-group');

describe('tabs that share a window', () => {
  beforeEach(() => {
    world.session.clear();
    world.failing = false;
    world.tabs = [];
    world.tabsFailing = false;
  });

  it('marks the tab that opened a window and the tab it is in, each until it closes', async () => {
    expect(await sharesWindows(1)).toBe(false);
    await windowOpened(2, 1);
    await windowOpened(3, 1);
    expect([await sharesWindows(1), await sharesWindows(2), await sharesWindows(3), await sharesWindows(4)]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    await windowClosed(2);
    expect([await sharesWindows(1), await sharesWindows(2)]).toEqual([true, false]);
    await windowClosed(1);
    expect([await sharesWindows(1), await sharesWindows(3)]).toEqual([false, true]);
  });

  it('keeps the first tab of a chain marked after the middle one closes (it may hold the last one)', async () => {
    await windowOpened(11, 10);
    await windowOpened(12, 11);
    await windowClosed(11);
    expect([await sharesWindows(10), await sharesWindows(11), await sharesWindows(12)]).toEqual([true, false, true]);
  });

  it('answers after a write it was asked behind, and ignores a tab opening itself', async () => {
    const opened = windowOpened(6, 5);
    expect(await sharesWindows(5)).toBe(true);
    await opened;
    await windowOpened(7, 7);
    expect(await sharesWindows(7)).toBe(false);
  });

  it('reads only its own format: another version or malformed entries count for nothing', async () => {
    world.session.set('windows.v1', { version: 2, tabs: [1] });
    expect(await sharesWindows(1)).toBe(false);
    world.session.set('windows.v1', { version: 1, tabs: ['1', 1.5, 3] });
    expect([await sharesWindows(1), await sharesWindows(3)]).toEqual([false, true]);
  });

  it('counts a window the browser lists as opened by the tab before its event has come (opened in the proposing task)', async () => {
    world.tabs = [{ id: 20 }, { id: 21, openerTabId: 20 }, { id: 22 }];
    expect([await sharesWindows(20), await sharesWindows(21), await sharesWindows(22)]).toEqual([true, false, false]);
    world.tabs = [{ id: 20 }];
    expect(await sharesWindows(20)).toBe(false);
  });

  it('says shared when storage or the tab list cannot say', async () => {
    world.failing = true;
    expect(await sharesWindows(9)).toBe(true);
    world.failing = false;
    world.tabsFailing = true;
    expect(await sharesWindows(9)).toBe(true);
  });
});

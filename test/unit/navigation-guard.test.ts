import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * navigation-guard.ts's rules, over a fake declarativeNetRequest: what is written while an action
 * runs and after it. The rules themselves are shown to stop requests in both browsers by
 * test/browser/forms.test.ts and leads-on.test.ts; this pins their lifetimes.
 */

type Rule = { id: number; condition: { resourceTypes: string[]; requestMethods?: string[]; initiatorDomains?: string[] } };
const rules = new Map<number, Rule>();
let tabs: { id: number; openerTabId?: number }[] = [];
const listeners = () => ({ addListener: () => undefined });

vi.mock('webextension-polyfill', () => ({
  default: {
    declarativeNetRequest: {
      updateSessionRules: async ({ removeRuleIds = [], addRules = [] }: { removeRuleIds?: number[]; addRules?: Rule[] }) => {
        for (const id of removeRuleIds) rules.delete(id);
        for (const rule of addRules) rules.set(rule.id, rule);
      },
      getSessionRules: async () => [...rules.values()],
    },
    tabs: { query: async () => tabs },
    webNavigation: {
      onCreatedNavigationTarget: listeners(),
      onBeforeNavigate: listeners(),
      onCompleted: listeners(),
      onErrorOccurred: listeners(),
    },
  },
}));

const SENDER = {
  kind: 'frame' as const,
  tabId: 7,
  frameId: 0,
  documentId: null,
  frameUrl: 'https://bank.example/',
  frameOrigin: 'https://bank.example',
  tabUrl: 'https://bank.example/',
  windowId: 1,
};

const posts = () => [...rules.values()].filter((rule) => rule.condition.requestMethods?.includes('post'));
const navigations = () => [...rules.values()].filter((rule) => rule.condition.requestMethods === undefined);

let guard: typeof import('../../src/background/navigation-guard');

beforeEach(async () => {
  rules.clear();
  tabs = [{ id: 7 }, { id: 9 }];
  vi.useFakeTimers();
  vi.resetModules();
  guard = await import('../../src/background/navigation-guard');
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs an action through the guard; `during` sees the rules while it is performed. */
const act = (submits: boolean, during: () => void = () => undefined) =>
  guard.guardNavigations(
    SENDER,
    ['https://bank.example/next'],
    () => undefined,
    async () => {
      during();
      return 'ran';
    },
    () => 'refused',
    submits,
  );

describe('the POST rule of an action certified to submit nothing', () => {
  it('blocks POST navigations, whoever starts them, in frames, objects and new tabs but not other tabs, while it runs and for the grace after', async () => {
    let seen: Rule[] = [];
    expect(await act(false, () => (seen = posts()))).toBe('ran');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.condition).toEqual({
      resourceTypes: ['main_frame', 'sub_frame', 'object'],
      requestMethods: ['post'],
      excludedTabIds: [9],
    });
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS - 10);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(posts()).toHaveLength(0);
    // The navigation rule stays its own time.
    expect(navigations()).toHaveLength(1);
  });

  it('is not written for an action certified to submit, and a certified submission lifts an earlier one at once', async () => {
    let seen: Rule[] = [];
    await act(true, () => (seen = posts()));
    expect(seen).toHaveLength(0);
    await act(false);
    expect(posts()).toHaveLength(1);
    await act(true, () => (seen = posts()));
    expect(seen).toHaveLength(0);
    // The earlier action's grace ending writes nothing back.
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS + 10);
    expect(posts()).toHaveLength(0);
  });

  it('lasts until the last of overlapping actions ends its grace', async () => {
    await act(false);
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2);
    await act(false);
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2 + 10);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2);
    expect(posts()).toHaveLength(0);
  });

  it('covers a tab the acting one opened before (a popup the page kept), and those it opened; the navigation rule does not', async () => {
    tabs = [{ id: 7 }, { id: 9 }, { id: 11, openerTabId: 7 }, { id: 12, openerTabId: 11 }, { id: 13, openerTabId: 9 }];
    await act(false);
    expect(posts()[0]!.condition).toMatchObject({ excludedTabIds: [9, 13] });
    expect(navigations()[0]!.condition).toMatchObject({ excludedTabIds: [9, 11, 12, 13] });
  });

  it('is removed with the navigation rule by clearStaleGuards', async () => {
    await act(false);
    expect(rules.size).toBe(2);
    await guard.clearStaleGuards();
    expect(rules.size).toBe(0);
  });
});

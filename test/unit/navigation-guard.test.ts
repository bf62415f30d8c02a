import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PostRule } from '../../src/background/navigation-guard';

/**
 * navigation-guard.ts's rules, over a fake declarativeNetRequest: what is written while an action
 * runs and after it. The rules themselves are shown to stop requests in both browsers by
 * test/browser/posts-after-action.test.ts, forms.test.ts and leads-on.test.ts; this pins their lifetimes.
 */

type Rule = {
  id: number;
  priority?: number;
  action?: { type: string };
  condition: { resourceTypes: string[]; requestMethods?: string[]; excludedTabIds?: number[]; regexFilter?: string };
};
const rules = new Map<number, Rule>();
const heard = new Map<string, (details: { tabId: number; frameId: number; url?: string; sourceTabId?: number }) => void>();
const listeners = (name: string) => ({
  addListener: (listener: (details: { tabId: number; frameId: number }) => void) => heard.set(name, listener),
});

vi.mock('webextension-polyfill', () => ({
  default: {
    declarativeNetRequest: {
      updateSessionRules: async ({ removeRuleIds = [], addRules = [] }: { removeRuleIds?: number[]; addRules?: Rule[] }) => {
        for (const id of removeRuleIds) rules.delete(id);
        for (const rule of addRules) rules.set(rule.id, rule);
      },
      getSessionRules: async () => [...rules.values()],
    },
    tabs: { query: async () => [{ id: 7 }, { id: 9 }] },
    webNavigation: {
      onCreatedNavigationTarget: listeners('created'),
      onBeforeNavigate: listeners('before'),
      onCompleted: listeners('completed'),
      onErrorOccurred: listeners('error'),
      onCommitted: listeners('committed'),
    },
  },
}));

const sender = (tabId: number) => ({
  kind: 'frame' as const,
  tabId,
  frameId: 0,
  documentId: null,
  frameUrl: 'https://bank.example/',
  frameOrigin: 'https://bank.example',
  tabUrl: 'https://bank.example/',
  windowId: 1,
});

const posts = () => [...rules.values()].filter((rule) => rule.condition.requestMethods?.includes('post') && rule.action?.type !== 'allow');
const navigations = () => [...rules.values()].filter((rule) => rule.condition.requestMethods === undefined);

let guard: typeof import('../../src/background/navigation-guard');

beforeEach(async () => {
  rules.clear();
  heard.clear();
  vi.useFakeTimers();
  vi.resetModules();
  guard = await import('../../src/background/navigation-guard');
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs an action in `tab` through the guard; `during` sees the rules while it is performed. */
const act = (posts: PostRule, during: () => void = () => undefined, tab = 7) =>
  guard.guardNavigations(
    sender(tab),
    ['https://bank.example/next'],
    () => undefined,
    async () => {
      during();
      return 'ran';
    },
    () => 'refused',
    posts,
  );

describe('the POST rule of an action certified to submit nothing', () => {
  it('blocks POST navigations in every tab, whoever starts them, into frames and objects too, while it runs and for the grace after', async () => {
    let seen: Rule[] = [];
    expect(await act('block', () => (seen = posts()))).toBe('ran');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.condition).toEqual({ resourceTypes: ['main_frame', 'sub_frame', 'object'], requestMethods: ['post'] });
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS - 10);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(posts()).toHaveLength(0);
    // The navigation rule stays its own time.
    expect(navigations()).toHaveLength(1);
  });

  it('is not written for a navigation, which leaves an earlier one as it is', async () => {
    let seen: Rule[] = [];
    await act('keep', () => (seen = posts()));
    expect(seen).toHaveLength(0);
    await act('block');
    await act('keep', () => (seen = posts()));
    expect(seen).toHaveLength(1);
  });

  it('lets a certified POST through every POST rule, its request exactly, while it is performed and for the grace after; the rules stay', async () => {
    await act('block', undefined, 9);
    let seen: Rule[] = [];
    await act({ allow: 'https://bank.example/pay?a=1' }, () => (seen = [...rules.values()]));
    const allow = seen.find((rule) => rule.action?.type === 'allow');
    expect(allow).toMatchObject({
      priority: 2,
      condition: { regexFilter: '^(?:https://bank\\.example/pay\\?a=1)$', requestMethods: ['post'] },
    });
    expect(new RegExp(allow!.condition.regexFilter!).test('https://bank.example/pay?a=1')).toBe(true);
    expect(new RegExp(allow!.condition.regexFilter!).test('https://bank.example/pay?a=10')).toBe(false);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS + 10);
    expect([...rules.values()].filter((rule) => rule.action?.type === 'allow')).toHaveLength(0);
  });

  it('lasts until the last of overlapping actions ends its grace', async () => {
    await act('block');
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2);
    await act('block');
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2 + 10);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(guard.POST_GRACE_MS / 2);
    expect(posts()).toHaveLength(0);
  });

  it('is removed with the navigation rule by clearStaleGuards', async () => {
    await act('block');
    expect(rules.size).toBe(2);
    await guard.clearStaleGuards();
    expect(rules.size).toBe(0);
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingAsk } from '../../src/messages/ask-ui';

/**
 * Asks live in storage.session, whose quota (10 MB in Chromium) a page raising many asks with
 * pictures can fill. Faked here with a small quota that throws as Chromium does.
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
const store = await import('../../src/background/ask/store');

function pending(id: string, crop: string | null): PendingAsk {
  const now = Date.now();
  return {
    id,
    tabId: 1,
    frameId: 0,
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

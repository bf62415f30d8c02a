import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The journal of decisions in flight (src/background/in-flight.ts): a background started after
 * one that stopped records each decision that one left, once, with what is known of whether it ran.
 */

const world = vi.hoisted(() => ({
  session: new Map<string, unknown>(),
  /** What the frame answers when asked what became of its command. */
  frameAnswer: null as unknown,
}));

vi.mock('webextension-polyfill', () => ({
  default: {
    storage: {
      local: { get: async () => ({}), remove: async () => {} },
      session: {
        get: async (key: string | null) =>
          key === null ? Object.fromEntries(world.session) : world.session.has(key) ? { [key]: world.session.get(key) } : {},
        set: async (items: Record<string, unknown>) => {
          for (const [k, v] of Object.entries(items)) world.session.set(k, structuredClone(v));
        },
        remove: async (key: string) => void world.session.delete(key),
      },
    },
    tabs: { sendMessage: async () => world.frameAnswer },
  },
}));

const SENDER = {
  kind: 'frame' as const,
  tabId: 3,
  frameId: 0,
  documentId: 'doc-1',
  frameUrl: 'https://shop.example/',
  frameOrigin: 'https://shop.example',
  tabUrl: 'https://shop.example/',
  windowId: 1,
};
const REQUEST = { kind: 'propose' as const, requestId: 'r1', proposal: { tool: 'click', args: { target: '#pay' } }, certificates: [] };

/** A fresh background: new module instances (a new INSTANCE), the same storage. */
const restart = async () => {
  vi.resetModules();
  return {
    journal: await import('../../src/background/in-flight'),
    store: await import('../../src/background/audit-store'),
  };
};

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  world.session.clear();
  world.frameAnswer = null;
});

describe('decisions in flight', () => {
  it('records a decision stopped before execution once: blocked, nothing executed', async () => {
    const first = await restart();
    await first.journal.begin(REQUEST, SENDER);
    // The stopping background's own entries are not its to record.
    await first.journal.recordStopped();
    expect(await first.store.listAudit(10)).toHaveLength(0);
    const second = await restart();
    await second.journal.recordStopped();
    await second.journal.recordStopped();
    const records = await second.store.listAudit(10);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ decision: 'block', execution: { executed: false }, proposal: { target: '#pay' } });
    expect(records[0]!.reasons[0]!.message).toContain('while deciding');
  });

  it('asks the frame after a stop past the execute command, and records what it says', async () => {
    const first = await restart();
    const journal = await first.journal.begin(REQUEST, SENDER);
    await journal.stage('execute');
    world.frameAnswer = { executed: true, code: null, message: null };
    const second = await restart();
    await second.journal.recordStopped();
    const [record] = await second.store.listAudit(10);
    expect(record).toMatchObject({ decision: 'allow', execution: { executed: true } });
    expect(record!.reasons[0]!.message).toContain('the frame performed the action');
  });

  it('says the action may have run when the frame cannot be asked', async () => {
    const first = await restart();
    const journal = await first.journal.begin(REQUEST, SENDER);
    await journal.stage('execute');
    await journal.stage('audit');
    const second = await restart();
    await second.journal.recordStopped();
    const [record] = await second.store.listAudit(10);
    expect(record).toMatchObject({ decision: 'block', execution: { executed: false } });
    expect(record!.execution.error).toContain('may have run');
  });

  it('only removes the entry of a decision whose record was written before the stop', async () => {
    const first = await restart();
    const journal = await first.journal.begin(REQUEST, SENDER);
    await journal.stage('audit');
    const { auditBody } = await import('../../src/background/audit-body');
    const outcome = {
      decision: 'allow' as const,
      reasons: [],
      call: null,
      certificates: [],
      executed: true,
      executionError: null,
      targetLabel: null,
    };
    await first.store.appendAudit({ ...auditBody(REQUEST, SENDER, outcome), id: journal.id });
    const second = await restart();
    await second.journal.recordStopped();
    expect(await second.store.listAudit(10)).toHaveLength(1);
    expect([...world.session.keys()].filter((k) => k.startsWith('inflight.'))).toEqual([]);
  });
});

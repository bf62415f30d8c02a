import { afterEach, describe, expect, it, vi } from 'vitest';
import { PORT_KEEPER, type PortKeeper } from '../../src/content/port-keeper';

/**
 * A frame that cannot gather evidence (its evidence module did not load, or certification threw)
 * still hands the proposal to the background, which writes the one audit record every proposal gets
 * (issue 13 §2); the page hears the background's verdict: blocked, internal_error, nothing ran.
 */
const sent: unknown[] = [];
const evidenceFails = vi.hoisted(() => ({ how: 'throw' as 'throw' | 'reject-import' }));

vi.mock('../../src/content/runtime', () => ({
  sendToBackground: async (message: { kind: string; requestId?: string; code?: string; problem?: string }) => {
    sent.push(message);
    return {
      id: message.requestId,
      decision: 'block',
      executed: false,
      reasons: [{ code: message.code ?? 'allowed', message: message.problem ?? '' }],
    };
  },
  onBackgroundMessage: () => undefined,
}));
vi.mock('../../src/content/evidence', () => {
  if (evidenceFails.how === 'reject-import') throw new Error('The module did not load.');
  return {
    certifyAdmitted: async () => {
      throw new Error('Certification threw.');
    },
    forget: () => undefined,
    settledFor: async () => null,
  };
});

afterEach(() => {
  sent.length = 0;
  vi.resetModules();
});

async function proposeThroughBridge(json: string): Promise<{ kind: string; verdict?: { decision: string; executed: boolean } }> {
  const replies: unknown[] = [];
  const port = { postMessage: (reply: unknown) => replies.push(reply) } as unknown as MessagePort;
  const keeper: PortKeeper = { port, queue: [{ kind: 'propose', id: 'p1', json }], deliver: null };
  (globalThis as Record<string, unknown>)[PORT_KEEPER] = keeper;
  const { takePort } = await import('../../src/content/bridge-main');
  takePort();
  await vi.waitFor(() => expect(replies).toHaveLength(1));
  return replies[0] as { kind: string; verdict?: { decision: string; executed: boolean } };
}

describe('a frame whose evidence fails', () => {
  const click = JSON.stringify({ tool: 'click', args: { target: '#pay' }, claims: { label: 'Pay' } });

  for (const how of ['throw', 'reject-import'] as const) {
    it(`sends the proposal to the background as internal_error (${how})`, async () => {
      evidenceFails.how = how;
      const reply = await proposeThroughBridge(click);
      expect(sent).toEqual([
        {
          kind: 'unforwarded',
          requestId: expect.stringMatching(/^r-/),
          code: 'internal_error',
          problem: 'The extension could not gather evidence in this frame; nothing was executed.',
          // Handed over for the audit record, which names the tool and target stopped.
          proposal: JSON.parse(click),
        },
      ]);
      expect(reply).toMatchObject({ kind: 'verdict', id: 'p1', verdict: { decision: 'block', executed: false } });
    });
  }
});

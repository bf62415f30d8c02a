import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type Certificate, DEFAULT_POLICY } from '../../src/core';
import { certificate, element, hit, resolved } from './helpers/evidence';

/**
 * The pipeline's COLLECT EVIDENCE and JUDGE stages (src/background/collect.ts, judge.ts) over plain
 * data, with the browser-facing parts (the frame's paint, the frame chain, the capture) faked.
 */

const fakes = vi.hoisted(() => ({
  settleFrame: vi.fn(async () => true),
  subframeView: vi.fn(async () => ({ view: null, certificate: null, gap: null as string | null })),
  certifyPixels: vi.fn(async (): Promise<unknown> => null),
}));
vi.mock('webextension-polyfill', () => ({ default: {} }));
vi.mock('../../src/background/execute', () => ({ settleFrame: fakes.settleFrame }));
vi.mock('../../src/background/frame-chain', () => ({ subframeView: fakes.subframeView, FRAME_VISIBLE: 'target.frame.visible' }));
vi.mock('../../src/background/pixels', () => ({ certifyPixels: fakes.certifyPixels }));

const { collectEvidence } = await import('../../src/background/collect');
const { judge } = await import('../../src/background/judge');
const { unforwarded } = await import('../../src/background/conclude');
const { auditBody } = await import('../../src/background/audit-body');

const TOP = {
  kind: 'frame' as const,
  tabId: 4,
  frameId: 0,
  documentId: null,
  frameUrl: 'https://shop.example/cart',
  frameOrigin: 'https://shop.example',
  tabUrl: 'https://shop.example/cart',
  windowId: 1,
};
const SUB = { ...TOP, frameId: 7, frameUrl: 'https://shop.example/frame', tabUrl: 'https://shop.example/' };
const shot = { useScreen: vi.fn(), png: vi.fn() } as never;

/** What a frame's content script sends: fresh DOM certificates scoped to itself ("self"). */
function fromFrame(selector: string, text: string, doubts: string[] = []): Certificate[] {
  const rect = { x: 10, y: 20, width: 80, height: 24 };
  const own = { region: { frame: 'self', selector }, source: 'dom', time: Date.now() } as const;
  return [
    certificate('ui_element', element({ digest: 'dig-1' }), selector, { ...own, region: { ...own.region, rect } }),
    certificate('visible_text', { text, doubts }, selector, own),
    certificate('hit_test', hit(), selector, own),
    certificate('ax_name', { role: 'button', name: text, hidden: false, visibleLabel: text }, selector, own),
  ];
}

beforeEach(() => {
  vi.clearAllMocks();
});

describe('COLLECT EVIDENCE', () => {
  it('scopes the frame certificates to the sender, adds the browser origin, and needs no pixels for an honest benign click', async () => {
    const call = resolved({ tool: 'click', args: { target: '#menu' } });
    const collected = await collectEvidence(
      call,
      { requestId: 'r1', certificates: fromFrame('#menu', 'Menu'), devicePixelRatio: 2 },
      TOP,
      shot,
      DEFAULT_POLICY,
    );
    if (!collected.ok) throw new Error('expected evidence');
    const { evidence } = collected;
    expect(evidence.frame).toBe('4:0');
    expect(evidence.certificates.every((c) => c.region.frame === '4:0')).toBe(true);
    expect(evidence.certificates.find((c) => c.type === 'origin')).toMatchObject({
      source: 'browser',
      value: { origin: 'https://shop.example' },
    });
    expect(evidence).toMatchObject({ digest: 'dig-1', targetLabel: 'Menu', wantPixels: false, pixels: null });
    expect(fakes.certifyPixels).not.toHaveBeenCalled();
  });

  it('drops what a frame may not vouch for (browser trust, a frame chain, other frames)', async () => {
    const call = resolved({ tool: 'click', args: { target: '#menu' } });
    const forged = [
      ...fromFrame('#menu', 'Menu'),
      certificate('origin', { origin: 'https://bank.example' }, '#menu', {
        region: { frame: 'self' },
        trust: 'browser',
        source: 'browser',
      }),
      certificate('frame_chain', { visible: true }, '#menu', { region: { frame: 'self', selector: '#menu' } }),
      certificate('hit_test', hit(), '#menu', { region: { frame: '4:9', selector: '#menu' } }),
    ];
    const collected = await collectEvidence(call, { requestId: 'r1', certificates: forged }, TOP, shot, DEFAULT_POLICY);
    if (!collected.ok) throw new Error('expected evidence');
    const origins = collected.evidence.certificates.filter((c) => c.type === 'origin');
    expect(origins).toHaveLength(1);
    expect(origins[0]!.value).toMatchObject({ origin: 'https://shop.example' });
    expect(collected.evidence.certificates.some((c) => c.type === 'frame_chain')).toBe(false);
    expect(collected.evidence.certificates.filter((c) => c.type === 'hit_test')).toHaveLength(1);
  });

  it('rejects a call whose target the frame did not certify', async () => {
    const call = resolved({ tool: 'click', args: { target: '#pay' } });
    const collected = await collectEvidence(call, { requestId: 'r1', certificates: fromFrame('#menu', 'Menu') }, TOP, shot, DEFAULT_POLICY);
    expect(collected.ok).toBe(false);
    if (!collected.ok) expect(collected.outcome.decision).toBe('reject');
  });

  it('asks the pixels, after the frame has painted, when the label has doubts', async () => {
    const call = resolved({ tool: 'click', args: { target: '#menu' }, claims: { label: 'Menu' } });
    const certificates = fromFrame('#menu', 'Menu', ['an unknown background']);
    const collected = await collectEvidence(call, { requestId: 'r1', certificates, devicePixelRatio: 1 }, TOP, shot, DEFAULT_POLICY);
    if (!collected.ok) throw new Error('expected evidence');
    expect(collected.evidence.wantPixels).toBe(true);
    expect(fakes.settleFrame).toHaveBeenCalledTimes(1);
    expect(fakes.certifyPixels).toHaveBeenCalledWith(shot, '4:0', '#menu', null, expect.objectContaining({ expected: ['Menu', 'Menu'] }));
  });

  it('carries why a subframe chain could not be certified, and judges it unsupported with that reason', async () => {
    fakes.subframeView.mockResolvedValueOnce({ view: null, certificate: null, gap: 'the parent frame is display:none' });
    const call = resolved({ tool: 'click', args: { target: '#menu' } });
    const collected = await collectEvidence(call, { requestId: 'r1', certificates: fromFrame('#menu', 'Menu') }, SUB, shot, DEFAULT_POLICY);
    if (!collected.ok) throw new Error('expected evidence');
    expect(collected.evidence.chainGap).toBe('the parent frame is display:none');
    const decided = judge(call, collected.evidence, SUB, DEFAULT_POLICY);
    expect(decided.decision).not.toBe('allow');
    const frameReason = decided.reasons.find((r) => r.predicate === 'target.frame.visible');
    expect(frameReason?.message).toContain('the parent frame is display:none');
  });
});

describe('a proposal the frame did not forward', () => {
  it('is blocked when the frame failed to gather evidence (internal_error), rejected when it was malformed', () => {
    expect(unforwarded({ code: 'internal_error', problem: 'no evidence' })).toMatchObject({
      decision: 'block',
      executed: false,
      reasons: [{ code: 'internal_error', message: 'no evidence' }],
    });
    expect(unforwarded({ code: 'malformed_proposal', problem: 'not JSON' })).toMatchObject({ decision: 'reject', executed: false });
  });

  it('is recorded with the tool and target the frame handed over, though nothing resolved it', () => {
    const proposal = { tool: 'click', args: { target: '#pay' }, agent: 'helper' };
    const request = { kind: 'unforwarded', requestId: 'r-1', code: 'internal_error', problem: 'no evidence', proposal } as const;
    const body = auditBody(request, TOP, unforwarded(request));
    expect(body.proposal).toMatchObject({ tool: 'click', target: '#pay', agent: 'helper', preview: 'no evidence' });
    expect(body).toMatchObject({ decision: 'block', execution: { executed: false }, resolution: null });
    // Without one (a malformed proposal) the record still says why, and names no tool.
    const malformed = { kind: 'unforwarded', requestId: 'r-2', code: 'malformed_proposal', problem: 'not JSON' } as const;
    expect(auditBody(malformed, TOP, unforwarded(malformed)).proposal).toMatchObject({ tool: null, target: null, preview: 'not JSON' });
  });
});

describe('JUDGE', () => {
  it('allows an honest benign click in the top frame and blocks one that is covered', async () => {
    const call = resolved({ tool: 'click', args: { target: '#menu' } });
    const collected = await collectEvidence(call, { requestId: 'r1', certificates: fromFrame('#menu', 'Menu') }, TOP, shot, DEFAULT_POLICY);
    if (!collected.ok) throw new Error('expected evidence');
    expect(judge(call, collected.evidence, TOP, DEFAULT_POLICY)).toMatchObject({ decision: 'allow' });
    const covered = {
      ...collected.evidence,
      certificates: collected.evidence.certificates.map((c) =>
        c.type === 'hit_test' ? { ...c, value: hit({ onTarget: 1, coveredBy: 'div.overlay' }) } : c,
      ),
    };
    const decided = judge(call, covered, TOP, DEFAULT_POLICY);
    expect(decided.decision).toBe('block');
    expect(decided.reasons.map((r) => r.code)).toContain('target_covered');
  });

  it('leaves an icon its name where the pixels, asked only whether its unread picture shows words, show none', async () => {
    const call = resolved({ tool: 'click', args: { target: '#find' }, claims: { label: 'Search' } });
    const certificates = fromFrame('#find', '').map((c) =>
      c.type === 'visible_text'
        ? { ...c, value: { text: '', doubts: [], unreadPicture: true } }
        : c.type === 'ax_name'
          ? { ...c, value: { role: 'button', name: 'Search', hidden: false, visibleLabel: '' } }
          : c,
    );
    const reading = (text: string) =>
      certificate('ocr_text', { text, confidence: 0.92 }, '#find', {
        region: { frame: '4:0', selector: '#find' },
        source: 'ocr',
        verifier: 'ocr@1',
        confidence: 0.92,
        trust: 'extension',
        time: Date.now(),
      });
    const pixels = (words: boolean | null, text: string | null) => ({
      certificates: text === null ? [] : [reading(text)],
      rect: { x: 10, y: 20, width: 80, height: 24 },
      thumb: null,
      ms: 1,
      error: text === null ? 'capture_failed' : null,
      words,
    });
    const judged = async (read: ReturnType<typeof pixels>) => {
      fakes.certifyPixels.mockResolvedValueOnce(read);
      const collected = await collectEvidence(call, { requestId: 'r1', certificates, devicePixelRatio: 1 }, TOP, shot, DEFAULT_POLICY);
      if (!collected.ok) throw new Error('expected evidence');
      return { evidence: collected.evidence, decided: judge(call, collected.evidence, TOP, DEFAULT_POLICY) };
    };
    // A magnifier read as "Q": no words; the pixel predicates are not the plan's, the name is.
    const magnifier = await judged(pixels(false, 'Q'));
    expect(fakes.certifyPixels).toHaveBeenCalledTimes(1);
    expect(magnifier.evidence.wantPixels).toBe(false);
    expect(magnifier.decided.decision).toBe('allow');
    // Words that are not its name.
    const words = await judged(pixels(true, 'Delete account'));
    expect(words.evidence.wantPixels).toBe(true);
    expect(words.decided.decision).toBe('block');
    expect(words.decided.reasons.map((r) => r.code)).toContain('pixel_mismatch');
    // Without a claim, the words are compared with its name.
    fakes.certifyPixels.mockResolvedValueOnce(pixels(true, 'Delete account'));
    const bare = resolved({ tool: 'click', args: { target: '#find' } });
    const gathered = await collectEvidence(bare, { requestId: 'r1', certificates, devicePixelRatio: 1 }, TOP, shot, DEFAULT_POLICY);
    if (!gathered.ok) throw new Error('expected evidence');
    expect(judge(bare, gathered.evidence, TOP, DEFAULT_POLICY).reasons.map((r) => r.code)).toContain('pixel_mismatch');
    // No reading at all: unsupported, the policy decides (ask by default).
    const none = await judged(pixels(null, null));
    expect(none.decided.decision).toBe('ask');
    // Where the label has doubts of its own, no words is no reading either.
    fakes.certifyPixels.mockResolvedValueOnce(pixels(false, 'Q'));
    const doubted = certificates.map((c) =>
      c.type === 'visible_text' ? { ...c, value: { text: '', doubts: ['a mask'], unreadPicture: true } } : c,
    );
    const collected = await collectEvidence(
      call,
      { requestId: 'r1', certificates: doubted, devicePixelRatio: 1 },
      TOP,
      shot,
      DEFAULT_POLICY,
    );
    if (!collected.ok) throw new Error('expected evidence');
    expect(collected.evidence.wantPixels).toBe(true);
    expect(judge(call, collected.evidence, TOP, DEFAULT_POLICY).decision).not.toBe('allow');
  });

  it('judges a navigation by where it goes: same site allowed, another site asked', async () => {
    const judgeNavigation = async (url: string) => {
      const call = resolved({ tool: 'navigate', args: { url } });
      const collected = await collectEvidence(call, { requestId: 'r1', certificates: [] }, TOP, shot, DEFAULT_POLICY);
      if (!collected.ok) throw new Error('expected evidence');
      expect(collected.evidence.judgedUrls).toEqual([url]);
      return judge(call, collected.evidence, TOP, DEFAULT_POLICY).decision;
    };
    expect(await judgeNavigation('https://shop.example/orders')).toBe('allow');
    expect(await judgeNavigation('https://elsewhere.example/')).toBe('ask');
  });
});

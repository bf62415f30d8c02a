/**
 * Frame chain (issue 10 §1): a target in a subframe is seen only if every ancestor frame element is
 * seen where the target is. For a proposal from frame C ≠ 0 this walks C's ancestors
 * (webNavigation.getAllFrames, parentFrameId) up to the top frame; at each step it asks the parent's
 * bridge to find the frame element that holds the child (by a nonce the child posts to its parent,
 * messages/frame-chain.ts) and certify it at the child's rectangle, mapped into the parent's
 * viewport. The answers combine (core/plan/frame-chain.ts) into one `frame_chain` certificate about
 * the target, with the target's rectangle in the top viewport (for OCR and crops).
 *
 * Fail closed: if any ancestor does not answer, cannot find the child, or cannot tell, there is no
 * certificate, and `target.frame.visible` is unsupported (the policy asks or blocks).
 */
import browser from 'webextension-polyfill';
import type { Certificate, Rect } from '../core/contracts';
import { composeLinear, type Linear, turns } from '../core/pixels';
import type { CertificateOf } from '../core/plan';
import { combineChain, type FrameChainValue, type FrameStep, frameVisible } from '../core/plan';
import {
  FrameAnnounceReplySchema,
  type FrameCertifyReply,
  FrameCertifyReplySchema,
  FrameExpectReplySchema,
  type FrameRequest,
} from '../messages/frame-chain';
import type { Viewport } from '../messages/viewport';
import { targetRectOf } from './evidence';
import type { ScreenView } from './pixels';
import { type FrameSender, originOf } from './sender';

export const FRAME_CHAIN_VERIFIER = 'frame-chain@1';
export const FRAME_VISIBLE = frameVisible.name;
/**
 * Per message to a frame; a whole walk is bounded by depth × (3 messages). Above what a frame may
 * take: up to 1 s for its child to make itself known and 1 s for a view transition to end
 * (content/frame-element.ts), each overrun by at most a frame's wait.
 */
const STEP_TIMEOUT_MS = 3_000;
/** Deeper than this, the walk is not attempted (unknown). */
const MAX_DEPTH = 8;

export type FrameChain = {
  certificate: Certificate;
  value: FrameChainValue;
  devicePixelRatio: number | null;
  /** The top frame's layout viewport, where it sent one (messages/viewport.ts). */
  viewport?: Viewport | undefined;
  /**
   * Where a frame of the chain turns or skews: the map from the proposing frame's CSS px to the top
   * viewport's (a frame that only scales counts by its scale), for turning the crop upright.
   */
  turn?: Linear | undefined;
};
export type FrameChainOutcome = { ok: true; chain: FrameChain } | { ok: false; why: string };

type FrameInfo = { frameId: number; parentFrameId: number; url: string; documentId?: string };

export async function certifyFrameChain(sender: FrameSender, frame: string, selector: string, rect: Rect): Promise<FrameChainOutcome> {
  let frames: FrameInfo[];
  try {
    frames = ((await browser.webNavigation.getAllFrames({ tabId: sender.tabId })) ?? []) as FrameInfo[];
  } catch (error) {
    return { ok: false, why: `The tab's frames could not be listed (${message(error)}).` };
  }
  const byId = new Map(frames.map((f) => [f.frameId, f]));
  const self = byId.get(sender.frameId);
  if (!self) return { ok: false, why: 'The proposing frame is no longer in the tab.' };
  if (sender.documentId && self.documentId && self.documentId !== sender.documentId)
    return { ok: false, why: 'The proposing frame navigated away.' };

  const steps: FrameStep[] = [];
  let child = self;
  let childRect = rect;
  let dpr: number | null = null;
  let viewport: Viewport | undefined;
  let turn: Linear = [1, 0, 0, 1];
  while (child.frameId !== 0) {
    if (steps.length >= MAX_DEPTH) return { ok: false, why: `More than ${MAX_DEPTH} nested frames.` };
    const parent = byId.get(child.parentFrameId);
    if (!parent) return { ok: false, why: `The parent of frame ${child.frameId} is not in the tab.` };
    const at = originOf(parent.url) ?? parent.url.slice(0, 120);
    const step = await certifyStep(sender.tabId, child, parent, childRect, child === self ? sender.documentId : null);
    if (!step.ok) return { ok: false, why: `${at}: ${step.why}` };
    const reply = step.reply;
    if (reply.status !== 'visible') {
      steps.push({ status: reply.status, frame: reply.frame, at, detail: reply.detail });
      break;
    }
    steps.push({
      status: 'visible',
      frame: reply.frame,
      at,
      rect: reply.rect,
      scale: reply.scale,
      opacity: reply.opacity,
      doubts: reply.doubts,
    });
    childRect = reply.rect;
    turn = composeLinear(reply.linear ?? [reply.scale, 0, 0, reply.scale], turn);
    dpr = reply.devicePixelRatio;
    viewport = reply.viewport;
    child = parent;
  }
  const value = combineChain(steps);
  if (!value) return { ok: false, why: 'The proposing frame is the top frame.' };
  const certificate: CertificateOf<'frame_chain'> = {
    id: `f-${crypto.randomUUID()}`,
    type: 'frame_chain',
    value,
    region: { frame, selector, rect: value.rect },
    source: 'dom',
    verifier: FRAME_CHAIN_VERIFIER,
    confidence: 1,
    time: Date.now(),
    trust: 'extension',
  };
  const chain = { certificate, value, devicePixelRatio: value.visible ? dpr : null, viewport, turn: turns(turn) ? turn : undefined };
  return { ok: true, chain };
}

type StepResult = { ok: true; reply: Exclude<FrameCertifyReply, { status: 'unknown' }> } | { ok: false; why: string };

/** One step: the parent expects a nonce, the child posts it, the parent certifies the frame element that posted it. */
async function certifyStep(
  tabId: number,
  child: FrameInfo,
  parent: FrameInfo,
  rect: Rect,
  childDocument: string | null,
): Promise<StepResult> {
  const nonce = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
  const parentAt = { frameId: parent.frameId, documentId: parent.documentId ?? null };
  const childAt = { frameId: child.frameId, documentId: childDocument ?? child.documentId ?? null };
  const expected = FrameExpectReplySchema.safeParse(await ask(tabId, parentAt, { kind: 'frame:expect', nonce }));
  if (!expected.success) return { ok: false, why: 'no bridge answered in the parent frame' };
  const announced = FrameAnnounceReplySchema.safeParse(await ask(tabId, childAt, { kind: 'frame:announce', nonce }));
  if (!announced.success || !announced.data.posted) return { ok: false, why: 'the child frame could not make itself known' };
  const certified = FrameCertifyReplySchema.safeParse(
    await ask(tabId, parentAt, { kind: 'frame:certify', nonce, rect, childViewport: announced.data.viewport }),
  );
  if (!certified.success) return { ok: false, why: 'the parent frame gave no valid answer' };
  if (certified.data.status === 'unknown') return { ok: false, why: certified.data.detail };
  return { ok: true, reply: certified.data };
}

async function ask(tabId: number, at: { frameId: number; documentId: string | null }, request: FrameRequest): Promise<unknown> {
  const options: { frameId: number; documentId?: string } = { frameId: at.frameId };
  if (at.documentId) options.documentId = at.documentId;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      browser.tabs.sendMessage(tabId, request, options),
      new Promise((resolve) => {
        timer = setTimeout(() => resolve(undefined), STEP_TIMEOUT_MS);
      }),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 200);

/**
 * Where the target is on the tab's screen, for pixels and crops, and (in a subframe) the frame
 * chain's certificate. Top frame: the target's own rect. Subframe: the chain's top-viewport rect
 * if every ancestor certified it visible; else no view, and `gap` says why there is no certificate.
 */
export async function subframeView(
  sender: FrameSender,
  frame: string,
  selector: string,
  certificates: readonly Certificate[],
  dpr: number | undefined,
  viewport: Viewport | undefined,
): Promise<{ view: ScreenView | null; certificate: Certificate | null; gap: string | null }> {
  const rect = targetRectOf(certificates, selector);
  if (sender.frameId === 0) return { view: rect && dpr !== undefined ? { rect, dpr, viewport } : null, certificate: null, gap: null };
  if (!rect) return { view: null, certificate: null, gap: 'the target has no rectangle in its frame' };
  const outcome = await certifyFrameChain(sender, frame, selector, rect);
  if (!outcome.ok) return { view: null, certificate: null, gap: outcome.why };
  const { certificate, value, devicePixelRatio } = outcome.chain;
  const { viewport: top, turn } = outcome.chain;
  const view = value.visible && devicePixelRatio !== null ? { rect: value.rect, dpr: devicePixelRatio, viewport: top, turn } : null;
  return { view, certificate, gap: null };
}

/**
 * TOCTOU for subframes: just before executing, the chain certified at decision time is walked
 * again (the page may have faded or covered an ancestor frame since, for instance while the user
 * was asked). Null when it still holds or there was no chain; otherwise why not.
 */
export async function frameChainStillVisible(
  sender: FrameSender,
  frame: string,
  selector: string,
  certificates: readonly Certificate[],
): Promise<string | null> {
  if (sender.frameId === 0) return null;
  const certified = certificates.find((c) => c.type === 'frame_chain' && c.region.selector === selector);
  const rect = targetRectOf(certificates, selector);
  if (!certified || !rect) return null;
  const again = await certifyFrameChain(sender, frame, selector, rect);
  if (!again.ok) return `The frame chain could not be certified again (${again.why}).`;
  const value = again.chain.value;
  if (value.visible) return null;
  return `The frame holding the target is no longer visible: ${value.frame ?? 'a frame element'} (${value.detail ?? value.failure}).`;
}

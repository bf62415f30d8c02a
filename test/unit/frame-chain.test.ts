import { describe, expect, it } from 'vitest';
import {
  combineChain,
  DEFAULT_GATE_POLICY,
  type FrameBox,
  type FrameStep,
  frameVisible,
  gate,
  hitPoints,
  mapIntoParent,
  planFor,
} from '../../src/core';
import { turns } from '../../src/core/pixels';
import { certificate, FRAME, honestEvidence, NOW, resolved } from './helpers/evidence';

const box = (overrides: Partial<FrameBox> = {}): FrameBox => ({
  border: { x: 100, y: 50, width: 400, height: 200 },
  offsetWidth: 400,
  offsetHeight: 200,
  clientLeft: 0,
  clientTop: 0,
  clientWidth: 400,
  clientHeight: 200,
  padding: { left: 0, top: 0, right: 0, bottom: 0 },
  ...overrides,
});

const target = { x: 10, y: 20, width: 80, height: 30 };

describe('frame chain: mapping a child rectangle into the parent', () => {
  it('offsets by the frame element’s position', () => {
    const mapped = mapIntoParent(target, box(), { width: 400, height: 200 })!;
    expect(mapped.rect).toEqual({ x: 110, y: 70, width: 80, height: 30 });
    expect(mapped.content).toEqual({ x: 100, y: 50, width: 400, height: 200 });
    expect([mapped.scaleX, mapped.scaleY]).toEqual([1, 1]);
  });

  it('adds border and padding', () => {
    // A 10 px border and 5/7 px padding: the border box is 434×226, the padding box 414×206.
    const framed = box({
      border: { x: 0, y: 0, width: 434, height: 226 },
      offsetWidth: 434,
      offsetHeight: 226,
      clientLeft: 10,
      clientTop: 10,
      clientWidth: 414,
      clientHeight: 206,
      padding: { left: 5, top: 3, right: 9, bottom: 3 },
    });
    const mapped = mapIntoParent(target, framed, { width: 400, height: 200 })!;
    expect(mapped.content).toEqual({ x: 15, y: 13, width: 400, height: 200 });
    expect(mapped.rect).toEqual({ x: 25, y: 33, width: 80, height: 30 });
  });

  it('scales with a transform (the transformed box over the layout box)', () => {
    const scaled = box({ border: { x: 0, y: 0, width: 360, height: 180 } });
    const mapped = mapIntoParent(target, scaled, { width: 400, height: 200 })!;
    expect(mapped.scaleX).toBeCloseTo(0.9);
    expect(mapped.rect.x).toBeCloseTo(9);
    expect(mapped.rect.width).toBeCloseTo(72);
    // Without the child's viewport the transform alone decides.
    expect(mapIntoParent(target, scaled, null)!.scaleY).toBeCloseTo(0.9);
  });

  it('captures zoom from the child’s own viewport size', () => {
    // The child sees 800 CSS px in a 400 px box: each child px is half a parent px.
    const mapped = mapIntoParent(target, box(), { width: 800, height: 400 })!;
    expect(mapped.scaleX).toBe(0.5);
    expect(mapped.rect).toEqual({ x: 105, y: 60, width: 40, height: 15 });
  });

  it('maps through a turned frame about its centre: the bounding box of the image, and each hit point', () => {
    // A 400×200 frame turned a quarter clockwise about its centre (300, 150): its bounding box is
    // 200×400 at (200, -50); the child's (x, y) lands at (300 + 100 - y, 150 - 200 + x).
    const turned = box({ border: { x: 200, y: -50, width: 200, height: 400 }, linear: [0, 1, -1, 0] });
    const mapped = mapIntoParent(target, turned, { width: 400, height: 200 })!;
    const near = (r: { x: number; y: number; width: number; height: number }) => [r.x, r.y, r.width, r.height].map((v) => Math.round(v));
    expect(near(mapped.rect)).toEqual([350, -40, 30, 80]);
    expect(near(mapped.content)).toEqual([200, -50, 200, 400]);
    expect([mapped.scaleX, mapped.scaleY].map((v) => Number(v.toFixed(6)))).toEqual([1, 1]);
    // The centre of the target (50, 35) → (365, 0).
    expect([mapped.hits[0]!.x, mapped.hits[0]!.y].map(Math.round)).toEqual([365, 0]);
    expect(mapped.hits.every((hit) => hit.inside)).toBe(true);
    // A turn that squeezes one direction to a tenth is as small as its smallest direction.
    const squeezed = mapIntoParent(target, box({ linear: [0.866, 0.5, -0.05, 0.0866] }), null)!;
    expect(Math.min(squeezed.scaleX, squeezed.scaleY)).toBeCloseTo(0.1, 2);
    // A target beyond the child's viewport is outside the frame, turned or not.
    expect(mapIntoParent({ x: 390, y: 20, width: 40, height: 30 }, turned, { width: 400, height: 200 })!.hits.some((h) => !h.inside)).toBe(
      true,
    );
  });

  it('tells a turn from a scale: upside down and mirrored turn, a positive scale per axis does not', () => {
    expect(turns([2, 0, 0, 0.5])).toBe(false);
    // rotate(180deg): no skew terms (cos/sin leave ~1e-16), a positive determinant.
    expect(turns([-1, 1.2e-16, -1.2e-16, -1])).toBe(true);
    expect(turns([-1, 0, 0, 1])).toBe(true);
    expect(turns([0.97, 0.24, -0.24, 0.97])).toBe(true);
  });

  it('has nothing to map for a frame without a layout box', () => {
    expect(mapIntoParent(target, box({ offsetWidth: 0 }), null)).toBeNull();
  });

  it('hits the same points the frame’s own hit test uses', () => {
    expect(hitPoints({ x: 0, y: 0, width: 100, height: 40 })).toEqual([
      [50, 20],
      [25, 10],
      [75, 10],
      [25, 30],
      [75, 30],
    ]);
  });
});

const visibleStep = (overrides: Partial<Extract<FrameStep, { status: 'visible' }>> = {}): FrameStep => ({
  status: 'visible',
  frame: 'iframe#outer',
  at: 'http://bank.example',
  rect: { x: 10, y: 10, width: 80, height: 30 },
  scale: 1,
  opacity: 1,
  doubts: [],
  ...overrides,
});

describe('frame chain: combining the ancestors’ answers', () => {
  it('is visible when every step is, with the top step’s rectangle', () => {
    const value = combineChain([visibleStep({ rect: { x: 1, y: 1, width: 5, height: 5 } }), visibleStep({ scale: 0.9 })])!;
    expect(value).toMatchObject({ visible: true, depth: 2, rect: { x: 10, y: 10, width: 80, height: 30 }, scale: 0.9 });
  });

  it('stops at the first failing ancestor and names it', () => {
    const value = combineChain([
      visibleStep(),
      { status: 'covered', frame: 'iframe#inner', at: 'http://shop.example', detail: 'div#cover is on top of it' },
    ])!;
    expect(value).toMatchObject({ visible: false, failure: 'covered', frame: 'iframe#inner', at: 'http://shop.example' });
  });

  it('judges what only the whole chain shows: opacity and scale products, the final size', () => {
    expect(combineChain([visibleStep({ opacity: 0.3 }), visibleStep({ opacity: 0.3 })])).toMatchObject({
      visible: false,
      failure: 'hidden',
    });
    expect(combineChain([visibleStep({ scale: 0.6 }), visibleStep({ scale: 0.6 })])).toMatchObject({ visible: false, failure: 'hidden' });
    expect(combineChain([visibleStep({ rect: { x: 0, y: 0, width: 1, height: 1 } })])).toMatchObject({ visible: false });
    expect(combineChain([visibleStep({ opacity: 0.5, scale: 0.9 })])).toMatchObject({ visible: true });
  });

  it('carries what each ancestor could not judge, named by where it was seen', () => {
    const value = combineChain([
      visibleStep({ doubts: ['filter blur(14px) on iframe#a is applied to the frame'] }),
      visibleStep({ at: 'http://shop.example', doubts: ['a translucent layer (div) is painted over the frame iframe#b'] }),
    ])!;
    expect(value.visible).toBe(true);
    expect(value.doubts).toEqual([
      'http://bank.example: filter blur(14px) on iframe#a is applied to the frame',
      'http://shop.example: a translucent layer (div) is painted over the frame iframe#b',
    ]);
    expect(combineChain([visibleStep()])!.doubts).toEqual([]);
  });

  it('is nothing for an empty chain', () => {
    expect(combineChain([])).toBeNull();
  });
});

describe('frame chain: the plan and the gate', () => {
  const click = resolved({ tool: 'click', args: { target: '#open' } });
  const chain = (value: unknown) => certificate('frame_chain', value, '#open', { source: 'dom', verifier: 'frame-chain@1' });
  const judge = (extra: ReturnType<typeof chain>[]) =>
    gate({
      plan: planFor(click, { subframe: true }),
      certificates: [...honestEvidence('#open', 'Open'), ...extra],
      scope: { frame: FRAME, selector: '#open' },
      privilege: 'interact',
      policy: DEFAULT_GATE_POLICY,
      now: NOW,
    });

  it('asks for the frame chain only in a subframe, and only where the target must be visible', () => {
    expect(planFor(click).map((p) => p.name)).not.toContain(frameVisible.name);
    expect(planFor(click, { subframe: true }).map((p) => p.name)).toContain(frameVisible.name);
    const submit = resolved({ tool: 'submit', args: { target: 'form' } });
    expect(planFor(submit, { subframe: true }).map((p) => p.name)).not.toContain(frameVisible.name);
  });

  it('allows a visible chain, blocks a hidden or covered one, and leaves a missing one to the policy', () => {
    const visible = {
      visible: true,
      failure: null,
      frame: null,
      at: null,
      detail: null,
      depth: 1,
      rect: { x: 0, y: 0, width: 80, height: 30 },
      scale: 1,
      opacity: 1,
    };
    expect(judge([chain(visible)]).decision).toBe('allow');
    const hidden = { ...visible, visible: false, failure: 'hidden', frame: 'div.wrap', at: 'http://bank.example', detail: 'opacity 0.05' };
    const blocked = judge([chain(hidden)]);
    expect(blocked.decision).toBe('block');
    expect(blocked.reasons[0]).toMatchObject({ code: 'target_hidden', predicate: 'target.frame.visible' });
    expect(blocked.reasons[0]!.message).toContain('div.wrap in http://bank.example');
    expect(judge([chain({ ...hidden, failure: 'covered' })]).reasons[0]!.code).toBe('target_covered');
    const missing = judge([]);
    expect(missing.decision).toBe(DEFAULT_GATE_POLICY.unsupported);
    expect(missing.reasons[0]).toMatchObject({ code: 'evidence_missing', predicate: 'target.frame.visible' });
    // A value of the wrong shape supports nothing.
    expect(judge([chain({ visible: true })]).decision).toBe(DEFAULT_GATE_POLICY.unsupported);
  });
});

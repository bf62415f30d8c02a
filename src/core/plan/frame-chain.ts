import type { Rect } from '../contracts';
import type { FrameChainValue } from './observations';

/**
 * Pure geometry and bookkeeping of the frame chain (issue 10 §1): how a rectangle in a child
 * frame's viewport maps into its parent's viewport, and how the answers of every ancestor combine
 * into one `frame_chain` observation. The DOM measurements come from the parent's bridge
 * (src/content/frame-element.ts); the walk itself is src/background/frame-chain.ts.
 */

/** Below this overall scale (product over the chain) text is not legible: 0.9 is fine, 0.1 is not. */
export const FRAME_MIN_SCALE = 0.5;
/** Below this opacity (product over the chain) nothing is seen (as for one document: visibility.ts). */
export const FRAME_MIN_OPACITY = 0.1;
/** Below this many CSS px of the top viewport in either dimension nothing legible can be shown. */
export const FRAME_MIN_SIZE = 2;

/** What the parent measures of the frame element that holds the child (CSS px of its own viewport). */
export type FrameBox = {
  /** getBoundingClientRect(): the border box after transforms. */
  border: Rect;
  /** Layout sizes before transforms: offsetWidth/Height (border box), clientLeft/Top (border widths), clientWidth/Height (padding box). */
  offsetWidth: number;
  offsetHeight: number;
  clientLeft: number;
  clientTop: number;
  clientWidth: number;
  clientHeight: number;
  padding: { left: number; top: number; right: number; bottom: number };
};

export type Mapped = {
  /** The child's rectangle in the parent's viewport. */
  rect: Rect;
  /** The frame element's content box (the child's viewport) in the parent's viewport. */
  content: Rect;
  /** Child CSS px per parent CSS px, horizontally and vertically. */
  scaleX: number;
  scaleY: number;
};

/**
 * Maps `rect` (child viewport coordinates) into the parent's viewport through the frame element:
 * its transformed border box, its border and padding, and any scale between the two (transforms,
 * and CSS zoom when the child's viewport size is known). Axis-aligned transforms only: the caller
 * refuses rotated or skewed frames. Null when the frame has no layout box.
 */
export function mapIntoParent(rect: Rect, box: FrameBox, childViewport: { width: number; height: number } | null): Mapped | null {
  if (box.offsetWidth <= 0 || box.offsetHeight <= 0) return null;
  // Transform scale: the transformed border box over the untransformed one.
  const tx = box.border.width / box.offsetWidth;
  const ty = box.border.height / box.offsetHeight;
  const contentWidth = Math.max(0, box.clientWidth - box.padding.left - box.padding.right);
  const contentHeight = Math.max(0, box.clientHeight - box.padding.top - box.padding.bottom);
  const content = {
    x: box.border.x + (box.clientLeft + box.padding.left) * tx,
    y: box.border.y + (box.clientTop + box.padding.top) * ty,
    width: contentWidth * tx,
    height: contentHeight * ty,
  };
  // The child's viewport fills the content box; if its own size is known, the ratio also captures
  // zoom (a zoomed frame has fewer CSS px than its box). Otherwise one child px is one layout px.
  const scaleX = childViewport && childViewport.width > 0 && contentWidth > 0 ? content.width / childViewport.width : tx;
  const scaleY = childViewport && childViewport.height > 0 && contentHeight > 0 ? content.height / childViewport.height : ty;
  return {
    rect: { x: content.x + rect.x * scaleX, y: content.y + rect.y * scaleY, width: rect.width * scaleX, height: rect.height * scaleY },
    content,
    scaleX,
    scaleY,
  };
}

/** The points a click would hit, as the frame's own hit test uses them (hit-test.ts): centre and four inner points. */
export const HIT_FRACTIONS: readonly (readonly [number, number])[] = [
  [0.5, 0.5],
  [0.25, 0.25],
  [0.75, 0.25],
  [0.25, 0.75],
  [0.75, 0.75],
];

export function hitPoints(rect: Rect): [number, number][] {
  return HIT_FRACTIONS.map(([fx, fy]) => [rect.x + rect.width * fx, rect.y + rect.height * fy]);
}

export function contains(outer: Rect, x: number, y: number): boolean {
  return x >= outer.x && y >= outer.y && x < outer.x + outer.width && y < outer.y + outer.height;
}

/** One ancestor's answer about the frame element that holds the previous frame. */
export type FrameStep =
  | { status: 'visible'; frame: string; at: string; rect: Rect; scale: number; opacity: number; doubts: readonly string[] }
  | { status: 'hidden' | 'covered'; frame: string; at: string; detail: string };

/**
 * Combines the ancestors' answers, innermost first, into the certificate's value. Each ancestor
 * judged its own frame element; what only the whole chain shows (the product of scales and
 * opacities, the final size in the top viewport) is judged here. Null for an empty chain.
 */
export function combineChain(steps: readonly FrameStep[]): FrameChainValue | null {
  if (steps.length === 0) return null;
  let scale = 1;
  let opacity = 1;
  let rect: Rect | null = null;
  const doubts: string[] = [];
  for (const step of steps) {
    if (step.status !== 'visible') {
      return {
        visible: false,
        failure: step.status,
        frame: step.frame,
        at: step.at,
        detail: step.detail,
        depth: steps.length,
        rect: rect ?? { x: 0, y: 0, width: 0, height: 0 },
        scale,
        opacity,
        doubts,
      };
    }
    scale *= step.scale;
    opacity *= step.opacity;
    rect = step.rect;
    for (const d of step.doubts) {
      const entry = `${step.at}: ${d}`.slice(0, 300);
      if (doubts.length < 16 && !doubts.includes(entry)) doubts.push(entry);
    }
  }
  const top = rect!;
  const last = steps[steps.length - 1]!;
  const value = {
    depth: steps.length,
    rect: top,
    scale,
    opacity,
    doubts,
    frame: null,
    at: null,
    detail: null,
    failure: null,
    visible: true,
  };
  const hidden = (detail: string): FrameChainValue => ({
    ...value,
    visible: false,
    failure: 'hidden',
    frame: last.frame,
    at: last.at,
    detail,
  });
  if (opacity < FRAME_MIN_OPACITY) return hidden(`opacity ${opacity.toFixed(2)} across the frame chain`);
  if (scale < FRAME_MIN_SCALE) return hidden(`scaled to ${scale.toFixed(2)} across the frame chain`);
  if (top.width < FRAME_MIN_SIZE || top.height < FRAME_MIN_SIZE)
    return hidden(`too small to see on screen (${top.width.toFixed(1)}×${top.height.toFixed(1)} px)`);
  return value;
}

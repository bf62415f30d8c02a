import type { Rect } from '../contracts';
import { composeLinear, minScale, turns } from '../pixels/linear';
import type { Linear } from '../pixels/upright';
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
  /**
   * The frame element's linear map from its own CSS px to this viewport's (its and its ancestors'
   * transforms, times zoom), given where it turns or skews: the border box's ratio to its layout
   * size says nothing about a rotation. The bounding box of the turned box is centred on the image
   * of its centre, so the centre and this map place every point.
   */
  linear?: Linear;
};

export type Mapped = {
  /** The child's rectangle in the parent's viewport. */
  rect: Rect;
  /** The frame element's content box (the child's viewport) in the parent's viewport. */
  content: Rect;
  /** Child CSS px per parent CSS px, horizontally and vertically (a turned frame: its σ_min both). */
  scaleX: number;
  scaleY: number;
  /** The map from the child's CSS px to the parent's. */
  linear: Linear;
  /** The target's hit points (HIT_FRACTIONS) in the parent's viewport, and whether each lies inside the frame's content box. */
  hits: { x: number; y: number; inside: boolean }[];
};

/**
 * Maps `rect` (child viewport coordinates) into the parent's viewport through the frame element:
 * its transformed border box, its border and padding, and any scale between the two (transforms,
 * and CSS zoom when the child's viewport size is known). A turned or skewed frame (`box.linear`)
 * maps through that map about the border box's centre; `rect` is then the bounding box of the
 * target's image and `hits` the images of its hit points. Null when the frame has no layout box.
 */
export function mapIntoParent(rect: Rect, box: FrameBox, childViewport: { width: number; height: number } | null): Mapped | null {
  if (box.offsetWidth <= 0 || box.offsetHeight <= 0) return null;
  const contentWidth = Math.max(0, box.clientWidth - box.padding.left - box.padding.right);
  const contentHeight = Math.max(0, box.clientHeight - box.padding.top - box.padding.bottom);
  // Own CSS px to parent px: the transformed border box over the untransformed one, unless turned.
  const own: Linear = box.linear ?? [box.border.width / box.offsetWidth, 0, 0, box.border.height / box.offsetHeight];
  // Child px to own px: the child's viewport fills the content box; if its own size is known, the
  // ratio also captures zoom (a zoomed frame has fewer CSS px than its box). Otherwise one child px
  // is one layout px.
  const kx = childViewport && childViewport.width > 0 && contentWidth > 0 ? contentWidth / childViewport.width : 1;
  const ky = childViewport && childViewport.height > 0 && contentHeight > 0 ? contentHeight / childViewport.height : 1;
  const linear = composeLinear(own, [kx, 0, 0, ky]);
  const [a, b, c, d] = own;
  const centre = [box.border.x + box.border.width / 2, box.border.y + box.border.height / 2] as const;
  // A point of the content box (own px from its top left corner) in the parent's viewport.
  const place = (u: number, v: number): [number, number] => {
    const x = box.clientLeft + box.padding.left + u - box.offsetWidth / 2;
    const y = box.clientTop + box.padding.top + v - box.offsetHeight / 2;
    return [centre[0] + a * x + c * y, centre[1] + b * x + d * y];
  };
  const bounds = (corners: [number, number][]): Rect => {
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const [x, y] = [Math.min(...xs), Math.min(...ys)];
    return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
  };
  const child = (px: number, py: number) => place(px * kx, py * ky);
  const hits = HIT_FRACTIONS.map(([fx, fy]) => {
    const [u, v] = [(rect.x + rect.width * fx) * kx, (rect.y + rect.height * fy) * ky];
    const [x, y] = place(u, v);
    return { x, y, inside: u >= 0 && v >= 0 && u < contentWidth && v < contentHeight };
  });
  const { x, y, width, height } = rect;
  const turned = turns(own);
  const scaleX = turned ? minScale(linear) : linear[0];
  const scaleY = turned ? minScale(linear) : linear[3];
  return {
    rect: bounds([child(x, y), child(x + width, y), child(x, y + height), child(x + width, y + height)]),
    content: bounds([place(0, 0), place(contentWidth, 0), place(0, contentHeight), place(contentWidth, contentHeight)]),
    scaleX,
    scaleY,
    linear,
    hits,
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

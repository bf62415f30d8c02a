/**
 * Frame chain, the parent's side (issue 10 §1). A subframe's target is seen only through the frame
 * element that holds the subframe in this document: the background asks this bridge to find that
 * element and certify it at the rectangle the target occupies in the child (src/background/frame-chain.ts).
 *
 * Which element holds the child: the background gives the child's bridge a nonce to post to
 * `window.parent`; bridge.iife.ts's document_start listener records the window that posted it (the
 * browser sets `event.source`, a page cannot forge it); here the frame element whose contentWindow
 * is that window is the one. Nothing the child says about itself counts beyond its viewport size.
 *
 * Loaded on demand by bridge.ts when such a request arrives.
 */

import type { Rect } from '../core/contracts';
import { contains, FRAME_MIN_SCALE, type FrameBox, hitPoints, type Mapped, mapIntoParent } from '../core/plan/frame-chain';
import { FRAME_NONCE_PREFIX, type FrameCertifyReply, type FrameRequest, FrameRequestSchema } from '../messages/frame-chain';
import { portKeeper } from './port-keeper';
import { shadowIncludingElements } from './verifiers/flat-tree';
import { clippedBy, describeElement, hiddenBy, parentElement } from './verifiers/visibility';

/** How long a parent waits for the child's post to arrive, and how long an expectation lives. */
const NONCE_WAIT_MS = 1_000;
const NONCE_LIFETIME_MS = 10_000;
const MAX_EXPECTED = 16;
/** Beyond this many elements the search for covers that take no pointer events gives up (unknown). */
const MAX_COVER_SCAN = 20_000;

export async function answerFrameRequest(message: unknown): Promise<unknown> {
  const parsed = FrameRequestSchema.safeParse(message);
  if (!parsed.success) return undefined;
  const request = parsed.data;
  switch (request.kind) {
    case 'frame:expect':
      return expect(request.nonce);
    case 'frame:announce':
      return announce(request.nonce);
    case 'frame:certify':
      return certify(request);
  }
}

function expect(nonce: string) {
  const nonces = portKeeper()?.frameNonces;
  if (!nonces) return undefined;
  // Old expectations go first; a flood of requests cannot grow the map.
  while (nonces.size >= MAX_EXPECTED) nonces.delete(nonces.keys().next().value!);
  nonces.set(nonce, null);
  setTimeout(() => nonces.delete(nonce), NONCE_LIFETIME_MS);
  return { ok: true };
}

function announce(nonce: string) {
  const viewport = { width: innerWidth, height: innerHeight };
  if (window.parent === window) return { posted: false, viewport };
  window.parent.postMessage(`${FRAME_NONCE_PREFIX}${nonce}`, '*');
  return { posted: true, viewport };
}

async function certify(request: Extract<FrameRequest, { kind: 'frame:certify' }>): Promise<FrameCertifyReply> {
  const nonces = portKeeper()?.frameNonces;
  if (!nonces?.has(request.nonce)) return { status: 'unknown', detail: 'This frame was not told to expect the child.' };
  const deadline = performance.now() + NONCE_WAIT_MS;
  while (nonces.get(request.nonce) === null && performance.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  const source = nonces.get(request.nonce) ?? null;
  nonces.delete(request.nonce);
  if (source === null) return { status: 'unknown', detail: 'The child frame did not make itself known in time.' };
  const element = frameElementOf(source);
  if (!element) return { status: 'unknown', detail: 'No frame element in this document holds the child.' };
  return certifyFrameElement(element, request.rect, request.childViewport);
}

type FrameElement = HTMLIFrameElement | HTMLFrameElement | HTMLObjectElement | HTMLEmbedElement;
const FRAME_ELEMENTS = 'iframe, frame, object, embed';

const windowOf = (element: Element) => (element as Partial<HTMLIFrameElement>).contentWindow ?? null;

/** The frame element whose window is `source`: in the document, else in its shadow trees (closed ones too). */
function frameElementOf(source: MessageEventSource): FrameElement | null {
  for (const element of document.querySelectorAll<FrameElement>(FRAME_ELEMENTS)) if (windowOf(element) === source) return element;
  for (const element of shadowIncludingElements()) {
    if (element.getRootNode() instanceof ShadowRoot && element.matches(FRAME_ELEMENTS) && windowOf(element) === source)
      return element as FrameElement;
  }
  return null;
}

/**
 * Certifies the frame element at the child's rectangle: shown (hiddenBy), not rotated or masked
 * (the maths or the hit test could not vouch for it), not scaled below legibility, on screen, and
 * on top at the points a click would hit (a cover that takes no pointer events counts too).
 */
export function certifyFrameElement(
  element: Element,
  rect: Rect,
  childViewport: { width: number; height: number } | null,
): FrameCertifyReply {
  const frame = describeElement(element);
  const style = chainStyle(element);
  if (style.unknown) return { status: 'unknown', detail: `${style.unknown}; the frame's rectangle cannot be certified` };

  let mapped = mapIntoParent(rect, measure(element), childViewport);
  if (!mapped) return { status: 'hidden', frame, detail: 'the frame element has no layout box' };
  if (!inViewport(mapped.rect)) mapped = bringIntoView(element, mapped, rect, childViewport);

  const hidden = hiddenBy(element);
  if (hidden) return { status: 'hidden', frame, detail: hidden };
  const scale = Math.min(mapped.scaleX, mapped.scaleY);
  if (scale < FRAME_MIN_SCALE) return { status: 'hidden', frame, detail: `scaled to ${scale.toFixed(2)}` };

  const root = element.getRootNode() as Document | ShadowRoot;
  for (const [x, y] of hitPoints(mapped.rect)) {
    if (!contains(mapped.content, x, y)) return { status: 'hidden', frame, detail: "the target lies outside the frame's visible area" };
    const top = root.elementFromPoint(x, y);
    if (top === element) continue;
    const clipped = clippedBy(element);
    if (clipped) return { status: 'hidden', frame, detail: `clipped out (${clipped})` };
    if (top === null) return { status: 'hidden', frame, detail: 'outside the viewport' };
    return { status: 'covered', frame, detail: `${describeElement(top)} is on top of it` };
  }
  const cover = coverWithoutPointerEvents(element, mapped.rect);
  if (cover === undefined) return { status: 'unknown', detail: 'too many elements to look for covers' };
  if (cover !== null) return { status: 'covered', frame, detail: `${cover} (pointer-events:none) is painted over it` };
  return {
    status: 'visible',
    frame,
    rect: mapped.rect,
    scale,
    opacity: Math.min(1, Math.max(0, style.opacity)),
    devicePixelRatio: window.devicePixelRatio,
  };
}

function measure(element: Element): FrameBox {
  const border = element.getBoundingClientRect();
  const html = element as HTMLElement;
  const style = getComputedStyle(element);
  const px = (value: string) => Number.parseFloat(value) || 0;
  return {
    border: { x: border.x, y: border.y, width: border.width, height: border.height },
    offsetWidth: html.offsetWidth ?? 0,
    offsetHeight: html.offsetHeight ?? 0,
    clientLeft: element.clientLeft,
    clientTop: element.clientTop,
    clientWidth: element.clientWidth,
    clientHeight: element.clientHeight,
    padding: { left: px(style.paddingLeft), top: px(style.paddingTop), right: px(style.paddingRight), bottom: px(style.paddingBottom) },
  };
}

/**
 * The opacity product over the element and its ancestors (what hiddenBy judges alone, needed here
 * as a number for the chain's product), and what makes the rectangle uncertifiable: a rotation or
 * skew (the maths maps axis-aligned boxes), a mask (hit tests ignore masks).
 */
function chainStyle(element: Element): { opacity: number; unknown: string | null } {
  let opacity = 1;
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    opacity *= Number.parseFloat(style.opacity);
    const who = describeElement(node);
    if (style.transform && style.transform !== 'none') {
      const matrix = new DOMMatrixReadOnly(style.transform);
      if (!matrix.is2D || Math.abs(matrix.b) > 1e-6 || Math.abs(matrix.c) > 1e-6 || matrix.a <= 0 || matrix.d <= 0)
        return { opacity, unknown: `rotated, skewed or mirrored (transform on ${who})` };
    }
    const rotate = (style as CSSStyleDeclaration & { rotate?: string }).rotate;
    if (rotate && rotate !== 'none') return { opacity, unknown: `rotated (rotate on ${who})` };
    const mask = style.maskImage || (style as CSSStyleDeclaration & { webkitMaskImage?: string }).webkitMaskImage;
    if (mask && mask !== 'none') return { opacity, unknown: `masked (mask-image on ${who})` };
  }
  return { opacity, unknown: null };
}

function inViewport(rect: Rect): boolean {
  return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= innerWidth && rect.y + rect.height <= innerHeight;
}

/** Scrolls this document so that the target is in view (as the child did for its own document). */
function bringIntoView(element: Element, mapped: Mapped, rect: Rect, childViewport: { width: number; height: number } | null): Mapped {
  element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  let now = mapIntoParent(rect, measure(element), childViewport) ?? mapped;
  if (!inViewport(now.rect)) {
    const dx = now.rect.x + now.rect.width / 2 - innerWidth / 2;
    const dy = now.rect.y + now.rect.height / 2 - innerHeight / 2;
    window.scrollBy({ left: dx, top: dy, behavior: 'instant' });
    now = mapIntoParent(rect, measure(element), childViewport) ?? now;
  }
  return now;
}

/**
 * A visible element that paints over the frame at the target but takes no pointer events: hit tests
 * look through it, the user does not. Returns its description, null for none, undefined when the
 * document is too large to look (the caller then cannot certify). Paint order is approximated:
 * positioned layers by z-index above the flow, then document order (see README, limits).
 */
function coverWithoutPointerEvents(frame: Element, rect: Rect): string | null | undefined {
  const frameLayer = layerOf(frame);
  const frameAnchor = outermost(frame);
  const frameAncestors = new Set<Element>();
  for (let node: Element | null = frame; node; node = parentElement(node)) frameAncestors.add(node);
  // The document and every shadow tree in it (open or closed): a cover may live in any of them.
  let seen = 0;
  for (const element of shadowIncludingElements()) {
    if (++seen > MAX_COVER_SCAN) return undefined;
    if (frameAncestors.has(element)) continue;
    const box = element.getBoundingClientRect();
    if (box.right <= rect.x || box.bottom <= rect.y || box.left >= rect.x + rect.width || box.top >= rect.y + rect.height) continue;
    const style = getComputedStyle(element);
    if (style.pointerEvents !== 'none' || !paints(element, style)) continue;
    const layer = layerOf(element);
    // Document order between trees: that of their outermost hosts (inside one host, the same).
    const anchor = outermost(element);
    const follows = anchor === frameAnchor ? true : (frameAnchor.compareDocumentPosition(anchor) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    if (layer < frameLayer || (layer === frameLayer && !follows)) continue;
    if (hiddenBy(element) !== null) continue;
    return describeElement(element);
  }
  return null;
}

/** The element, or the outermost shadow host it lives under: its place in the document's order. */
function outermost(element: Element): Element {
  let node = element;
  for (let root = node.getRootNode(); root instanceof ShadowRoot; root = node.getRootNode()) node = root.host;
  return node;
}

/** Whether the element itself puts anything on screen: a background, a border, an image, text. */
function paints(element: Element, style: CSSStyleDeclaration): boolean {
  if (style.backgroundImage !== 'none' || !transparent(style.backgroundColor)) return true;
  if (style.boxShadow !== 'none') return true;
  for (const side of ['Top', 'Right', 'Bottom', 'Left'] as const) {
    if (
      Number.parseFloat(style[`border${side}Width`]) > 0 &&
      style[`border${side}Style`] !== 'none' &&
      !transparent(style[`border${side}Color`])
    )
      return true;
  }
  if (element instanceof HTMLImageElement || element instanceof HTMLCanvasElement || element instanceof HTMLVideoElement) return true;
  if (element instanceof SVGSVGElement || element instanceof HTMLIFrameElement) return true;
  for (const child of element.childNodes) if (child.nodeType === Node.TEXT_NODE && child.textContent?.trim()) return true;
  return false;
}

function transparent(colour: string): boolean {
  return colour === 'transparent' || /^rgba\(.*,\s*0\)$/u.test(colour) || /\/\s*0\)$/u.test(colour);
}

/** A coarse paint layer: the z-index of the nearest positioned ancestor that sets one, 0 for positioned, -0.5 for the flow. */
function layerOf(element: Element): number {
  let positioned = false;
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    if (style.position === 'static') continue;
    if (style.zIndex !== 'auto') return Number.parseInt(style.zIndex, 10) || 0;
    positioned ||= node === element;
  }
  return positioned ? 0 : -0.5;
}

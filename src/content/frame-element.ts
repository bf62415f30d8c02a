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
import type { Linear } from '../core/pixels/upright';
import { FRAME_MIN_SCALE, type FrameBox, type Mapped, mapIntoParent } from '../core/plan/frame-chain';
import type { FrameCertifyReply, FrameRequest } from '../messages/frame-chain';
import { FRAME_NONCE_PREFIX } from '../messages/frame-nonce';
import { frameRequest } from './checks/frame-request';
import { portKeeper } from './port-keeper';
import { shadowIncludingElements } from './verifiers/flat-tree';
import { layersAt } from './verifiers/layers';
import { cssZoom } from './verifiers/legibility';
import { metricOf } from './verifiers/node-reads';
import { filterEffects, isNone } from './verifiers/paint';
import { linearOf } from './verifiers/transform';
import { transitionsEnded } from './verifiers/view-transition';
import { clippedBy, describeElement, filterOpacity, hiddenBy, parentElement } from './verifiers/visibility';
import { layoutViewport } from './viewport';

/** How long a parent waits for the child's post to arrive, and how long an expectation lives. */
const NONCE_WAIT_MS = 1_000;
const NONCE_LIFETIME_MS = 10_000;
const MAX_EXPECTED = 16;

export async function answerFrameRequest(message: unknown): Promise<unknown> {
  const request = frameRequest(message);
  if (!request) return undefined;
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
  // An ordinary view transition of this document ends first (view-transition.ts).
  await transitionsEnded();
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
 * Certifies the frame element at the child's rectangle: shown (hiddenBy), painted by a map this
 * frame can read (paintedMap; else unknown), not scaled below legibility, on screen, on top at the
 * points a click would hit, and not painted out there by a layer that takes no clicks. What the DOM
 * here cannot judge (a filter, blend or mask on the frame or its ancestors, a translucent or
 * unknown layer over it) comes back as doubts: the background then has the pixels decide, as for
 * a label's doubts.
 */
export function certifyFrameElement(
  element: Element,
  rect: Rect,
  childViewport: { width: number; height: number } | null,
): FrameCertifyReply {
  const frame = describeElement(element);
  const painted = paintedMap(element);
  if (painted.unknown) return { status: 'unknown', detail: `${frame} is ${painted.unknown}; its rectangle cannot be certified` };
  const style = chainStyle(element);
  const doubts = [...style.doubts];

  const box = () => measure(element, painted.turned);
  let mapped = mapIntoParent(rect, box(), childViewport);
  if (!mapped) return { status: 'hidden', frame, detail: 'the frame element has no layout box' };
  if (!inViewport(mapped.rect)) mapped = bringIntoView(element, box, mapped, rect, childViewport);

  const hidden = hiddenBy(element);
  if (hidden) return { status: 'hidden', frame, detail: hidden };
  const scale = Math.min(mapped.scaleX, mapped.scaleY);
  if (scale < FRAME_MIN_SCALE) return { status: 'hidden', frame, detail: `scaled to ${scale.toFixed(2)}` };

  const root = element.getRootNode() as Document | ShadowRoot;
  for (const { x, y, inside } of mapped.hits) {
    if (!inside) return { status: 'hidden', frame, detail: "the target lies outside the frame's visible area" };
    const top = root.elementFromPoint(x, y);
    if (top === element) continue;
    const clipped = clippedBy(element);
    if (clipped) return { status: 'hidden', frame, detail: `clipped out (${clipped})` };
    if (top === null) return { status: 'hidden', frame, detail: 'outside the viewport' };
    return { status: 'covered', frame, detail: `${describeElement(top)} is on top of it` };
  }
  // Everything painted over the frame element where the target shows, hits or not, judged as the
  // label's layers are (layers.ts): what paints it out covers it; what the DOM cannot judge here (a
  // translucent veil over content this document cannot see, an image, a blend) is a doubt that
  // the pixels settle.
  const points = mapped.hits.filter((hit) => hit.inside).map(({ x, y }): [number, number] => [x, y]);
  const layers = layersAt(element, points, () => null);
  if (layers.covered > 0) return { status: 'covered', frame, detail: layers.coveredBy ?? 'a layer is painted over it' };
  doubts.push(...layers.doubts.map((d) => d.replace('over the label', `over the frame ${frame}`)));
  return {
    status: 'visible',
    frame,
    rect: mapped.rect,
    scale,
    opacity: Math.min(1, Math.max(0, style.opacity)),
    doubts: [...new Set(doubts)].slice(0, 8),
    devicePixelRatio: window.devicePixelRatio,
    // The background turns the crop upright through the whole chain with it.
    linear: [...mapped.linear] as [number, number, number, number],
    // Firefox only, as the proposing frame's (evidence.ts).
    viewport: __TARGET__ === 'firefox' ? layoutViewport(element) : undefined,
  };
}

function measure(element: Element, turned: Linear | null): FrameBox {
  const border = element.getBoundingClientRect();
  const html = element as HTMLElement;
  const style = getComputedStyle(element);
  const px = (value: string) => Number.parseFloat(value) || 0;
  return {
    border: { x: border.x, y: border.y, width: border.width, height: border.height },
    offsetWidth: metricOf(html, 'offsetWidth'),
    offsetHeight: metricOf(html, 'offsetHeight'),
    clientLeft: metricOf(element, 'clientLeft'),
    clientTop: metricOf(element, 'clientTop'),
    clientWidth: metricOf(element, 'clientWidth'),
    clientHeight: metricOf(element, 'clientHeight'),
    padding: { left: px(style.paddingLeft), top: px(style.paddingTop), right: px(style.paddingRight), bottom: px(style.paddingBottom) },
    ...(turned ? { linear: turned } : {}),
  };
}

/**
 * The opacity product over the element and its ancestors (what hiddenBy judges alone, needed here
 * as a number for the chain's product), and what changes how the frame's content is painted
 * without hiding it for certain (a filter, a blend, a mask): doubts, which the pixels settle.
 */
function chainStyle(element: Element): { opacity: number; doubts: string[] } {
  let opacity = 1;
  const doubts: string[] = [];
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    opacity *= Number.parseFloat(style.opacity) * filterOpacity(style.filter);
    const who = describeElement(node);
    const mask = style.maskImage || (style as CSSStyleDeclaration & { webkitMaskImage?: string }).webkitMaskImage;
    if (!isNone(mask)) doubts.push(`mask-image on ${who} is applied to the frame`);
    const effects = filterEffects(style.filter);
    if (effects) doubts.push(`filter ${effects} on ${who} is applied to the frame`);
    if (!isNone(style.mixBlendMode)) doubts.push(`mix-blend-mode ${style.mixBlendMode} on ${who} is applied to the frame`);
  }
  return { opacity, doubts };
}

/**
 * How the frame element is painted, from its composed map (transform.ts `linearOf`: transform,
 * rotate, scale, translate, a motion path's turn, SVG user space, over every flat-tree ancestor;
 * times zoom): upright (a positive scale on each axis: its drawn box over its layout box maps the
 * target, as that ratio also holds what no property shows), turned (the map, about its centre),
 * or unknown — a 3D map or a z translation, a motion path that turns with it, a mirrored or
 * flattened map (mirrored text is not a shown label), or a turned map whose image of the layout
 * box is not the box the browser drew (something the map missed: not certified).
 */
function paintedMap(element: Element): { turned: Linear | null; unknown: string | null } {
  const matrix = linearOf(element);
  if (matrix === undefined) return { turned: null, unknown: 'turned in 3D, along a motion path, or by transforms too deep to read' };
  const zoom = cssZoom(element);
  const [a, b, c, d] = [matrix.a * zoom, matrix.b * zoom, matrix.c * zoom, matrix.d * zoom];
  if (a * d - b * c <= 1e-9) return { turned: null, unknown: 'mirrored or flattened' };
  if (Math.abs(b) < 1e-6 && Math.abs(c) < 1e-6 && a > 0 && d > 0) return { turned: null, unknown: null };
  const html = element as HTMLElement;
  const [w, h] = [metricOf(html, 'offsetWidth'), metricOf(html, 'offsetHeight')];
  const drawn = element.getBoundingClientRect();
  const off = (expected: number, actual: number) => Math.abs(expected - actual) > Math.max(1, 0.02 * actual);
  if (off(Math.abs(a) * w + Math.abs(c) * h, drawn.width) || off(Math.abs(b) * w + Math.abs(d) * h, drawn.height))
    return { turned: null, unknown: 'turned, and drawn at another size than its transforms say' };
  return { turned: [a, b, c, d], unknown: null };
}

function inViewport(rect: Rect): boolean {
  return rect.x >= 0 && rect.y >= 0 && rect.x + rect.width <= innerWidth && rect.y + rect.height <= innerHeight;
}

/** Scrolls this document so that the target is in view (as the child did for its own document). */
function bringIntoView(
  element: Element,
  box: () => FrameBox,
  mapped: Mapped,
  rect: Rect,
  childViewport: { width: number; height: number } | null,
): Mapped {
  element.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
  let now = mapIntoParent(rect, box(), childViewport) ?? mapped;
  if (!inViewport(now.rect)) {
    const dx = now.rect.x + now.rect.width / 2 - innerWidth / 2;
    const dy = now.rect.y + now.rect.height / 2 - innerHeight / 2;
    window.scrollBy({ left: dx, top: dy, behavior: 'instant' });
    now = mapIntoParent(rect, box(), childViewport) ?? now;
  }
  return now;
}

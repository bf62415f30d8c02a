import { portKeeper } from './port-keeper';
import { smilTargetsIn } from './verifiers/animations';
import { shadowIncludingElements } from './verifiers/flat-tree';
import { isConnectedOf, nodeTypeOf, parentElementOf } from './verifiers/node-reads';
import { paintAt, paintsAnything } from './verifiers/paint';
import { describeElement, parentElement } from './verifiers/visibility';
import { type FrameWatch, watchFrame } from './watch-frame';

/**
 * The last gap between the DOM and the pixels. A pixel-checked action is captured again just
 * before it is performed (background/pixels.ts, the re-check), and the frame certifies the DOM again
 * as it performs it (executor.ts); between the two the page could put back what it showed only for
 * the capture (a decoy over the label, the target moved, a canvas redrawn) and neither would see it.
 * So the frame watches the target's area from before that capture (the background's settle) until
 * the command: a change there is stale evidence, and nothing is performed.
 *
 * What counts as a change is told at startWatch: whatever can alter how the label looks, not
 * everything over the target's box. The target's own box moving counts too. Pointer-events and
 * inertness are not paint: the layer checks' own overrides (layers.ts) are not changes.
 */

type Watch = { element: Element; area: Box; changed: string | null; stop: () => void; frames: FrameWatch[] };

const watches = new Map<string, Watch>();
/** A watch nobody ends (the decision was dropped) stops by itself. */
const WATCH_MS = 30_000;
const MAX_ELEMENTS = 20_000;
/** Elements under a changed one looked at, at most (more: counted as a change). */
const MAX_UNDER = 500;

const overlaps = (rect: DOMRect, area: DOMRect) =>
  rect.width > 0 &&
  rect.height > 0 &&
  !(rect.right <= area.left || rect.left >= area.right || rect.bottom <= area.top || rect.top >= area.bottom);

/** How long the watch waits for animations over the target to end before it starts (an in-page
 * assistant's cursor ripple, a hover transition): one still running then is a change. */
export const QUIET_MS = 1_000;

/**
 * Waits (at most QUIET_MS) until no animation is running over `element`'s area, so that a short
 * honest one (page-agent's 300 ms cursor ripple on the button it clicks) has ended before the
 * capture the watch guards; an endless one is still running after it, and the watch counts it.
 */
export async function quietOver(element: Element): Promise<void> {
  const area = element.getBoundingClientRect();
  // Every tree's, as the watch reads them (a component's ripple runs in its shadow tree).
  const roots: (Document | ShadowRoot)[] = [];
  let count = 0;
  for (const _ of shadowIncludingElements(roots)) if (++count > MAX_ELEMENTS) break;
  const running = roots
    .flatMap((root) => root.getAnimations?.() ?? [])
    .filter((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
      return animation.playState === 'running' && target !== null && overlaps(target.getBoundingClientRect(), area);
    });
  if (running.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.all(running.map((animation) => animation.finished.catch(() => undefined))),
    new Promise((resolve) => {
      timer = setTimeout(resolve, QUIET_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** Points on the label (its text's boxes, else the element's box), where a change must not paint. */
function labelPoints(element: Element): { area: DOMRect; points: [number, number][] } {
  const box = element.getBoundingClientRect();
  const range = document.createRange();
  range.selectNodeContents(element);
  const text = range.getBoundingClientRect();
  const area =
    text.width > 0 && text.height > 0
      ? new DOMRect(
          Math.max(text.left, box.left),
          Math.max(text.top, box.top),
          Math.min(text.right, box.right) - Math.max(text.left, box.left),
          Math.min(text.bottom, box.bottom) - Math.max(text.top, box.top),
        )
      : box;
  const points: [number, number][] = [];
  for (const fx of [0.2, 0.5, 0.8]) for (const fy of [0.3, 0.7]) points.push([area.left + area.width * fx, area.top + area.height * fy]);
  return { area, points };
}

/**
 * Starts watching the area of `element` for the request; a second start replaces the first.
 * A change counts where it can change what the label looks like: an element that paints at the
 * label's points (before or after the change: paint.ts's model, where an unknown paint counts),
 * an attribute of the target or one of its ancestors (a class there can restyle anything under
 * it), an animation running on what paints there, a canvas/video/frame there. An in-page
 * assistant redrawing its outline boxes around the target (page-agent does, every step) paints
 * nothing at the label and is no change (measured: a watch over the whole box refused page-agent's
 * approved click in both browsers).
 */
export function startWatch(requestId: string, element: Element, certified: Box | null = null): void {
  endWatch(requestId);
  const { area, points } = labelPoints(element);
  // Where the target was certified: its pixels were read there, in both captures, so it must still
  // be there (an attacker's page scrolled a decoy under the certified rectangle for the capture
  // and kept it there for the re-check: test/fixtures/scroll-probe.html).
  const box = element.getBoundingClientRect();
  const watch: Watch = { element, area: box, changed: null, stop: () => undefined, frames: [] };
  const change = (why: string) => {
    watch.changed ??= why;
  };
  // Not by more than one device pixel and rounding: the certification saw the target as painted
  // after any scroll it made (settle.ts renderElement), but on a loaded machine Firefox may snap
  // that scroll to a whole pixel only after the certification (its next refresh came later than
  // two animation frames): the fuzzer's replayed twins were refused as moved by 0, 1 px, 34 of 220
  // in Firefox with two benches running, once this was cut from 2 px to rounding. A band one device
  // pixel high holds no legible glyph (legibility.ts MIN_GLYPH_PX: 6), so the pixels read at the
  // certified place are still the target's; a decoy needs it moved by about a label's height
  // (test/fixtures/scroll-decoy.html: 60 px).
  if (certified && moved(box, certified, 0.5 + 1 / Math.max(1, devicePixelRatio), 0.5))
    change(
      `The target moved by ${Math.round(box.x - certified.x)}, ${Math.round(box.y - certified.y)} px after it was certified: its pixels were read where it no longer is.`,
    );
  const ancestors = new Set<Element>();
  for (let node: Element | null = element; node; node = parentElement(node)) ancestors.add(node);
  const paintsOnLabel = (node: Element): boolean => {
    if (ancestors.has(node) || !isConnectedOf(node)) return false;
    const box = node.getBoundingClientRect();
    if (!overlaps(box, area)) return false;
    if (live(node)) return true;
    return points.some(
      ([x, y]) => x >= box.left && x <= box.right && y >= box.top && y <= box.bottom && paintsAnything(paintAt(node, x, y, ancestors)),
    );
  };
  // An element and (a bounded number of) the elements under it: a class on a container restyles them.
  const anyUnder = (node: Node, test: (element: Element) => boolean): boolean => {
    if (nodeTypeOf(node) !== Node.ELEMENT_NODE) return false;
    const root = node as Element;
    if (test(root)) return true;
    const all = root.querySelectorAll('*');
    for (let i = 0; i < all.length && i < MAX_UNDER; i++) if (test(all[i]!)) return true;
    return all.length > MAX_UNDER;
  };
  // What paints at the label now: a later change to one counts even once it has left.
  const before = new Set<Element>();
  const roots: (Document | ShadowRoot)[] = [];
  let count = 0;
  for (const node of shadowIncludingElements(roots)) {
    if (++count > MAX_ELEMENTS) {
      change('The page is too large to watch for changes over the target.');
      break;
    }
    if (paintsOnLabel(node)) before.add(node);
  }
  for (const node of before) {
    if (!live(node)) continue;
    // A frame whose document can be reached is watched like this one (watch-frame.ts).
    const frame = watchFrame(node, change);
    if (frame) watch.frames.push(frame);
    else change(`${describeElement(node)} over the target can repaint with nothing in the page changing.`);
  }
  // Every tree's animations (Chromium's document.getAnimations() leaves shadow trees out), and SVG's
  // own (SMIL), which no list shows: one on what paints at the label can repaint it unobserved.
  const over = (target: Element) => before.has(target) || element.contains(target) || paintsOnLabel(target);
  for (const root of roots) {
    for (const animation of root.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
      if (animation.playState === 'running' && target && over(target)) change(`${describeElement(target)} is animating over the target.`);
    }
    // Begun or not, so where it paints, not anywhere in the target (a spinner beside the label).
    for (const target of smilTargetsIn(root))
      if (before.has(target) || paintsOnLabel(target)) change(`${describeElement(target)} is animated by SVG over the target.`);
  }
  // A throw here would be reported and forgotten, the change unseen: it counts as a change.
  const observer = new MutationObserver((records) => {
    try {
      observed(records);
    } catch (error) {
      change(`The page's changes over the target could not be read: ${error instanceof Error ? error.message : String(error)}.`);
    }
  });
  const observed = (records: MutationRecord[]) => {
    for (const record of records) {
      if (watch.changed) return;
      if (record.type === 'attributes' && (record.attributeName === 'inert' || isHitsOnly(record))) continue;
      const target = nodeTypeOf(record.target) === Node.ELEMENT_NODE ? (record.target as Element) : parentElementOf(record.target);
      const relevant =
        // The target's own content, or an ancestor's attributes (a class there restyles anything
        // under it); children added to or removed from an ancestor are judged one by one below.
        (target !== null && (element.contains(target) || (record.type === 'attributes' && ancestors.has(target)))) ||
        (target !== null && record.type !== 'childList' && anyUnder(target, (e) => before.has(e) || paintsOnLabel(e))) ||
        // Children of something that paints at the label (a decoy's text replaced) change its paint.
        (target !== null && record.type === 'childList' && (before.has(target) || paintsOnLabel(target))) ||
        Array.from(record.addedNodes).some((node) => anyUnder(node, paintsOnLabel)) ||
        Array.from(record.removedNodes).some((node) => anyUnder(node, (e) => before.has(e)));
      if (relevant)
        change(`The page changed ${target ? describeElement(target) : 'a node'} over the target after its pixels were checked.`);
    }
  };
  for (const root of roots)
    observer.observe(root, { subtree: true, attributes: true, attributeOldValue: true, childList: true, characterData: true });
  // A scroll moves the target or what paints over it with no mutation to see, and may be undone
  // before the watch ends: any scroll of the document, of a scroller holding the target or of one
  // painting at the label counts (scroll events reach a capturing listener on the window).
  // The window's scroll events come through the listener bridge.iife.ts adds at document_start,
  // which no page listener can stop; a shadow tree's do not leave it (not composed): each is heard
  // at its root.
  const scrolled = (event: Event) => {
    const target = event.target;
    const scroller = target instanceof Element ? target : null;
    let counts = true;
    try {
      counts = scroller === null || scroller === document.scrollingElement || ancestors.has(scroller) || paintsOnLabel(scroller);
    } catch {
      // counted
    }
    if (counts) change('The page scrolled the target or what paints over it after its pixels were checked.');
  };
  const keeper = portKeeper();
  if (keeper) {
    keeper.scrolled = toWatches;
    scrollWatchers.add(scrolled);
  } else window.addEventListener('scroll', scrolled, { capture: true, passive: true });
  const shadowRoots = roots.filter((root): root is ShadowRoot => root instanceof ShadowRoot);
  for (const root of shadowRoots) root.addEventListener('scroll', scrolled, { capture: true, passive: true });
  const timer = setTimeout(() => endWatch(requestId), WATCH_MS);
  watch.stop = () => {
    observer.disconnect();
    scrollWatchers.delete(scrolled);
    window.removeEventListener('scroll', scrolled, { capture: true });
    for (const root of shadowRoots) root.removeEventListener('scroll', scrolled, { capture: true });
    for (const frame of watch.frames) frame.stop();
    clearTimeout(timer);
  };
  watches.set(requestId, watch);
}

/**
 * Ends the request's watch: why the area changed since it started, or null (also when nothing was
 * watched: only pixel-checked actions are).
 */
export function endWatch(requestId: string): string | null {
  const watch = watches.get(requestId);
  if (!watch) return null;
  watches.delete(requestId);
  watch.stop();
  if (watch.changed) return watch.changed;
  for (const frame of watch.frames) {
    const changed = frame.check();
    if (changed) return changed;
  }
  return moved(watch.element.getBoundingClientRect(), watch.area) ? 'The target moved after its pixels were checked.' : null;
}

/** The watches' scroll handlers, called from the document_start listener (bridge.iife.ts). */
const scrollWatchers = new Set<(event: Event) => void>();
const toWatches = (event: Event) => {
  for (const watcher of scrollWatchers) watcher(event);
};

/**
 * Repaints with no mutation to see: a canvas, video, frame or plug-in, and an SVG with SMIL
 * animation in it (a `<set begin="indefinite">` started by beginElement() changes nothing in the DOM).
 */
const LIVE = new Set(['canvas', 'video', 'iframe', 'frame', 'embed', 'object']);
const live = (node: Element) => LIVE.has(node.localName) || (node.localName === 'svg' && node.querySelector(SMIL) !== null);
const SMIL = 'animate, set, animateTransform, animateMotion';

/** A box's position and size, as certified (executor.ts keeps it). */
export type Box = { x: number; y: number; width: number; height: number };

/** Whether the box moved by more than `place` px or changed size by more than `size` px. */
const moved = (now: Box, then: Box, place = 0.5, size = place) =>
  Math.abs(now.x - then.x) > place ||
  Math.abs(now.y - then.y) > place ||
  Math.abs(now.width - then.width) > size ||
  Math.abs(now.height - then.height) > size;

/** Whether a request is watched (the executor must then end the watch before it performs). */
export const watched = (requestId: string): boolean => watches.has(requestId);

/**
 * A style attribute change that is the layer checks' own override and restore (pointer-events and
 * interactivity only): the attribute's value before the change, without those, is the same as now.
 */
function isHitsOnly(record: MutationRecord): boolean {
  if (record.attributeName !== 'style' || !(record.target instanceof HTMLElement || record.target instanceof SVGElement)) return false;
  const strip = (css: string | null) =>
    (css ?? '')
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '' && !/^(?:pointer-events|interactivity)\s*:/iu.test(part))
      .join(';');
  return strip(record.oldValue) === strip(record.target.getAttribute('style'));
}

import { shadowIncludingElements } from './verifiers/flat-tree';
import { describeElement } from './verifiers/visibility';

/**
 * The last gap between the DOM and the pixels. A pixel-checked action is captured again just
 * before it is performed (background/pixels.ts, the re-check), and the frame certifies the DOM again
 * as it performs it (executor.ts); between the two the page could put back what it showed only for
 * the capture (a decoy over the label, the target moved, a canvas redrawn) and neither would see it.
 * So the frame watches the target's area from before that capture (the background's settle) until
 * the command: a change there is stale evidence, and nothing is performed.
 *
 * What counts as a change over the area: a mutation (attributes, children, text) of an element
 * whose box overlaps it, before or after the change (so a decoy that is removed or hidden counts as
 * surely as one added), in the document or any shadow tree in it; an animation running on such an
 * element when the watch starts; content that repaints with no mutation at all (a canvas, video,
 * frame or plug-in over it); and the target's own box moving. Pointer-events and inertness are not
 * paint: the layer checks' own overrides (layers.ts) are not changes.
 */

type Watch = { element: Element; area: DOMRect; changed: string | null; stop: () => void };

const watches = new Map<string, Watch>();
/** A watch nobody ends (the decision was dropped) stops by itself. */
const WATCH_MS = 30_000;
const MAX_ELEMENTS = 20_000;
/** Repaints on their own, with no mutation to see. */
const LIVE = new Set(['canvas', 'video', 'iframe', 'frame', 'embed', 'object']);

const overlaps = (rect: DOMRect, area: DOMRect) =>
  rect.width > 0 &&
  rect.height > 0 &&
  !(rect.right <= area.left || rect.left >= area.right || rect.bottom <= area.top || rect.top >= area.bottom);

function boxOf(node: Node | null): DOMRect | null {
  const element = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null);
  return element?.isConnected ? element.getBoundingClientRect() : null;
}

/** Starts watching the area of `element` for the request; a second start replaces the first. */
export function startWatch(requestId: string, element: Element): void {
  endWatch(requestId);
  const area = element.getBoundingClientRect();
  const watch: Watch = { element, area, changed: null, stop: () => undefined };
  const change = (why: string) => {
    watch.changed ??= why;
  };
  // Elements over the area now: a later mutation of one counts even once it has left the area.
  const before = new Set<Element>();
  const roots: (Document | ShadowRoot)[] = [];
  let count = 0;
  for (const node of shadowIncludingElements(roots)) {
    if (++count > MAX_ELEMENTS) {
      change('The page is too large to watch for changes over the target.');
      break;
    }
    if (!overlaps(node.getBoundingClientRect(), area)) continue;
    before.add(node);
    if (LIVE.has(node.localName) && node !== element.ownerDocument.documentElement) {
      change(`${describeElement(node)} over the target can repaint with nothing in the page changing.`);
    }
  }
  for (const animation of document.getAnimations?.() ?? []) {
    const target = (animation.effect as KeyframeEffect | null)?.target ?? null;
    if (animation.playState === 'running' && target && (before.has(target) || overlaps(target.getBoundingClientRect(), area))) {
      change(`${describeElement(target)} is animating over the target.`);
    }
  }
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (watch.changed) return;
      if (record.type === 'attributes' && (record.attributeName === 'inert' || isHitsOnly(record))) continue;
      const nodes: (Node | null)[] = [record.target, ...Array.from(record.addedNodes)];
      const touched = nodes.some((node) => {
        const element = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : (node?.parentElement ?? null);
        if (element && before.has(element)) return true;
        const box = boxOf(node);
        return box !== null && overlaps(box, area);
      });
      const removed = Array.from(record.removedNodes).some((node) => node.nodeType === Node.ELEMENT_NODE && before.has(node as Element));
      if (touched || removed) {
        const changed = record.target.nodeType === Node.ELEMENT_NODE ? (record.target as Element) : record.target.parentElement;
        change(`The page changed ${changed ? describeElement(changed) : 'a node'} over the target after its pixels were checked.`);
      }
    }
  });
  for (const root of roots)
    observer.observe(root, { subtree: true, attributes: true, attributeOldValue: true, childList: true, characterData: true });
  const timer = setTimeout(() => endWatch(requestId), WATCH_MS);
  watch.stop = () => {
    observer.disconnect();
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
  const now = watch.element.getBoundingClientRect();
  const moved = ['x', 'y', 'width', 'height'].some((k) => Math.abs(now[k as 'x'] - watch.area[k as 'x']) > 0.5);
  return moved ? 'The target moved after its pixels were checked.' : null;
}

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

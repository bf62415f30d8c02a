import { shadowRootOf } from './verifiers/flat-tree';

/**
 * A frame over the target's label repaints with nothing in this document changing, so the watch
 * (watch.ts) counts it as a change from the start: its content could show the label for the capture
 * and a decoy after it. A frame whose document this frame can reach (about:blank, same-origin) need
 * not be taken on trust: its document is watched like the page's own, and at the action it must be
 * the same document, root, markup and scroll position. Anything in it that repaints on its own (a
 * canvas, a video, a frame of its own), a shadow tree (not walked here) or a running animation leaves
 * the frame live, as before; so does a cross-origin frame, whose document is out of reach. Script
 * navigations of the frame are held by the interceptor (main-world/interceptor/navigation.ts).
 *
 * Measured on the fuzzer's honest twins (seed 51205): an empty frame with `pointer-events: none` over
 * the target was the largest class of false rejects (14 of 26 in Chromium, 12 of 24 in Firefox), every
 * one refused at the command for this reason alone.
 */

/** Repaints on its own, with no mutation to see. */
export const LIVE = new Set(['canvas', 'video', 'iframe', 'frame', 'embed', 'object']);
/** A frame document with more elements than this is not compared: it stays live. */
const MAX_ELEMENTS = 2_000;
const CHANGED = 'The frame over the target changed after its pixels were checked.';

export type FrameWatch = { stop: () => void; check: () => string | null };

/** What the frame shows, as far as its DOM says: document, root, markup, scroll position. */
function stateOf(frame: HTMLIFrameElement | HTMLFrameElement): unknown[] {
  const doc = frame.contentDocument;
  const view = frame.contentWindow;
  return [doc, doc?.documentElement, doc?.documentElement?.outerHTML, view?.scrollX, view?.scrollY];
}

/**
 * Watches a reachable frame's document; null when it cannot be watched (it stays live). Firefox
 * delivers no mutation records after `document.open()` (measured: a frame written again every 10 ms
 * was not seen in Firefox 153 without the comparison at the end), hence both.
 */
export function watchFrame(node: Element, change: (why: string) => void): FrameWatch | null {
  if (!(node instanceof HTMLIFrameElement || node instanceof HTMLFrameElement)) return null;
  try {
    const doc = node.contentDocument;
    const all = doc?.querySelectorAll('*');
    if (!doc || !all || all.length > MAX_ELEMENTS) return null;
    for (const element of all) if (LIVE.has(element.localName) || shadowRootOf(element)) return null;
    if (doc.getAnimations().some((animation) => animation.playState === 'running')) return null;
    const before = stateOf(node);
    const observer = new MutationObserver(() => change(CHANGED));
    observer.observe(doc, { subtree: true, attributes: true, childList: true, characterData: true });
    return {
      stop: () => observer.disconnect(),
      check: () => {
        try {
          const now = stateOf(node);
          return before.every((value, i) => value === now[i]) ? null : CHANGED;
        } catch {
          return CHANGED;
        }
      },
    };
  } catch {
    return null;
  }
}

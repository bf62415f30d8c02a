import { shadowRootOf } from './verifiers/flat-tree';

/**
 * A frame over the target's label repaints with nothing in this document changing, so the watch
 * (watch.ts) counts it as a change from the start: its content could show the label for the capture
 * and a decoy after it. One exception: a frame whose document this frame can reach (about:blank,
 * same origin) and that renders nothing at all — html, head and body with no attributes, no text,
 * no other element, no shadow root, no style sheet (adopted ones too) and no animation, running or
 * not. Such a frame is watched instead: any mutation of its document is a change, and at the action
 * it must hold the same document, with the same root, still rendering nothing. Anything it could show
 * needs one of those, and of what needs no mutation (an adopted sheet, a shadow root, an animation)
 * the end finds what is left; a sheet adopted and dropped again between the two is not seen, as a
 * rule inserted in and removed from the page's own sheets is not (README, the watch's limits).
 *
 * A wider exception (any same-origin document with nothing repainting on its own in it) was withdrawn
 * after a review: a rule inserted through the CSSOM, a scroll inside it, a checkbox's state or an
 * animation seeked later change what it shows with no mutation, and the executor's DOM re-check sees
 * only "a frame" there either way.
 *
 * Measured on the fuzzer's honest twins (seed 51205): an empty frame with `pointer-events: none` over
 * the target was the largest class of false rejects (14 of 26 in Chromium, 12 of 24 in Firefox), every
 * one refused at the command for this reason alone.
 */

const CHANGED = 'The frame over the target changed after its pixels were checked.';
const BARE = new Set(['html', 'head', 'body']);

export type FrameWatch = { stop: () => void; check: () => string | null };

function rendersNothing(doc: Document): boolean {
  const all = doc.querySelectorAll('*');
  if (all.length > 3 || (doc.documentElement?.textContent ?? '').trim() !== '') return false;
  for (const element of all) if (!BARE.has(element.localName) || element.attributes.length > 0 || shadowRootOf(element)) return false;
  const adopted = (doc as Document & { adoptedStyleSheets?: unknown[] }).adoptedStyleSheets ?? [];
  return doc.styleSheets.length === 0 && adopted.length === 0 && doc.getAnimations().length === 0;
}

/** Watches a reachable frame that renders nothing; null when it cannot be watched (it stays live). */
export function watchFrame(node: Element, change: (why: string) => void): FrameWatch | null {
  if (!(node instanceof HTMLIFrameElement || node instanceof HTMLFrameElement)) return null;
  try {
    const doc = node.contentDocument;
    if (!doc || !rendersNothing(doc)) return null;
    const root = doc.documentElement;
    const observer = new MutationObserver(() => change(CHANGED));
    observer.observe(doc, { subtree: true, attributes: true, childList: true, characterData: true });
    return {
      stop: () => observer.disconnect(),
      check: () => {
        try {
          const now = node.contentDocument;
          return now === doc && now.documentElement === root && rendersNothing(now) ? null : CHANGED;
        } catch {
          return CHANGED;
        }
      },
    };
  } catch {
    return null;
  }
}

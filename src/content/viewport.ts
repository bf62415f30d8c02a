import type { Viewport } from '../messages/viewport';
import { flatParent } from './verifiers/flat-tree';
import { metricOf } from './verifiers/node-reads';

/**
 * This frame's layout viewport (messages/viewport.ts), for placing `anchor` in its document, or
 * undefined when the background must capture the whole viewport instead:
 * - what the user sees is not the layout viewport (a pinch-zoomed or panned visual viewport);
 * - the viewport's size cannot be read from the browser: without a scrolling element (quirks mode
 *   with a scrollable body) the root's client size is the page's to set, so it is not taken;
 * - `anchor` does not scroll with the document: it, or a flat-tree ancestor, is fixed or sticky,
 *   or moved by a scroll-driven animation. Its place in the document then changes whenever the
 *   page scrolls, and a page scrolling between this measurement and the capture would have the
 *   capture read whatever took that place. A capture of the whole viewport, cropped where the
 *   target was measured, is what holds for a fixed target (and is no worse for the others).
 */
export function layoutViewport(anchor: Element): Viewport | undefined {
  const visual = window.visualViewport;
  if (visual && (visual.scale !== 1 || visual.offsetLeft !== 0 || visual.offsetTop !== 0)) return undefined;
  // The scrolling element's client size is the viewport's without scrollbars (CSSOM View), in
  // standards and quirks mode alike; the window's inner size (scrollbars included) bounds it.
  const box = document.scrollingElement;
  if (!box) return undefined;
  const width = Math.min(metricOf(box, 'clientWidth'), window.innerWidth);
  const height = Math.min(metricOf(box, 'clientHeight'), window.innerHeight);
  if (!(width > 0 && height > 0)) return undefined;
  if (!scrollsWithDocument(anchor)) return undefined;
  return { scrollX: window.scrollX, scrollY: window.scrollY, width, height };
}

/** Whether `element` keeps its place in its document when the document scrolls (see above). */
function scrollsWithDocument(element: Element): boolean {
  for (let at: Element | null = element; at !== null; at = flatParent(at)) {
    const style = getComputedStyle(at);
    if (style.position === 'fixed' || style.position === 'sticky') return false;
    // Unsupported (Firefox without scroll-driven animations): empty, no timeline but time's.
    const timelines = style.getPropertyValue('animation-timeline');
    if (timelines !== '' && timelines.split(',').some((t) => !['auto', 'none'].includes(t.trim()))) return false;
  }
  return true;
}

import type { Viewport } from '../messages/viewport';

/**
 * This frame's layout viewport (messages/viewport.ts), or undefined when what the user sees is not
 * it: a pinch-zoomed or panned visual viewport, or a document without a scrolling box.
 */
export function layoutViewport(): Viewport | undefined {
  const visual = window.visualViewport;
  if (visual && (visual.scale !== 1 || visual.offsetLeft !== 0 || visual.offsetTop !== 0)) return undefined;
  // The scrolling element's client size is the viewport's without scrollbars, in standards and quirks mode alike.
  const box = document.scrollingElement ?? document.documentElement;
  const width = box?.clientWidth ?? 0;
  const height = box?.clientHeight ?? 0;
  if (!(width > 0 && height > 0)) return undefined;
  return { scrollX: window.scrollX, scrollY: window.scrollY, width, height };
}

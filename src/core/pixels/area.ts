/** A rectangle in CSS px. */
type Box = { x: number; y: number; width: number; height: number };

/** A layout viewport: where it is scrolled to in its document, and its size without scrollbars (CSS px). */
export type ViewportBox = { scrollX: number; scrollY: number; width: number; height: number };

export type DocumentArea = {
  /** Whole CSS px of the document around the element's visible part: what Firefox's capture `rect` takes. */
  capture: Box;
  /** The element's visible part, relative to `capture`. */
  within: Box;
};

/**
 * The part of `rect` (viewport coordinates) that the viewport shows, as an area of the document
 * (the viewport's scroll offset added), or 'outside' when none of it is shown. A capture of a
 * document area paints it whether or not it is on screen, so what is off screen is cut here.
 */
export function documentArea(rect: Box, viewport: ViewportBox): DocumentArea | 'outside' {
  const left = Math.max(0, rect.x);
  const top = Math.max(0, rect.y);
  const right = Math.min(viewport.width, rect.x + rect.width);
  const bottom = Math.min(viewport.height, rect.y + rect.height);
  if (!(right > left && bottom > top)) return 'outside';
  const x = Math.floor(left + viewport.scrollX);
  const y = Math.floor(top + viewport.scrollY);
  return {
    capture: { x, y, width: Math.ceil(right + viewport.scrollX) - x, height: Math.ceil(bottom + viewport.scrollY) - y },
    within: { x: left + viewport.scrollX - x, y: top + viewport.scrollY - y, width: right - left, height: bottom - top },
  };
}

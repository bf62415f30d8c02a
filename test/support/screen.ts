import type { Viewport } from '../../src/messages/viewport';
import type { TestPage } from './browsers';

export type Rect = { x: number; y: number; width: number; height: number };
/** Where an element is on screen: its rect (viewport CSS px), the page's devicePixelRatio and layout viewport. */
export type Screen = { rect: Rect; dpr: number; viewport: Viewport };

/**
 * Measures `selector` in the page as the bridge does for a capture (src/content/viewport.ts, without
 * its fallbacks): given the viewport, the probe's Firefox captures the rect alone, as decisions do.
 */
export function screenOf(page: TestPage, selector: string): Promise<Screen> {
  return page.evaluate((s) => {
    const { x, y, width, height } = document.querySelector(s)!.getBoundingClientRect();
    const box = document.scrollingElement!;
    return {
      rect: { x, y, width, height },
      dpr: devicePixelRatio,
      viewport: { scrollX, scrollY, width: box.clientWidth, height: box.clientHeight },
    };
  }, selector);
}

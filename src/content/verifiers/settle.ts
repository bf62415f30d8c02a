/**
 * Rendering the certification waits for. A control inside a `content-visibility: auto` section the
 * user has not scrolled to is skipped by the browser: no layout, no paint, `checkVisibility`
 * false. Certified as it stands it would be judged "not rendered", or judged rendered only when
 * something the certification read happened to force the section's layout first (an earlier scan
 * of every element's box did, which made the verdict depend on the order of unrelated reads). So
 * the target is scrolled into view and the certification waits for painted frames, a few at most,
 * until the browser renders it for good (renderTarget says why at least one); what is still
 * skipped after that is judged as it is: not rendered, not visible to the user.
 */
import { queryTarget } from '../query';
import { isConnectedOf } from './node-reads';
import { isInViewport } from './visibility';

/** Painted frames waited for at most while the target's section is still skipped. */
const MAX_FRAMES = 3;
/** A tab that paints nothing (hidden) never calls animation frame callbacks: give up after this. */
const FRAME_TIMEOUT_MS = 250;

type Probe = Element & { checkVisibility?: (options?: Record<string, boolean>) => boolean };

/** In a `content-visibility: auto` subtree the browser skips for now (shown once it is relevant). */
export function skippedForNow(element: Element): boolean {
  const probe = element as Probe;
  if (!probe.checkVisibility || !isConnectedOf(element)) return false;
  return probe.checkVisibility() && !probe.checkVisibility({ contentVisibilityAuto: true });
}

/**
 * Brings the one element `selector` names into view and, while the browser skips it, waits for
 * painted frames. Anything else (no match, several, a bad selector) is left to the certification.
 * Scrolling a skipped section into view makes it rendered at once in both browsers, but the
 * browser may still apply, at its next rendering update, the "far from the viewport" it observed
 * before the scroll: the section is skipped again for a frame, then rendered for good (logged
 * frame by frame in Chromium 156 and Firefox 153 ESR, after a scroll to the top and back; once in
 * that frame, the executor's re-check judged an honest control "not rendered"). So one painted
 * frame is always waited for, then as long as the section is skipped; the executor waits the same
 * way before its re-check.
 */
export async function renderTarget(selector: string): Promise<void> {
  const query = queryTarget(selector);
  if (!query.ok || query.elements.length !== 1) return;
  await renderElement(query.elements[0]!);
}

/**
 * The same for an element already found, and one outside the viewport: scrolled into view, then
 * certified as the next painted frame shows it, not as the scroll left the layout.
 * - In the top frame, Firefox lands `scrollIntoView` at a fractional offset and snaps it to a
 *   whole pixel at its next refresh: measured in Firefox 153 ESR, a button 1,000 px down certified
 *   at y = 282 and painted at 283 (Chromium 156: no change). Certified at once, its pixels could
 *   be captured on either side of the snap and its re-check on the other: the honest grey button
 *   of the verifier corpus was refused as changed on a loaded machine.
 * - In a subframe the frame may be out of view, or its frame element in a section the parent skips
 *   (content-visibility: auto): Firefox then lays the frame's document out in a 10 × 10
 *   placeholder viewport, so its controls look out of view and unpainted (Firefox 153 ESR).
 *   Scrolling the element into view scrolls every ancestor document too (cross-origin ones
 *   included, in both browsers), but the parent renders the frame only at its next rendering update.
 */
async function renderElement(element: Element): Promise<void> {
  const away = !isInViewport(element.getBoundingClientRect());
  if (!skippedForNow(element) && !away) return;
  if (away) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  if ((await nextPaint()).painted) await whileSkipped(element);
}

/** Waits for painted frames, a few at most, while the browser skips the element's section. */
export async function whileSkipped(element: Element): Promise<void> {
  for (let frame = 0; frame < MAX_FRAMES && skippedForNow(element); frame++) {
    if (!(await nextPaint()).painted) return;
  }
}

/**
 * Waits for painted frames while `busy(msLeft)` holds, `ms` at most: a view transition or an
 * entrance still playing. A frame not painted in time (a busy machine) is no reason to stop early.
 */
export async function paintsWhile(busy: (left: number) => boolean, ms: number): Promise<void> {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline && busy(deadline - performance.now())) await nextPaint();
}

/**
 * Resolves after the page has painted a frame: the second animation frame callback runs after the
 * first one's frame was painted. A tab that paints nothing (hidden) answers false after a while.
 */
export function nextPaint(): Promise<{ painted: boolean }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ painted: false }), FRAME_TIMEOUT_MS);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve({ painted: true });
      }),
    );
  });
}

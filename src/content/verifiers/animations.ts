/**
 * Set once the background has said this tab shares a window with another (background/window-group.ts):
 * a window the page opened, or the page that opened it, whose timeline may drive this document's
 * animations unlisted. For the document's life: the pair may come back whatever the page does.
 */
let sharedWindows = false;

/** The background's answer for this tab (Chromium; bridge-main.ts asks before each certification). */
export function sharesWindows(shared: boolean): void {
  if (shared) sharedWindows = true;
}

/**
 * Elements an animation or transition runs on (CSS animations and transitions, Web Animations),
 * from every tree's getAnimations(): document.getAnimations() leaves out shadow trees in Chromium,
 * where a Web Animation's box-shadow on a closed tree's element hid a label (an attacker's page).
 *
 * Null where an animation may run that no list shows: Chromium lists nowhere (not even the
 * element's own getAnimations()) an animation played on another document's timeline, such as a
 * same-origin frame's `document.timeline`, while it styles the element all the same (Chromium 156:
 * `pointer-events: none` from one made a cover click-through unseen, a box-shadow from one hid a
 * label). That needs another document this page's scripts can reach: one of the same origin in
 * this frame tree or its opener's (`otherDocumentReachable`), or in a window the page opened or an
 * opener it let go of (`window.opener = null`), which the background tells (`sharesWindows`).
 */
export function animatedIn(roots: readonly (Document | ShadowRoot)[]): Set<Element> | null {
  if (__TARGET__ === 'chrome' && (sharedWindows || otherDocumentReachable())) return null;
  const animated = new Set<Element>();
  for (const root of roots) {
    for (const animation of root.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) animated.add(target);
    }
  }
  return animated;
}

/** Past this many windows in the trees walked, another document is taken as reachable. */
const MOST_WINDOWS = 200;

/**
 * Whether a document of this one's origin, other than this one, is in this frame tree or its
 * opener's: the only documents whose timelines a script of this page (or of theirs) can use here.
 * A frame of another origin is walked through (its frames are reachable by index, and one of them
 * may be of this origin) but not read: neither can reach the other's document. Not seen: a frame
 * removed after its timeline started an animation here, which Chromium keeps applying (an attacker's
 * page; open, in the README). Pages whose frames are all of
 * other origins (advertisements, embeds) keep the pruning; the cost of a reachable one was measured
 * on big.html with a same-origin frame: certification p50 11 → 53 ms in Chromium.
 */
function otherDocumentReachable(): boolean {
  const seen = new Set<Window>();
  const stack: Window[] = [];
  for (const root of [window.top, window.opener as Window | null]) if (root) stack.push(root);
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (seen.size > MOST_WINDOWS) return true;
    if (next !== window && readable(next)) return true;
    for (let i = 0; i < next.length; i++) {
      const child = next[i];
      if (child) stack.push(child);
    }
  }
  return false;
}

function readable(other: Window): boolean {
  try {
    return other.document !== null;
  } catch {
    return false;
  }
}

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
 * `pointer-events: none` from one made a cover click-through unseen). That needs a document in
 * another browsing context: a frame of this page, its parent or its opener, seen here; a window the
 * page opened, or an opener it let go of (`window.opener = null`), the background tells
 * (`sharesWindows`). `listedOnly`: the listed ones whatever may run unlisted.
 */
export function animatedIn(roots: readonly (Document | ShadowRoot)[], listedOnly = false): Set<Element> | null {
  if (
    !listedOnly &&
    __TARGET__ === 'chrome' &&
    (sharedWindows || window.frames.length > 0 || window.parent !== window || window.opener !== null)
  )
    return null;
  const animated = new Set<Element>();
  for (const root of roots) {
    for (const animation of root.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) animated.add(target);
    }
  }
  return animated;
}

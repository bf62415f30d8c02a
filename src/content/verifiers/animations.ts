import { perTask } from './task-memo';

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

/** Whether the background has already said so (then nobody need ask again: it is for the document's life). */
export const knownToShareWindows = (): boolean => sharedWindows;

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
  if (unlistedPossible()) return null;
  const animated = new Set<Element>();
  for (const root of roots) for (const target of listedIn(root)) animated.add(target);
  return animated;
}

/** Whether an animation may run on `element`: one its tree lists, or any where some may run unlisted. */
export function mayBeAnimated(element: Element): boolean {
  return unlistedPossible() || listedIn(element.getRootNode() as Document | ShadowRoot).has(element);
}

/** Each tree's listed animation targets and the frame-tree walk, read once per task (task-memo.ts). */
const unlistedPossible = () => __TARGET__ === 'chrome' && (sharedWindows || perTask('other-documents', window, otherDocumentReachable));

function listedIn(root: Document | ShadowRoot): Set<Element> {
  return perTask('animated-targets', root, (tree) => {
    const targets = new Set<Element>();
    for (const animation of tree.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) targets.add(target);
    }
    return targets;
  });
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

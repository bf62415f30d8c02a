import { perTask } from './task-memo';

/**
 * Elements an animation or transition runs on (CSS animations and transitions, Web Animations),
 * from every tree's getAnimations(): document.getAnimations() leaves out shadow trees in Chromium,
 * where a Web Animation's box-shadow on a closed tree's element hid a label (an attacker's page).
 * And SVG's own (SMIL) animations, which no getAnimations() lists in either browser: each
 * `<animate>`, `<set>`, `<animateTransform>` or `<animateMotion>` in the tree, begun or not, counts
 * its target element as animated (Firefox 153: a `<set attributeName="filter">` cast a drop-shadow
 * over "Close panel" while the rect's style sources showed none, and the DOM certified the label).
 *
 * Null in Chromium: there an animation may run that no list shows. Chromium lists nowhere (not
 * even the element's own getAnimations()) an animation played on another document's timeline,
 * while it styles the element all the same (Chromium 156: `pointer-events: none` from one made a
 * cover click-through unseen, a box-shadow from one hid a label). And any page has such a timeline
 * at hand: a same-origin frame's or popup's `document.timeline`, but also that of a document with
 * no frame or window at all (`document.implementation.createHTMLDocument()`, `new Document()`,
 * DOMParser's, a template's content document, XMLHttpRequest's responseXML), of a frame removed
 * after its document was kept, or one switched to (`animation.timeline = …`) after the animation
 * was listed (an attacker helper, every one performed while only reachable frames and shared
 * windows were counted). So Chromium reads every element's style; Firefox lists these animations.
 * Measured on big.html (5,276 elements), certification p50 11.9 → 49–59 ms in Chromium.
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

/** SVG's animation elements (SMIL): `<discard>` removes its target, a DOM change, and animates nothing. */
const SMIL = 'animate, set, animateTransform, animateMotion';

// Read when called: a build constant, which unit tests of code that imports this do not define.
const unlistedPossible = () => __TARGET__ === 'chrome';

/** Each tree's listed animation targets, read once per task (task-memo.ts). */
function listedIn(root: Document | ShadowRoot): Set<Element> {
  return perTask('animated-targets', root, (tree) => {
    const targets = new Set<Element>();
    for (const animation of tree.getAnimations?.() ?? []) {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      if (target) targets.add(target);
    }
    for (const target of smilTargetsIn(tree)) targets.add(target);
    return targets;
  });
}

/** Whether an SVG animation (SMIL) in the element's tree targets it: its attributes' values as used may not be the written ones. */
export function smilAnimated(element: Element): boolean {
  return smilTargetsIn(element.getRootNode() as Document | ShadowRoot).has(element);
}

/** The targets of the tree's SVG animations (SMIL, begun or not), read once per task. */
export function smilTargetsIn(root: Document | ShadowRoot): Set<Element> {
  return perTask('smil-targets', root, (tree) => {
    const targets = new Set<Element>();
    for (const smil of Array.from(tree.querySelectorAll?.(SMIL) ?? [])) {
      // Its target: the element its href names, else its parent (null where neither is one).
      const target = (smil as { targetElement?: Element | null }).targetElement;
      if (target) targets.add(target);
    }
    return targets;
  });
}

import { shadowRootOf } from './flat-tree';
import { isWithin } from './paint';
import { parentElement } from './visibility';

/**
 * The stack at (x, y) in every tree from the target's root out: [above the target, the target's
 * stand-in]. A root's elementsFromPoint names a shadow host for whatever its shadow tree paints
 * there, so the shadow trees in play are opened too (open or closed): those of hosts listed above
 * the target, and those the target is slotted through (a cover beside the <slot> paints over the
 * light-DOM target while the document names only its host, the target's own ancestor). What such
 * a tree lists before the target or the first of its flat-tree ancestors is painted above it.
 * With `label` (the element holding the label's text at the point), the target's own content
 * listed above the label's element is listed above it too.
 */
export function stacksAt(
  element: Element,
  x: number,
  y: number,
  label: Element | null = null,
): { above: Element[]; below: Element[]; target: Element }[] | null {
  const stacks: { above: Element[]; below: Element[]; target: Element }[] = [];
  const ownRoots = new Set<Node>();
  // The element holding the label's text here and its ancestors up to the target: the rest of the
  // target's own content listed above them is painted over the label (a child covering its text).
  const chain = new Set<Element>();
  for (let node = label; node && node !== element; node = parentElement(node)) chain.add(node);
  let target = element;
  for (;;) {
    const root = target.getRootNode() as Document | ShadowRoot;
    ownRoots.add(root);
    const list = root.elementsFromPoint(x, y);
    const index = list.indexOf(target);
    if (index < 0) return null;
    const own = target === element && label !== null ? list.findIndex((e) => e === target || chain.has(e)) : -1;
    const above = list.slice(0, index).filter((e, i) => !isWithin(e, target) || (i < own && !chain.has(e)));
    stacks.push({ above, below: list.slice(index + 1), target });
    if (!(root instanceof ShadowRoot)) break;
    target = root.host;
  }
  const first = stacks[0]!;
  const ancestors = new Set<Element>();
  for (let node: Element | null = element; node; node = parentElement(node)) ancestors.add(node);
  const known = new Set<Element>(stacks.flatMap((s) => s.above));
  const hosts = [...ancestors, ...known];
  const opened = new Set<ShadowRoot>();
  for (let i = 0; i < hosts.length && opened.size < MAX_SHADOW_STACKS; i++) {
    const inner = shadowRootOf(hosts[i]!);
    if (!inner || ownRoots.has(inner) || opened.has(inner)) continue;
    opened.add(inner);
    const list = inner.elementsFromPoint(x, y);
    const cut = list.findIndex((e) => ancestors.has(e));
    for (const e of cut < 0 ? list : list.slice(0, cut)) {
      if (known.has(e) || ancestors.has(e) || isWithin(e, element)) continue;
      known.add(e);
      first.above.push(e);
      hosts.push(e);
    }
  }
  return stacks;
}

/** Shadow trees opened per point (stacksAt): deeper nesting than this is not looked into. */
const MAX_SHADOW_STACKS = 16;

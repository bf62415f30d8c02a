import { ancestorMarkerOver } from './ancestor-marker';
import { animatedIn } from './animations';
import { flatChildren, flatContains, flatParent } from './flat-tree';
import { foreignOver, spillsOver } from './foreign-paint';
import { markerSides } from './marker-size';
import { inertOverModal } from './modal-inert';
import { namespaceOf, nodeTypeOf } from './node-reads';
import { OtherPseudoRules } from './other-pseudos';
import { overflowExtent } from './overflow-extent';
import { beyondBox, holds, PaintRules, reaches, shapedBox } from './paint-beyond';
import { animatedMarkerExtent, firstLetterExtent, firstLineExtent, markerExtent, selectionReaches } from './pseudo-extent';
import { GENERATED, generates } from './pseudo-paint';
import { pseudoBeyond } from './pseudo-reach';
import { PseudoRules } from './pseudo-rules';
import { onScreen, zoomed } from './reach-sides';
import { MARKER_INPUTS, NO_HITS, styleSources } from './style-sources';
import { clippedBySvgRoot, svgReach } from './svg-reach';
import { walkTrees } from './tree-walk';
import { parentElement } from './visibility';

/**
 * Looking through layers that take no hits: elementsFromPoint lists only what takes hits, so what
 * paints without taking any is found (a scan of the document and its shadow trees) and made to
 * take them for the duration of one look-up, then restored (layers.ts judges what the look-up lists).
 * The same scan finds what paints beyond its own box near the label (paint-beyond.ts), which no
 * look-up at the label's points lists either.
 */
const MAX_SCAN = 20_000;
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * Painted but hit-tested elsewhere or not at all: elementsFromPoint lists none of these where they
 * paint, so they are looked for and made hit-testable for the look-up. Three ways, one class:
 * `pointer-events: none`; on SVG, a value that hit-tests only the fill or only the stroke (the
 * other one still paints: a thick stroke under `pointer-events: fill`); and inertness (the
 * `inert` attribute on the element or a flat-tree ancestor), which hit-tests as `none` while the
 * computed style says `auto` (measured in Chromium 156: an inert overlay painted over a button is
 * neither listed by elementsFromPoint nor seen by a pointer-events scan).
 */
const PART_HITS = new Set(['visibleFill', 'visibleStroke', 'fill', 'stroke']);

/**
 * Whether the style makes a box take no hits (or only partly): the pointer-events values above,
 * or CSS inertness (`interactivity: inert`, Chromium 156; inherited, and like the attribute it
 * hit-tests as `none` while pointer-events says `auto`). Firefox has no `interactivity` (empty).
 */
export function takesNoHits(node: Element, style: CSSStyleDeclaration): boolean {
  return (
    style.pointerEvents === 'none' ||
    (PART_HITS.has(style.pointerEvents) && node instanceof SVGElement) ||
    style.getPropertyValue('interactivity') === 'inert'
  );
}

/** Whether either of the element's pseudo-elements generates a box that takes no hits. */
export function pseudoTakesNoHits(node: Element): boolean {
  return GENERATED.some((which) => {
    const style = getComputedStyle(node, which);
    return generates(style) && takesNoHits(node, style);
  });
}

/** The cheaper test first, as below: in Chromium the style, in Firefox the box. */
const insideNoHits = (node: Element, area: DOMRect) =>
  __TARGET__ === 'chrome'
    ? takesNoHits(node, getComputedStyle(node)) && overlaps(node.getBoundingClientRect(), area)
    : overlaps(node.getBoundingClientRect(), area) && takesNoHits(node, getComputedStyle(node));

/**
 * An item whose attributes no user-agent rule reads: `hidden`, `type` (a list style), `popover`,
 * `dir`… restyle an item with no page rule, so only class, id, value and data attributes are
 * shared with its siblings (the others are read one by one).
 */
const plainItem = (node: Element) =>
  Array.from(node.attributes).every(({ name }) => name === 'class' || name === 'id' || name === 'value' || name.startsWith('data-'));

/** Whether the element matches a selector taken from a page's rule (one the browser rejects here: yes). */
function matchesSafely(element: Element, selector: string): boolean {
  try {
    return element.matches(selector);
  } catch {
    return true;
  }
}

const overlaps = (rect: DOMRect, area: DOMRect) =>
  !(rect.right <= area.left || rect.left >= area.right || rect.bottom <= area.top || rect.top >= area.bottom);

/**
 * What to make hit-testable for the look-up: layers given `pointer-events: auto` (and
 * `interactivity: auto`) inline, inert roots made live, and elements whose generated content takes
 * no hits (no box to measure, so all of them, wherever they are); and the tree roots walked.
 */
export type NoHitLayers = {
  styled: HTMLElement[];
  inert: Element[];
  pseudo: Element[];
  roots: (Document | ShadowRoot)[];
  /** Elements whose paint beyond their box may reach the label (paint-beyond.ts). */
  beyond: { element: Element; what: string }[];
  /** Elements over the label's area cut to a shape (clip-path, mask), which may miss every point. */
  shaped: Element[];
  /** The target's own content that takes no hits over the label's area (left untouched: its markup is the target's). */
  inside: Element[];
  /** Elements a rule may give a pseudo-element modelled nowhere else (other-pseudos.ts), and its names. */
  others: Element[];
  otherNames: string[];
  /** Such pseudo-elements held to `pointer-events: … !important`, which the look-up may not beat. */
  held: string[];
  /** Top-layer elements a modal dialog holding the target makes inert, over the label (modal-inert.ts). */
  inertOver: Element[];
  /** Paint no look-up can make take hits over the label: other namespaces' boxes, content spilling out of a <foreignObject> (foreign-paint.ts). */
  foreign: { element: Element; what: string }[];
};

/**
 * Elements that take no hits (or only partly) and overlap `area`, in the document and every shadow
 * tree in it (open or closed): elementsFromPoint does not list them, so they are made hit-testable
 * for the duration of the look-up (inline style and the `inert` attribute, restored before
 * returning; nothing runs in between). Null when the document is too large.
 */
export function noHitLayers(area: DOMRect, skip: Element, rules: PseudoRules): NoHitLayers | null {
  const walk = walkTrees(skip, MAX_SCAN);
  if (walk === null) return null;
  const { roots, elements, svgs, items, inert: inertRoots, inside } = walk;
  let scanned = walk.scanned;
  const found: NoHitLayers = { ...noLayers(), roots };
  // The target's flat-tree ancestors, once (asking per element walked up from the target each time).
  const ancestors = new Set<Element>();
  for (let node: Element | null = skip; node; node = parentElement(node)) ancestors.add(node);
  // Only elements a source of no-hit styles may reach are asked for their style (style-sources.ts); SVG always.
  const unlisted = animatedIn(roots); // null where Chromium may run one it lists nowhere (animations.ts)
  const animated = (node: Element) => unlisted === null || unlisted.has(node);
  const sources = styleSources(roots, unlisted, NO_HITS, true, '[pointer-events]');
  // List items no marker input reaches share their flat-tree parent's answer, per kind (li, summary).
  const markerSources = styleSources(roots, unlisted, MARKER_INPUTS, false);
  const noMarker = new Map<Element, Set<string>>();
  const mayTakeNoHits = (node: Element) => sources === null || sources.has(node) || svgs.has(node) || namespaceOf(node) === SVG_NS;
  for (const node of inside) if (mayTakeNoHits(node) && insideNoHits(node, area)) found.inside.push(node);
  // Paint beyond a box, asked only of elements a rule, an inline style or an animation may give any (paint-beyond.ts);
  // an ancestor's own outer paint stays outside the box that holds the target, its text's shadows and decorations do not.
  const paint = new PaintRules();
  paint.anyIn(roots);
  const paintedBeyond = paint.everyElement();
  // Where an animation may run that no list shows (Chromium), every element is read.
  for (const node of elements) {
    const ancestor = ancestors.has(node);
    const painted = animated(node) || paintedBeyond(node);
    const item = !ancestor && items.has(node);
    // An ancestor that is a list item (any element): its own marker over the label (ancestor-marker.ts).
    if (ancestor && ancestorMarkerOver(node, area)) found.beyond.push({ element: node, what: 'list marker' });
    // Nothing below concerns the rest (most of a page): no closures made for them.
    if (!painted && !item && !svgs.has(node) && (ancestor || !mayTakeNoHits(node))) continue;
    let box: DOMRect | null = null;
    const boxOf = () => (box ??= node.getBoundingClientRect());
    let style: CSSStyleDeclaration | null = null;
    const styleOf = () => (style ??= getComputedStyle(node));
    // The box grown to where overflowing content paints (overflow-extent.ts), once.
    let extent: DOMRect | null = null;
    const extentOf = () => (extent ??= overflowExtent(node, boxOf(), styleOf));
    if (painted) {
      // beyondBox counts a standard list marker too.
      const beyond = beyondBox(styleOf(), boxOf, node);
      // Paint only outside a box that holds the whole label cannot reach it (a focus ring's layer
      // laid over the control) — one box: an inline element broken over lines paints around each
      // fragment, inside the rectangle that holds them all (reach-layers.html#split).
      const out = beyond?.outside === true && node.getClientRects().length === 1 && holds(boxOf(), area);
      // An ancestor's paint outside its own box stays outside the target only if the box holds the
      // label: a button overflowing a 0 px tall parent lies under the parent's outline (#parent-outline).
      const insideAncestor = ancestor && !/text/u.test(beyond?.what ?? '') && node.getClientRects().length === 1 && holds(boxOf(), area);
      if (beyond && !out && !insideAncestor && reaches(extentOf(), beyond.extent, area)) {
        found.beyond.push({ element: node, what: beyond.what });
      }
      if (!ancestor && shapedBox(styleOf()) && overlaps(boxOf(), area)) found.shaped.push(node);
      // A marker an animation may restyle (`pseudoElement: '::marker'`), read as drawn (#marker).
      const marker = animated(node) && !ancestor && styleOf().display.includes('list-item') ? animatedMarkerExtent(node, styleOf()) : null;
      if (marker && reaches(boxOf(), marker, area)) found.beyond.push({ element: node, what: 'list marker' });
    } else if (item) {
      const parent = markerSources !== null && !markerSources.has(node) && plainItem(node) ? flatParent(node) : null;
      const none = parent ? noMarker.get(parent) : undefined;
      // Its lengths are the item's own: on screen through its zoom and transforms, as paint-beyond's are.
      const marker = none?.has(node.localName) ? null : markerSides(node, styleOf());
      if (marker && reaches(boxOf(), onScreen(marker, zoomed(node)), area)) found.beyond.push({ element: node, what: 'list marker' });
      if (parent && marker === null) noMarker.set(parent, (none ?? new Set()).add(node.localName));
    }
    // SVG shapes in an <svg> that does not clip them: strokes, markers, used shapes (svg-reach.ts).
    if (!ancestor && svgs.has(node) && node instanceof SVGGraphicsElement && node.localName !== 'svg' && !clippedBySvgRoot(node)) {
      const reach = svgReach(node, styleOf());
      if (reach && reaches(boxOf(), reach.extent, area)) found.beyond.push({ element: node, what: reach.what });
    }
    if (ancestor || !mayTakeNoHits(node)) continue;
    // Both tests must hold; the cheaper one first. In Chromium an element's box costs about twice
    // its computed pointer-events (big.html's button: certification p50 33-37 ms box-first, 15-21 ms
    // style-first); in Firefox box-first measured no slower (10-11 ms against 15 ms).
    if (__TARGET__ === 'chrome' && !takesNoHits(node, styleOf())) continue;
    // The box first; its overflowing content only for a layer that takes no hits (a range per element costs).
    if (!overlaps(boxOf(), area) && (!takesNoHits(node, styleOf()) || !overlaps(extentOf(), area))) continue;
    if (__TARGET__ !== 'chrome' && !takesNoHits(node, styleOf())) continue;
    found.styled.push(node as HTMLElement);
  }
  // Generated content that takes no hits, on the target's ancestors too (an ancestor's ::after is over its
  // children), only where a rule can give any (pseudo-rules.ts): asking every element would double the cost.
  if (rules.anyIn(roots)) {
    for (const node of elements) {
      if (!rules.mayHaveScanned(node)) continue;
      if (pseudoTakesNoHits(node)) found.pseudo.push(node);
      // Paint beyond a pseudo-element's box, on ancestors too (their generated content is over the
      // target): where a rule may give it, or an animation (one keyed to `pseudoElement: '::before'`
      // cast a box-shadow over the label, listed or not, performed in both browsers before).
      if (paint.mayHaveScanned(node) || animated(node)) {
        const beyond = pseudoBeyond(node, area);
        if (beyond) found.beyond.push({ element: node, what: beyond });
      }
    }
  }
  // Pseudo-elements modelled nowhere else (a scroll button, a picker icon, a details box, a range
  // thumb…): a box that may be anywhere, looked through in the second look-up, its paint beyond its
  // box bounded by its rule's own declarations (other-pseudos.ts).
  const others = new OtherPseudoRules();
  if (others.anyIn(roots)) {
    for (const node of elements) {
      if (!others.mayHaveScanned(node)) continue;
      found.others.push(node);
      for (const rule of others.reaching) {
        if (matchesSafely(node, rule.selector) && reaches(node.getBoundingClientRect(), rule.extent, area))
          found.beyond.push({ element: node, what: `${rule.what} of its ${rule.names.join(', ')}` });
      }
    }
    found.otherNames = [...others.names];
    found.held = [...others.held];
  }
  // Pseudo-elements a rule restyles may paint far beyond the letter or the bullet: a ::marker given
  // content of its own, a ::first-letter floated and padded into a box. Asked where such rules exist.
  const first = new PseudoRules('first');
  const restyled = [
    { rules: new PseudoRules('marker'), reach: markerExtent, what: 'list marker' },
    { rules: first, reach: firstLetterExtent, what: 'first letter' },
    { rules: first, reach: firstLineExtent, what: 'first line' },
  ];
  for (const { rules: which, reach, what } of restyled) {
    if (!which.anyIn(roots)) continue;
    for (const node of elements) {
      const extent = which.mayHaveScanned(node) && !ancestors.has(node) ? reach(node) : null;
      if (extent !== null && reaches(node.getBoundingClientRect(), extent, area)) found.beyond.push({ element: node, what });
    }
  }
  found.inertOver = inertOverModal(roots, skip, area, (element) => rules.mayHaveScanned(element));
  for (const element of walk.foreign)
    if (foreignOver(element, area, (style) => takesNoHits(element, style)))
      found.foreign.push({ element, what: 'an element of another namespace that takes no clicks' });
  for (const element of svgs)
    if (element.localName === 'foreignObject' && !ancestors.has(element) && spillsOver(element, area))
      found.foreign.push({ element, what: 'content overflowing a foreignObject, which takes clicks only inside it' });
  const selected = selectionReaches(elements, paint, area);
  if (selected) found.beyond.push({ element: selected, what: 'the selection’s ::selection paint' });
  // Inert subtrees, walked in the flat tree (slotted content inherits inertness from its slot's
  // ancestors). One holding the target makes the target inert itself, which the element
  // certificate reports; it is left alone here.
  for (const root of inertRoots) {
    // Inside the target: its own paint, left untouched (removing and setting an attribute again
    // moves it to the end of the list, which would change the target's markup and its digest).
    if (skip.contains(root) || flatContains(root, skip)) continue;
    if (inertRoots.some((other) => other !== root && flatContains(other, root))) continue;
    let overlapping = false;
    const stack: Node[] = [root];
    while (stack.length > 0) {
      const node = stack.pop()!;
      if (++scanned > MAX_SCAN) return null;
      if (nodeTypeOf(node) !== Node.ELEMENT_NODE) continue;
      const element = node as Element;
      if (element !== root && skip.contains(element)) continue;
      if ((element instanceof HTMLElement || element instanceof SVGElement) && overlaps(element.getBoundingClientRect(), area)) {
        overlapping = true;
        if (takesNoHits(element, getComputedStyle(element)) && !found.styled.includes(element as HTMLElement))
          found.styled.push(element as HTMLElement);
      }
      for (const child of flatChildren(element)) stack.push(child);
    }
    if (overlapping) found.inert.push(root);
  }
  return found;
}

/** No layers found (the scan gave up): the look-up runs as it is. */
export const noLayers = (): NoHitLayers => ({
  styled: [],
  inert: [],
  pseudo: [],
  roots: [document],
  beyond: [],
  shaped: [],
  inside: [],
  others: [],
  otherNames: [],
  held: [],
  inertOver: [],
  foreign: [],
});

import { flatChildren, flatContains, shadowIncludingElements } from './flat-tree';
import { beyondBox, firstLetterExtent, markerExtent, PaintRules, reaches, shapedBox, standardMarker } from './paint-beyond';
import { GENERATED, generates } from './pseudo-paint';
import { pseudoBeyond } from './pseudo-reach';
import { PseudoRules } from './pseudo-rules';
import { clippedBySvgRoot, svgReach } from './svg-reach';
import { describeElement, parentElement } from './visibility';

/**
 * Looking through layers that take no hits: elementsFromPoint lists only what takes hits, so what
 * paints without taking any is found (a scan of the document and its shadow trees) and made to
 * take them for the duration of one look-up, then restored (layers.ts judges what the look-up lists).
 * The same scan finds what paints beyond its own box near the label (paint-beyond.ts), which no
 * look-up at the label's points lists either.
 */

const MAX_SCAN = 20_000;
const HTML_NS = 'http://www.w3.org/1999/xhtml';
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
function takesNoHits(node: Element, style: CSSStyleDeclaration): boolean {
  return (
    style.pointerEvents === 'none' ||
    (PART_HITS.has(style.pointerEvents) && node instanceof SVGElement) ||
    style.getPropertyValue('interactivity') === 'inert'
  );
}

/** Whether either of the element's pseudo-elements generates a box that takes no hits. */
function pseudoTakesNoHits(node: Element): boolean {
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
};

/**
 * Elements that take no hits (or only partly) and overlap `area`, in the document and every shadow
 * tree in it (open or closed): elementsFromPoint does not list them, so they are made hit-testable
 * for the duration of the look-up (inline style and the `inert` attribute, restored before
 * returning; nothing runs in between). Null when the document is too large.
 */
export function noHitLayers(area: DOMRect, skip: Element, rules: PseudoRules): NoHitLayers | null {
  const roots: (Document | ShadowRoot)[] = [];
  const found: NoHitLayers = { styled: [], inert: [], pseudo: [], roots, beyond: [], shaped: [], inside: [] };
  const inertRoots: Element[] = [];
  const elements: Element[] = [];
  // SVG elements, told apart once.
  const svgs = new Set<Element>();
  // The target's flat-tree ancestors, once (asking per element walked up from the target each time).
  const ancestors = new Set<Element>();
  for (let node: Element | null = skip; node; node = parentElement(node)) ancestors.add(node);
  let scanned = 0;
  for (const node of shadowIncludingElements(roots)) {
    if (++scanned > MAX_SCAN) return null;
    if (node.hasAttribute('inert')) inertRoots.push(node);
    // The target's own content is its paint; leaving it untouched also keeps its markup (and
    // digest) byte for byte: a style attribute set and restored through CSSOM is re-serialised.
    if (skip.contains(node)) {
      const namespace = node.namespaceURI;
      if (node !== skip && (namespace === HTML_NS || namespace === SVG_NS) && insideNoHits(node, area)) found.inside.push(node);
      continue;
    }
    // By namespace: HTML and SVG elements (an instanceof per element cost Firefox ~13 ms on the
    // bench's 5,000-element page, through the content script's wrappers).
    const namespace = node.namespaceURI;
    if (namespace !== HTML_NS) {
      if (namespace !== SVG_NS) continue;
      svgs.add(node);
    }
    elements.push(node);
  }
  // Paint beyond a box, asked only of the elements a style rule, an inline style or an animation
  // may give any (paint-beyond.ts); an ancestor's own outer paint stays outside the box that holds
  // the target, but its own text's shadows and decorations do not.
  const paint = new PaintRules();
  paint.anyIn(roots);
  const animated = new Set((document.getAnimations?.() ?? []).map((a) => (a.effect as KeyframeEffect | null)?.target ?? null));
  for (const node of elements) {
    let box: DOMRect | null = null;
    const boxOf = () => (box ??= node.getBoundingClientRect());
    let style: CSSStyleDeclaration | null = null;
    const styleOf = () => (style ??= getComputedStyle(node));
    const ancestor = ancestors.has(node);
    if (paint.mayHaveScanned(node) || animated.has(node)) {
      // beyondBox counts a standard list marker too.
      const beyond = beyondBox(styleOf(), boxOf, node);
      if (beyond && (!ancestor || /text/u.test(beyond.what)) && reaches(boxOf(), beyond.extent, area)) {
        found.beyond.push({ element: node, what: beyond.what });
      }
      if (!ancestor && shapedBox(styleOf()) && overlaps(boxOf(), area)) found.shaped.push(node);
    } else if (!ancestor && (node.localName === 'li' || node.localName === 'summary')) {
      const marker = standardMarker(styleOf());
      if (marker > 0 && reaches(boxOf(), marker, area)) found.beyond.push({ element: node, what: 'list marker' });
    }
    // SVG shapes in an <svg> that does not clip them: strokes, markers, used shapes (svg-reach.ts).
    if (!ancestor && svgs.has(node) && node instanceof SVGGraphicsElement && node.localName !== 'svg' && !clippedBySvgRoot(node)) {
      const reach = svgReach(node, styleOf());
      if (reach && reaches(boxOf(), reach.extent, area)) found.beyond.push({ element: node, what: reach.what });
    }
    if (ancestor) continue;
    // Both tests must hold; the cheaper one first. In Chromium an element's box costs about twice
    // its computed pointer-events (big.html's button: certification p50 33-37 ms box-first, 15-21 ms
    // style-first); in Firefox box-first measured no slower (10-11 ms against 15 ms).
    if (__TARGET__ === 'chrome' && !takesNoHits(node, styleOf())) continue;
    if (!overlaps(boxOf(), area)) continue;
    if (__TARGET__ !== 'chrome' && !takesNoHits(node, styleOf())) continue;
    found.styled.push(node as HTMLElement);
  }
  // Generated content that takes no hits, looked for on the target's ancestors too (an ancestor's
  // ::after is painted over its children), and only where a style rule can give any
  // (pseudo-rules.ts): asking every element for both pseudo-elements would double the scan's cost.
  if (rules.anyIn(roots)) {
    for (const node of elements) {
      if (!rules.mayHaveScanned(node)) continue;
      if (pseudoTakesNoHits(node)) found.pseudo.push(node);
      // Paint beyond a pseudo-element's box, on ancestors too (their generated content is over the target).
      if (paint.mayHaveScanned(node)) {
        const beyond = pseudoBeyond(node, area);
        if (beyond) found.beyond.push({ element: node, what: beyond });
      }
    }
  }
  // Pseudo-elements a rule restyles may paint far beyond the letter or the bullet: a ::marker given
  // content of its own, a ::first-letter floated and padded into a box. Asked where such rules exist.
  const restyled = [
    { rules: new PseudoRules('marker'), reach: (node: Element) => markerExtent(node, getComputedStyle(node)), what: 'list marker' },
    { rules: new PseudoRules('first'), reach: firstLetterExtent, what: 'first letter' },
  ];
  for (const { rules: which, reach, what } of restyled) {
    if (!which.anyIn(roots)) continue;
    for (const node of elements) {
      const extent = which.mayHaveScanned(node) && !ancestors.has(node) ? reach(node) : 0;
      if (extent > 0 && reaches(node.getBoundingClientRect(), extent, area)) found.beyond.push({ element: node, what });
    }
  }
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
      if (node.nodeType !== Node.ELEMENT_NODE) continue;
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

/** `interactivity` where the browser has it (Chromium 156), so inline overrides name only what exists. */
const INTERACTIVITY = typeof CSS !== 'undefined' && CSS.supports('interactivity', 'auto');

/**
 * The rule that lets generated content take hits for the look-up, adopted by each tree scope that
 * has such content and removed again. `:is(*, #…)` lends it an id's specificity several times over,
 * so a page's own `!important` on a class does not keep it out; what still does (an earlier cascade
 * layer, an inner scope's rule, a transition) is caught by the check after it is applied.
 */
const PSEUDO_HITS = `:is(*, #a#a#a#a#a#a#a#a)::before, :is(*, #a#a#a#a#a#a#a#a)::after { pointer-events: auto !important;${
  INTERACTIVITY ? ' interactivity: auto !important;' : ''
} }`;
let pseudoSheet: CSSStyleSheet | null = null;

export type Looked<T> = { first: T; generated: T | null; doubts: string[] };

/**
 * Runs the hit look-up with the no-hit layers made hit-testable (`first`), and, when generated
 * content takes no hits somewhere, again with that content hit-testable too (`generated`): an
 * element listed only the second time is there through its ::before/::after alone. Every change
 * is checked to have taken (a transition on pointer-events, a `:host` rule with `!important` or a
 * layered one can keep a layer out of the look-up): one that did not is a doubt, for the pixels.
 */
export function withHits<T>(layers: NoHitLayers, run: () => T): Looked<T> {
  const doubts: string[] = [];
  const saved = layers.styled.map((layer) => ({
    layer,
    hadStyle: layer.hasAttribute('style'),
    values: (['pointer-events', 'interactivity'] as const).map((name) => ({
      name,
      value: layer.style.getPropertyValue(name),
      priority: layer.style.getPropertyPriority(name),
    })),
  }));
  const inert = layers.inert.map((root) => ({ root, value: root.getAttribute('inert') ?? '' }));
  const scopes = [...new Set(layers.pseudo.map((node) => node.getRootNode() as Document | ShadowRoot))];
  let adopted: (Document | ShadowRoot)[] = [];
  try {
    for (const layer of layers.styled) {
      layer.style.setProperty('pointer-events', 'auto', 'important');
      if (INTERACTIVITY) layer.style.setProperty('interactivity', 'auto', 'important');
    }
    for (const { root } of inert) root.removeAttribute('inert');
    for (const layer of layers.styled) {
      if (takesNoHits(layer, getComputedStyle(layer)))
        doubts.push(`${describeElement(layer)} takes no clicks and could not be looked through`);
    }
    const first = run();
    if (scopes.length === 0) return { first, generated: null, doubts };
    if (pseudoSheet === null) {
      pseudoSheet = new CSSStyleSheet();
      pseudoSheet.replaceSync(PSEUDO_HITS);
    }
    const sheet = pseudoSheet;
    for (const scope of scopes) {
      scope.adoptedStyleSheets.push(sheet);
      adopted.push(scope);
    }
    for (const node of layers.pseudo) {
      if (pseudoTakesNoHits(node))
        doubts.push(`generated content of ${describeElement(node)} takes no clicks and could not be looked through`);
    }
    return { first, generated: run(), doubts };
  } finally {
    for (const scope of adopted) {
      const at = scope.adoptedStyleSheets.lastIndexOf(pseudoSheet!);
      if (at >= 0) scope.adoptedStyleSheets.splice(at, 1);
    }
    adopted = [];
    for (const { root, value } of inert) root.setAttribute('inert', value);
    for (const { layer, hadStyle, values } of saved) {
      for (const { name, value, priority } of values) {
        if (value) layer.style.setProperty(name, value, priority);
        else layer.style.removeProperty(name);
      }
      if (!hadStyle && layer.style.length === 0) layer.removeAttribute('style');
    }
  }
}

import { shadowRootOf } from './flat-tree';
import { type NoHitLayers, pseudoTakesNoHits, takesNoHits } from './no-hit-layers';
import { inlineStyleOf } from './node-reads';
import { hitSheet } from './other-pseudos';
import { describeElement } from './visibility';

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
/** A layer's inline style, through its prototype (a form's control named `style` shadows the property: node-reads.ts). */
const styleOf = (layer: Element): CSSStyleDeclaration => inlineStyleOf(layer) ?? (layer as HTMLElement).style;

export function withHits<T>(layers: NoHitLayers, run: () => T): Looked<T> {
  const doubts: string[] = [];
  const saved = layers.styled.map((layer) => ({
    layer,
    hadStyle: layer.hasAttribute('style'),
    values: (['pointer-events', 'interactivity'] as const).map((name) => ({
      name,
      value: styleOf(layer).getPropertyValue(name),
      priority: styleOf(layer).getPropertyPriority(name),
    })),
  }));
  const inert = layers.inert.map((root) => ({ root, value: root.getAttribute('inert') ?? '' }));
  const scopes = [...new Set([...layers.pseudo, ...layers.others].map((node) => node.getRootNode() as Document | ShadowRoot))];
  let adopted: (Document | ShadowRoot)[] = [];
  let used: CSSStyleSheet | null = null;
  const watch = watchPage(layers.styled, inert);
  try {
    for (const layer of layers.styled) {
      styleOf(layer).setProperty('pointer-events', 'auto', 'important');
      if (INTERACTIVITY) styleOf(layer).setProperty('interactivity', 'auto', 'important');
    }
    for (const { root } of inert) root.removeAttribute('inert');
    // Changing a layer's style or inert runs the page's code at once where it asks to (a custom
    // element's attributeChangedCallback: a red team's round 9 had its cover step aside while
    // looked through, and come back a microtask after). Any change but Warrant's own voids the look.
    const changed = watch.foreign('looking');
    if (changed) doubts.push(`${changed} changed while Warrant looked through the layers that take no clicks`);
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
    const sheet = layers.otherNames.length > 0 ? hitSheet(layers.otherNames, PSEUDO_HITS) : pseudoSheet;
    used = sheet;
    for (const scope of scopes) {
      scope.adoptedStyleSheets.push(sheet);
      adopted.push(scope);
    }
    for (const node of layers.pseudo) {
      if (pseudoTakesNoHits(node))
        doubts.push(`generated content of ${describeElement(node)} takes no clicks and could not be looked through`);
    }
    for (const name of layers.held)
      doubts.push(`a rule holds ${name} to its pointer-events with !important: it could not be looked through`);
    return { first, generated: run(), doubts };
  } finally {
    for (const scope of adopted) {
      const at = scope.adoptedStyleSheets.lastIndexOf(used!);
      if (at >= 0) scope.adoptedStyleSheets.splice(at, 1);
    }
    adopted = [];
    for (const { root, value } of inert) root.setAttribute('inert', value);
    for (const { layer, hadStyle, values } of saved) {
      for (const { name, value, priority } of values) {
        if (value) styleOf(layer).setProperty(name, value, priority);
        else styleOf(layer).removeProperty(name);
      }
      if (!hadStyle && styleOf(layer).length === 0) layer.removeAttribute('style');
    }
    // Putting them back runs the same code: what the layers are after it is read next (their paint).
    const changed = watch.foreign('restored');
    if (changed) doubts.push(`${changed} changed when Warrant put back the layers that take no clicks`);
    watch.stop();
  }
}

/**
 * Records every DOM change in the document and in the trees that hold (or are held by) the given
 * elements, until `stop`. `foreign` takes the records so far and names an element changed
 * otherwise than by Warrant's own overrides (`looking`: the style's declarations as those alone
 * make them, inert removed) or their undoing (`restored`: both as they were), or null. Read as
 * declarations (`cssText`), not as the attribute's text, which a page's CSP can leave unapplied.
 * Not seen: a change to a style sheet's rules or to state the DOM does not hold (README).
 */
function watchPage(
  styled: Element[],
  inert: { root: Element; value: string }[],
): { foreign(phase: 'looking' | 'restored'): string | null; stop(): void } {
  const observer = new MutationObserver(() => undefined);
  const options = { subtree: true, attributes: true, childList: true, characterData: true };
  const roots = new Set<Node>([document]);
  for (const element of [...styled, ...inert.map(({ root }) => root)]) {
    roots.add(element.getRootNode());
    const own = shadowRootOf(element);
    if (own) roots.add(own);
  }
  for (const root of roots) observer.observe(root, options);
  const declared = (element: Element) => inlineStyleOf(element)?.cssText ?? '';
  const original = new Map(styled.map((element) => [element, declared(element)]));
  const overriddenTo = new Map(styled.map((element) => [element, overridden(declared(element))]));
  // As withHits saved them, and puts them back.
  const inertWas = new Map(inert.map(({ root, value }) => [root, value]));
  return {
    foreign(phase) {
      for (const record of observer.takeRecords()) {
        const target = record.target;
        if (record.type === 'attributes' && target instanceof Element) {
          const style = phase === 'looking' ? overriddenTo.get(target) : original.get(target);
          if (record.attributeName === 'style' && style !== undefined && declared(target) === style) continue;
          const inertNow = target.getAttribute('inert');
          if (record.attributeName === 'inert' && inertWas.has(target) && inertNow === (phase === 'looking' ? null : inertWas.get(target)))
            continue;
        }
        return target instanceof Element ? describeElement(target) : 'the page';
      }
      return null;
    },
    stop: () => observer.disconnect(),
  };
}

/** The declarations a style holds after Warrant's overrides alone, worked out on an element of its own. */
function overridden(declarations: string): string {
  const probe = document.createElement('div');
  probe.style.cssText = declarations;
  probe.style.setProperty('pointer-events', 'auto', 'important');
  if (INTERACTIVITY) probe.style.setProperty('interactivity', 'auto', 'important');
  return probe.style.cssText;
}

/**
 * A node's place in the tree, read through the prototypes' own getters and methods, never through
 * the node. A form's controls are its named properties and they shadow the built-ins
 * (`[LegacyOverrideBuiltIns]`, HTML §4.10.3), in Chromium's isolated world as in the page's
 * (Firefox's Xray wrappers hide them from content scripts): a red team's `<output name="parentNode"
 * form="f">` made `form.parentNode` that output, so the walk up from a button skipped every ancestor
 * of its form and a button under `opacity: 0.03` was certified and clicked; a hidden
 * `<input name="remove">` made `form.remove()` throw inside the submission guard's `formdata`
 * listener, where the browser swallows it, and a rewritten request left. form-props.ts does the
 * same for the form's own properties; a convention test (test/unit/conventions.test.ts) keeps these
 * accessors out of the rest of src/content.
 */

type Getter = (this: unknown) => unknown;
const found = new Map<string, Getter>();

/** Looked up at first use: modules importing this also load where no DOM exists (unit tests in Node). */
function member(proto: () => object, owner: string, key: string, kind: 'get' | 'value'): Getter {
  const id = `${owner}.${key}`;
  let fn = found.get(id);
  if (fn === undefined) {
    const descriptor = Object.getOwnPropertyDescriptor(proto(), key);
    fn = (kind === 'get' ? descriptor?.get : descriptor?.value) as Getter | undefined;
    if (typeof fn !== 'function') throw new TypeError(`${owner} has no ${key} ${kind === 'get' ? 'getter' : 'method'}`);
    found.set(id, fn);
  }
  return fn;
}

const nodeGet = (key: string) => member(() => Node.prototype, 'Node', key, 'get');

export const parentNodeOf = (node: Node): (Node & ParentNode) | null => nodeGet('parentNode').call(node) as (Node & ParentNode) | null;
export const parentElementOf = (node: Node): Element | null => nodeGet('parentElement').call(node) as Element | null;
export const nextSiblingOf = (node: Node): ChildNode | null => nodeGet('nextSibling').call(node) as ChildNode | null;
export const childNodesOf = (node: Node): NodeListOf<ChildNode> => nodeGet('childNodes').call(node) as NodeListOf<ChildNode>;
export const isConnectedOf = (node: Node): boolean => nodeGet('isConnected').call(node) === true;
export const nodeTypeOf = (node: Node): number => nodeGet('nodeType').call(node) as number;
/** An element's open shadow root (Element.prototype's getter; closed ones: flat-tree.ts). */
export const openShadowRootOf = (element: Element): ShadowRoot | null =>
  member(() => Element.prototype, 'Element', 'shadowRoot', 'get').call(element) as ShadowRoot | null;

/** An element's local name and its previous element sibling, as the typing history's field place reads them (field-place.ts). */
export const localNameOf = (element: Element): string =>
  member(() => Element.prototype, 'Element', 'localName', 'get').call(element) as string;
export const previousElementSiblingOf = (element: Element): Element | null =>
  member(() => Element.prototype, 'Element', 'previousElementSibling', 'get').call(element) as Element | null;
/** A shadow root's host. */
export const hostOf = (root: ShadowRoot): Element => member(() => ShadowRoot.prototype, 'ShadowRoot', 'host', 'get').call(root) as Element;

/** An element's namespace (Element.prototype's getter): a form's `<input name="namespaceURI">` is not it (a red team, Dec 7). */
export const namespaceOf = (element: Element): string | null =>
  member(() => Element.prototype, 'Element', 'namespaceURI', 'get').call(element) as string | null;

/** Layout sizes of an element's box, read through the prototypes: a form's `<input name="offsetWidth">` made a scrollbar's width NaN, and the scrollbar painted over a label was not seen (a red team, Dec 7). */
export type Metric =
  | 'offsetWidth'
  | 'offsetHeight'
  | 'clientWidth'
  | 'clientHeight'
  | 'clientLeft'
  | 'clientTop'
  | 'scrollWidth'
  | 'scrollHeight'
  | 'scrollLeft'
  | 'scrollTop';

/** The metric of an element's box; the offset sizes of an element that is not HTML (which has none) are 0. */
export function metricOf(element: Element, key: Metric): number {
  if (key.startsWith('offset'))
    return namespaceOf(element) === HTML_NS ? (member(() => HTMLElement.prototype, 'HTMLElement', key, 'get').call(element) as number) : 0;
  return member(() => Element.prototype, 'Element', key, 'get').call(element) as number;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

/** An element's inline style (its namespace's prototype getter; by namespace, not instanceof: a same-origin frame's elements are of another realm). */
export function inlineStyleOf(element: Element): CSSStyleDeclaration | null {
  const namespace = namespaceOf(element);
  const owner =
    namespace === SVG_NS
      ? member(() => SVGElement.prototype, 'SVGElement', 'style', 'get')
      : namespace === MATHML_NS && typeof MathMLElement === 'function'
        ? member(() => MathMLElement.prototype, 'MathMLElement', 'style', 'get')
        : namespace === HTML_NS
          ? member(() => HTMLElement.prototype, 'HTMLElement', 'style', 'get')
          : null;
  return owner === null ? null : (owner.call(element) as CSSStyleDeclaration);
}
export const rootNodeOf = (node: Node): Node => member(() => Node.prototype, 'Node', 'getRootNode', 'value').call(node) as Node;

/** The slot an element or text is assigned to (null for slots in closed roots, as the property). */
export const assignedSlotOf = (node: Element | Text): HTMLSlotElement | null =>
  (node.nodeType === Node.TEXT_NODE
    ? member(() => Text.prototype, 'Text', 'assignedSlot', 'get')
    : member(() => Element.prototype, 'Element', 'assignedSlot', 'get')
  ).call(node) as HTMLSlotElement | null;

/** Removes the element from its parent (Element.prototype.remove, which a control named `remove` cannot shadow). */
export function removeElement(element: Element): void {
  member(() => Element.prototype, 'Element', 'remove', 'value').call(element);
}

/** Inserts `node` into `parent` before `next` (Node.prototype.insertBefore). */
export function insertNodeBefore(parent: Node, node: Node, next: Node | null): void {
  (member(() => Node.prototype, 'Node', 'insertBefore', 'value') as (this: Node, node: Node, next: Node | null) => Node).call(
    parent,
    node,
    next,
  );
}

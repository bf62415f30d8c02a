import { hasLetterOrDigit } from '../../core/text/letters';
import { childNodesOf, namespaceOf, nodeTypeOf, openShadowRootOf, parentNodeOf, assignedSlotOf as slotProperty } from './node-reads';
import { perTask } from './task-memo';

/**
 * The flat tree (CSS Scoping §2.1): what the browser renders, styles, hit-tests and names. A
 * shadow host shows its shadow root's children (open or closed), not its light children; a
 * <slot> shows the nodes assigned to it, or its own children (fallback) when none are; light
 * children assigned to no slot are not rendered at all. Styles inherit along this tree: slotted
 * content inherits from its slot, not from its light-DOM parent.
 *
 * Closed shadow roots are closed to the page, not to the extension: content scripts reach them
 * with `chrome.dom.openOrClosedShadowRoot(element)` (Chromium) or the `openOrClosedShadowRoot`
 * property (Firefox). Both are looked up at run time, so the same build runs in either browser
 * and in a page (tests), where only open roots are visible.
 */

type ShadowAccess = (element: Element) => ShadowRoot | null;

let access: ShadowAccess | undefined;

function shadowAccess(): ShadowAccess {
  if (access) return access;
  const dom = (globalThis as { chrome?: { dom?: { openOrClosedShadowRoot?: unknown } } }).chrome?.dom;
  const chromium = typeof dom?.openOrClosedShadowRoot === 'function' ? (dom.openOrClosedShadowRoot as ShadowAccess) : null;
  access = (element) => {
    const open = openShadowRootOf(element);
    if (open) return open;
    // Firefox content scripts: a read-only property of Element.
    if ('openOrClosedShadowRoot' in element) {
      const root = (element as { openOrClosedShadowRoot?: unknown }).openOrClosedShadowRoot;
      if (typeof root === 'function') return asRoot((root as () => unknown).call(element));
      return asRoot(root);
    }
    // By namespace, not instanceof: an element of a same-origin frame's document is of another realm.
    if (chromium && namespaceOf(element) === 'http://www.w3.org/1999/xhtml') {
      try {
        return asRoot(chromium(element));
      } catch {
        return null;
      }
    }
    return null;
  };
  return access;
}

/**
 * The shadow root of an element whose local name is `name`, for a walk over every element of a
 * page: no memo, and one look-up per element (Firefox: its own property, read once instead of
 * four reads through the content script's wrappers; Chromium: the open root, then the API).
 */
export function hostedRoot(element: Element, name: string): ShadowRoot | null {
  if (!HOSTS.has(name) && !name.includes('-')) return null;
  if (__TARGET__ === 'firefox') {
    const own = (element as { openOrClosedShadowRoot?: unknown }).openOrClosedShadowRoot;
    if (own !== undefined) return typeof own === 'function' ? asRoot((own as () => unknown).call(element)) : asRoot(own);
  }
  return shadowAccess()(element);
}

const asRoot = (value: unknown): ShadowRoot | null =>
  value !== null && typeof value === 'object' && nodeTypeOf(value as Node) === Node.DOCUMENT_FRAGMENT_NODE ? (value as ShadowRoot) : null;

/** The element's shadow root, open or closed (declarative ones are shadow roots like any other). */
export function shadowRootOf(element: Element): ShadowRoot | null {
  return openShadowRootOf(element) ?? (mayHost(element) ? perTask('shadow-root', element, shadowAccess()) : null);
}

const isSlot = (node: Node): node is HTMLSlotElement => node instanceof HTMLSlotElement;

/** A slot's assigned nodes; its fallback children when nothing is assigned. */
function slotted(slot: HTMLSlotElement): Node[] {
  const assigned = slot.assignedNodes();
  return assigned.length > 0 ? assigned : Array.from(childNodesOf(slot));
}

/** Elements that may host a shadow root (DOM §4.2.14 attachShadow): custom elements and these. */
const HOSTS = new Set('article aside blockquote body div footer h1 h2 h3 h4 h5 h6 header main nav p section span'.split(' '));
const mayHost = (element: Element) => openShadowRootOf(element) !== null || HOSTS.has(element.localName) || element.localName.includes('-');

/** The node's children in the flat tree, in order. */
export function flatChildren(node: Node): ArrayLike<Node> & Iterable<Node> {
  if (nodeTypeOf(node) === Node.ELEMENT_NODE) {
    const element = node as Element;
    const root = mayHost(element) ? shadowRootOf(element) : null;
    if (root) return childNodesOf(root);
    // A slot in a shadow tree renders what is assigned to it (outside one it is an ordinary element).
    if (element.localName === 'slot' && isSlot(element) && element.getRootNode() instanceof ShadowRoot) return slotted(element);
  }
  return childNodesOf(node);
}

/**
 * The slot a light child of a shadow host is assigned to, closed roots included (`assignedSlot`
 * answers null for slots in closed roots): undefined when the parent hosts no shadow root.
 */
function assignedSlotOf(node: Element | Text, host: Element): HTMLSlotElement | null | undefined {
  const root = shadowRootOf(host);
  if (!root) return undefined;
  const assigned = slotProperty(node);
  if (assigned) return assigned;
  for (const slot of root.querySelectorAll('slot')) {
    if (slot.assignedNodes().includes(node)) return slot;
  }
  return null;
}

/**
 * The parent in the flat tree: the assigned slot for a slotted node, the host for a shadow root's
 * children, else the DOM parent. Null at the top, and for light children of a host that no slot
 * takes (they are not rendered).
 */
export function flatParent(node: Element | Text): Element | null {
  return perTask('flat-parent', node, readFlatParent);
}

function readFlatParent(node: Element | Text): Element | null {
  const parent = parentNodeOf(node);
  if (parent instanceof Element) {
    const slot = assignedSlotOf(node, parent);
    return slot === undefined ? parent : slot;
  }
  if (parent instanceof ShadowRoot) return parent.host;
  return null;
}

/**
 * Whether `test` holds for an element of the flat subtrees under `from` (the starting nodes
 * included), walked depth first; past `max` elements the answer is yes (too large to tell).
 */
export function someInFlatSubtree(from: readonly Node[], max: number, test: (element: Element) => boolean): boolean {
  const stack = [...from];
  let seen = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (nodeTypeOf(node) !== Node.ELEMENT_NODE) continue;
    if (++seen > max || test(node as Element)) return true;
    for (const child of flatChildren(node)) stack.push(child);
  }
  return false;
}

/** Whether `node` is `ancestor` or inside it in the flat tree. */
export function flatContains(ancestor: Element, node: Element | Text): boolean {
  for (let current: Element | Text | null = node; current; current = flatParent(current)) {
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * The element that takes a click at (x, y), as deep as the flat tree goes: the document's answer
 * is retargeted to the outermost shadow host, so descend through each (open or closed) shadow
 * root while it names something inside itself. Asking the document first keeps light-DOM layers
 * painted over a host in the answer (a shadow root's own elementFromPoint misses them in Firefox).
 * Slotted text is hit-tested as its light-DOM parent (the host): the text node whose boxes hold
 * the point stands for it then, by its flat-tree parent.
 */
export function elementAt(x: number, y: number): Element | null {
  let top = document.elementFromPoint(x, y);
  for (let depth = 0; top && depth < 32; depth++) {
    const root = shadowRootOf(top);
    if (!root) break;
    const inner = root.elementFromPoint(x, y);
    if (!inner || inner === top || inner.getRootNode() !== root) break;
    top = inner;
  }
  if (top && shadowRootOf(top)) {
    const text = slottedTextAt(top, x, y);
    if (text) return flatParent(text) ?? top;
  }
  return top;
}

function slottedTextAt(host: Element, x: number, y: number): Text | null {
  const range = document.createRange();
  for (const child of childNodesOf(host)) {
    if (nodeTypeOf(child) !== Node.TEXT_NODE || (child.textContent ?? '').trim() === '') continue;
    range.selectNodeContents(child);
    for (const box of range.getClientRects()) {
      if (x >= box.left && x <= box.right && y >= box.top && y <= box.bottom) return child as Text;
    }
  }
  return null;
}

/**
 * Whether the flat subtree holds a letter or digit in its text, shown or not, within a node
 * budget (past it: assume it does, the careful answer). Script and style text is not content.
 */
export function holdsLegibleText(element: Element, budget = 2_000): boolean {
  const stack: Node[] = [element];
  let seen = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (++seen > budget) return true;
    if (nodeTypeOf(node) === Node.TEXT_NODE) {
      if (hasLetterOrDigit((node as Text).data)) return true;
      continue;
    }
    if (nodeTypeOf(node) === Node.ELEMENT_NODE && NOT_CONTENT.has((node as Element).localName)) continue;
    for (const child of flatChildren(node)) stack.push(child);
  }
  return false;
}

/** Elements whose children are not rendered content. */
export const NOT_CONTENT: ReadonlySet<string> = new Set(['script', 'style', 'template', 'noscript']);

/**
 * Every element of the document and of every shadow tree in it (open or closed), tree by tree:
 * layers and covers may live in any of them. Callers bound how many they look at. `roots`, when
 * given, receives each tree's root as the walk reaches it (the document first).
 */
export function* shadowIncludingElements(roots: (Document | ShadowRoot)[] = []): Generator<Element> {
  roots.push(document);
  for (let r = 0; r < roots.length; r++) {
    const walker = document.createTreeWalker(roots[r]!, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode() as Element | null; node; node = walker.nextNode() as Element | null) {
      const shadow = shadowRootOf(node);
      if (shadow) roots.push(shadow);
      yield node;
    }
  }
}

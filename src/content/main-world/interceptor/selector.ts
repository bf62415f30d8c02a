import { escapeIdentifier } from '../../../core/text/css-identifier';
import { append, dom, nodeList, previousElementSibling, text } from '../primordials';

const cssEscape = (value: string) => escapeIdentifier(value, text.charCodeAt);

/* Loops index arrays: a page may have replaced Array.prototype[Symbol.iterator] by the time this runs. */

/**
 * A target selector, in the page API's syntax (`>>>` steps into open shadow roots), for the one
 * element a page script acted on. Built without touching the page (no marker attributes): the
 * path of nth-of-type steps from the nearest ancestor with an id unique in its root. Returns null
 * unless the selector, evaluated the way the bridge evaluates it, finds exactly this element.
 */
export function selectorFor(element: Element): string | null {
  try {
    // Built by prepending to a string: Array.prototype.unshift is the page's to replace.
    let selector = '';
    const prepend = (step: string) => {
      selector = selector === '' ? step : `${step} >>> ${selector}`;
    };
    let current: Element = element;
    for (;;) {
      const root = dom.getRootNode(current) as Node;
      const type = dom.nodeType(root);
      if (type === 9) {
        if (root !== document) return null; // Another realm's document: not this frame's to address.
        prepend(pathWithin(current, root));
        break;
      }
      if (type !== 11) return null; // Detached.
      const host = dom.host(root) as Element; // Throws for a plain fragment: detached as well.
      if (dom.shadowRoot(host) !== root) return null; // A closed shadow root cannot be addressed.
      prepend(pathWithin(current, root));
      current = host;
    }
    return resolvesToExactly(selector, element) ? selector : null;
  } catch {
    return null;
  }
}

function count(root: Node, selector: string): number {
  const list = (
    dom.nodeType(root) === 9 ? dom.documentQuerySelectorAll(root, selector) : dom.fragmentQuerySelectorAll(root, selector)
  ) as NodeList;
  return nodeList.length(list);
}

function pathWithin(element: Element, root: Node): string {
  let path = '';
  for (let node: Element | null = element; node !== null; ) {
    const id = dom.getAttribute(node, 'id') as string | null;
    if (id) {
      const byId = `#${cssEscape(id)}`;
      if (count(root, byId) === 1) return path === '' ? byId : `${byId} > ${path}`;
    }
    const name = cssEscape(dom.localName(node) as string);
    let index = 1;
    for (let sibling = previousElementSibling(node); sibling !== null; sibling = previousElementSibling(sibling)) {
      if (dom.localName(sibling) === dom.localName(node)) index += 1;
    }
    const step = `${name}:nth-of-type(${index})`;
    path = path === '' ? step : `${step} > ${path}`;
    const parent = dom.parentNode(node) as Node | null;
    if (parent === null || parent === root) break;
    node = parent as Element;
  }
  // The path runs from a child of the root; anchored on the root element where there is one.
  return dom.nodeType(root) === 9 ? rootAnchored(path) : path;
}

/** `html:nth-of-type(1) > body…` reads better, and means the same, as `:root > body…`. */
function rootAnchored(path: string): string {
  return text.replace(path, /^html:nth-of-type\(1\)/, ':root');
}

/** The bridge's evaluation (src/content/query.ts), with captured built-ins. */
function resolvesToExactly(selector: string, element: Element): boolean {
  return elementFor(selector) === element;
}

/** The one element a selector finds, evaluated as the bridge evaluates it; null for none or several. */
export function elementFor(selector: string): Element | null {
  try {
    return matchOne(selector);
  } catch {
    return null;
  }
}

function matchOne(selector: string): Element | null {
  const steps = text.split(selector, />>>/);
  let scopes: Node[] = [document];
  let found: Element[] = [];
  for (let index = 0; index < steps.length; index += 1) {
    const step = steps[index]!;
    found = [];
    for (let at = 0; at < scopes.length; at += 1) {
      const scope = scopes[at]!;
      const list = (
        dom.nodeType(scope) === 9 ? dom.documentQuerySelectorAll(scope, step) : dom.fragmentQuerySelectorAll(scope, step)
      ) as NodeList;
      for (let item = 0; item < nodeList.length(list); item += 1) append(found, nodeList.item(list, item)!);
    }
    if (index < steps.length - 1) {
      scopes = [];
      for (let at = 0; at < found.length; at += 1) {
        const shadow = dom.shadowRoot(found[at]) as Node | null;
        if (shadow !== null) append(scopes, shadow);
      }
    }
  }
  return found.length === 1 ? found[0]! : null;
}

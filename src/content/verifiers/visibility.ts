import { flatParent } from './flat-tree';

/** Below this many CSS pixels in either dimension nothing legible can be shown. */
const MIN_SIZE = 2;

/** Why an element is not visibly rendered, or null when it is. Checked through the ancestor chain. */
export function hiddenBy(element: Element): string | null {
  if (!element.isConnected) return 'detached';
  const probe = element as Element & { checkVisibility?: (options?: Record<string, boolean>) => boolean };
  if (probe.checkVisibility && !probe.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) {
    return describeHiddenAncestor(element) ?? 'not rendered';
  }
  const rect = element.getBoundingClientRect();
  // Transforms count: getBoundingClientRect is the transformed box, so scale(0.01) is tiny here.
  if (rect.width < MIN_SIZE || rect.height < MIN_SIZE) return `too small to see (${rect.width.toFixed(1)}×${rect.height.toFixed(1)} px)`;
  let opacity = 1;
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    opacity *= Number.parseFloat(style.opacity) * filterOpacity(style.filter);
  }
  if (opacity < 0.1) return `opacity ${opacity.toFixed(2)}`;
  if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= innerWidth || rect.top >= innerHeight) return 'outside the viewport';
  return null;
}

function describeHiddenAncestor(element: Element): string | null {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    const who = node === element ? '' : ` on ${describeElement(node)}`;
    if (style.display === 'none') return `display:none${who}`;
    if (style.visibility === 'hidden' || style.visibility === 'collapse') return `visibility:${style.visibility}${who}`;
    if (Number.parseFloat(style.opacity) === 0) return `opacity:0${who}`;
    if (style.contentVisibility === 'hidden') return `content-visibility:hidden${who}`;
  }
  return null;
}

/** The parent in the flat tree (assigned slot, shadow host): see flat-tree.ts. */
export const parentElement = (node: Element): Element | null => flatParent(node);

export function describeElement(element: Element): string {
  const id = element.id ? `#${element.id}` : '';
  const classes = element.classList.length > 0 ? `.${Array.from(element.classList).slice(0, 2).join('.')}` : '';
  return `${element.localName}${id}${classes}`.slice(0, 120);
}

export function isInViewport(rect: DOMRect): boolean {
  return rect.top >= 0 && rect.left >= 0 && rect.bottom <= innerHeight && rect.right <= innerWidth;
}

/** The nearest clip or clip-path on the element or an ancestor: clipped areas take no clicks. */
export function clippedBy(element: Element): string | null {
  for (let node: Element | null = element; node; node = parentElement(node)) {
    const style = getComputedStyle(node);
    if (style.clipPath && style.clipPath !== 'none') return `clip-path on ${describeElement(node)}`;
    if (style.clip && style.clip !== 'auto' && (style.position === 'absolute' || style.position === 'fixed'))
      return `clip on ${describeElement(node)}`;
  }
  return null;
}

/** `filter: opacity(…)` fades an element like `opacity` does (several may be chained). */
function filterOpacity(filter: string): number {
  if (!filter || filter === 'none') return 1;
  let product = 1;
  for (const match of filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/gu)) {
    const value = Number.parseFloat(match[1]!);
    product *= match[2] === '%' ? value / 100 : value;
  }
  return product;
}

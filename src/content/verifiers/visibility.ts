import { parseColour } from './colour';
import { flatParent } from './flat-tree';
import { glyphPx, MIN_CONTROL_PX, MIN_GLYPH_PX } from './legibility';
import { childNodesOf, isConnectedOf, nodeTypeOf } from './node-reads';
import { perTaskChain } from './task-memo';

/** Below this many CSS pixels in either dimension nothing legible can be shown. */
const MIN_SIZE = 2;

/** hiddenBy's last answer: rendered, but not in the viewport (scrolled away). */
export const OUTSIDE_VIEWPORT = 'outside the viewport';

/** Why an element is not visibly rendered, or null when it is. Checked through the ancestor chain. */
export function hiddenBy(element: Element): string | null {
  if (!isConnectedOf(element)) return 'detached';
  const probe = element as Element & { checkVisibility?: (options?: Record<string, boolean>) => boolean };
  if (probe.checkVisibility && !probe.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true })) {
    // visibility is inherited but not final: a visibility:visible descendant still paints. If it
    // paints the control (visible text or fill, of a size one can see), the control is visible.
    const onlyVisibility = probe.checkVisibility({ opacityProperty: true, contentVisibilityAuto: true });
    if (!onlyVisibility || !paintedByVisibleDescendant(element)) return describeHiddenAncestor(element) ?? 'not rendered';
  }
  const rect = element.getBoundingClientRect();
  // Transforms count: getBoundingClientRect is the transformed box, so scale(0.01) is tiny here.
  if (rect.width < MIN_SIZE || rect.height < MIN_SIZE) return `too small to see (${rect.width.toFixed(1)}×${rect.height.toFixed(1)} px)`;
  const opacity = opacityProduct(element);
  if (opacity < 0.1) return `opacity ${opacity.toFixed(2)}`;
  if (rect.right <= 0 || rect.bottom <= 0 || rect.left >= innerWidth || rect.top >= innerHeight) return OUTSIDE_VIEWPORT;
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

/** Descendants checked for a visible stand-in before giving up. */
const MAX_STAND_IN = 50;

/**
 * A visibility:visible descendant of a visibility:hidden element that paints something one can
 * see: its own non-blank text at a legible size in a visible colour, or a visible background,
 * border or image, on a box at least MIN_CONTROL_PX on each side. A transparent empty child
 * does not make a hidden control visible.
 */
function paintedByVisibleDescendant(element: Element): boolean {
  let budget = MAX_STAND_IN;
  for (const child of element.querySelectorAll('*')) {
    if (--budget < 0) return false;
    const style = getComputedStyle(child);
    if (style.visibility !== 'visible') continue;
    const rect = child.getBoundingClientRect();
    if (rect.width < MIN_CONTROL_PX || rect.height < MIN_CONTROL_PX) continue;
    const text = Array.from(childNodesOf(child)).some((n) => nodeTypeOf(n) === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const ink = parseColour(style.getPropertyValue('-webkit-text-fill-color') || style.color);
    const size = glyphPx(child, style, []);
    if (text && (ink === null || ink[3] >= 0.1) && (size === null || size >= MIN_GLYPH_PX)) return true;
    const fill = parseColour(style.backgroundColor);
    if ((fill !== null && fill[3] >= 0.1) || style.backgroundImage !== 'none') return true;
    if (['img', 'svg', 'canvas', 'video'].includes(child.localName)) return true;
  }
  return false;
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
export function filterOpacity(filter: string): number {
  if (!filter || filter === 'none') return 1;
  let product = 1;
  for (const match of filter.matchAll(/opacity\(\s*([\d.]+)(%?)\s*\)/gu)) {
    const value = Number.parseFloat(match[1]!);
    product *= match[2] === '%' ? value / 100 : value;
  }
  return product;
}

/** The opacity the element is painted with: `opacity` and `filter: opacity()` over the flat-tree chain. */
export function opacityProduct(element: Element): number {
  return perTaskChain('opacity', element, parentElement, 1, (above, node) => {
    const style = getComputedStyle(node);
    return above * (Number.parseFloat(style.opacity) || 0) * filterOpacity(style.filter);
  });
}

import { metricOf } from './node-reads';

/**
 * The scrollbars a box paints, inside its border, over whatever it would show there: Chromium's
 * `::-webkit-scrollbar` makes them any width and any colour. Found on an attacker's page: a
 * sibling taking no clicks whose 130 px scrollbar was painted in the button's colour over "Close
 * panel", and a control whose own 125 px scrollbar hid its label, were both clicked (Chromium).
 * Measured from the layout (offset size less client size less borders), so only scrollbars that
 * take room count: overlay scrollbars paint over content only while shown, and are thin.
 */
export type Gutters = { vertical: number; horizontal: number; left: boolean };

const NONE: Gutters = { vertical: 0, horizontal: 0, left: false };
const SCROLLS = /scroll|auto/u;

/** The widths (layout px) of the box's vertical and horizontal scrollbar gutters, and which side the vertical one is on. */
export function gutters(node: Element, style: CSSStyleDeclaration): Gutters {
  if (!(node instanceof HTMLElement) || (!SCROLLS.test(style.overflowX) && !SCROLLS.test(style.overflowY))) return NONE;
  const border = (side: string) => Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0;
  const vertical = Math.max(0, metricOf(node, 'offsetWidth') - metricOf(node, 'clientWidth') - border('left') - border('right'));
  const horizontal = Math.max(0, metricOf(node, 'offsetHeight') - metricOf(node, 'clientHeight') - border('top') - border('bottom'));
  // A size that reads as no number is not "no scrollbar": the whole box may be one.
  if (!Number.isFinite(vertical) || !Number.isFinite(horizontal))
    return { vertical: Number.MAX_VALUE, horizontal: Number.MAX_VALUE, left: false };
  if (vertical < 0.5 && horizontal < 0.5) return NONE;
  return { vertical, horizontal, left: style.direction === 'rtl' };
}

/** How much the box is scaled as drawn (its bounding box `rect` against its untransformed offset size), across and down. */
export function drawnScale(node: Element, rect: DOMRect): [number, number] {
  const [width, height] = [metricOf(node, 'offsetWidth'), metricOf(node, 'offsetHeight')];
  return [width > 0 ? rect.width / width : 1, height > 0 ? rect.height / height : 1];
}

/** Whether (x, y) lies on one of the box's scrollbars (viewport px; `rect` its bounding box). */
export function onScrollbar(node: Element, style: CSSStyleDeclaration, rect: DOMRect, x: number, y: number): boolean {
  const { vertical, horizontal, left } = gutters(node, style);
  if (vertical === 0 && horizontal === 0) return false;
  const [sx, sy] = drawnScale(node, rect);
  const border = (side: string) => Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0;
  const inner = {
    left: rect.left + border('left') * sx,
    right: rect.right - border('right') * sx,
    top: rect.top + border('top') * sy,
    bottom: rect.bottom - border('bottom') * sy,
  };
  if (x < inner.left || x > inner.right || y < inner.top || y > inner.bottom) return false;
  const onVertical = vertical > 0 && (left ? x <= inner.left + vertical * sx : x >= inner.right - vertical * sx);
  return onVertical || (horizontal > 0 && y >= inner.bottom - horizontal * sy);
}

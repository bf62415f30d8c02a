import type { Linear } from '../../core/pixels/upright';

export type Painted = { linear: Linear; width: number; height: number };

import { flatParent } from './flat-tree';

/**
 * The linear part (rotation, skew, scale) of the transform the element is painted with, composed
 * over its flat-tree ancestors: CSS `transform` and the individual `rotate` and `scale` properties
 * (CSS Transforms 2 §6: translate, rotate, scale, then transform). Null when it is a plain scale or
 * none, or when a 3D rotation is involved (the pixels then read the crop as it is). The pixels use
 * it to turn a rotated or skewed label upright before OCR; it is no evidence of anything itself.
 */
export function paintedAs(element: Element): Painted | null {
  const linear = paintedLinear(element);
  if (!linear) return null;
  const box = element instanceof HTMLElement ? { width: element.offsetWidth, height: element.offsetHeight } : null;
  return { linear, width: box?.width ?? 0, height: box?.height ?? 0 };
}

function paintedLinear(element: Element): Linear | null {
  const composed = compose(element);
  if (composed === undefined) return null;
  const m = composed.m;
  const linear: Linear = [m.a, m.b, m.c, m.d];
  return m.b === 0 && m.c === 0 && m.a > 0 && m.d > 0 ? null : linear;
}

/**
 * The linear part of the transform `element` is painted with, composed over its flat-tree
 * ancestors (and `own`, a pseudo-element's style, innermost); undefined when a 3D transform is
 * involved or the chain is too deep to read whole.
 */
export function linearOf(element: Element, own?: CSSStyleDeclaration): DOMMatrix | undefined {
  const composed = compose(element, own);
  return composed?.whole ? composed.m : undefined;
}

function compose(element: Element, own?: CSSStyleDeclaration, budget = 64): { m: DOMMatrix; whole: boolean } | undefined {
  let m = new DOMMatrix();
  if (own) {
    const pseudo = ownLinear(own);
    if (pseudo === undefined) return undefined;
    if (pseudo) m = pseudo;
  }
  let steps = 0;
  let node: Element | null = element;
  for (; node && steps < budget; node = flatParent(node), steps++) {
    const linear = ownLinear(getComputedStyle(node));
    if (linear === undefined) return undefined;
    if (linear) m = linear.multiply(m);
  }
  return { m, whole: node === null };
}

/** The element's own linear transform; null for none, undefined when it cannot be read as 2D. */
function ownLinear(style: CSSStyleDeclaration): DOMMatrix | null | undefined {
  const transform = style.transform;
  const rotate = style.getPropertyValue('rotate');
  const scale = style.getPropertyValue('scale');
  const none = (v: string) => v === '' || v === 'none';
  if (none(transform) && none(rotate) && none(scale)) return null;
  let m = new DOMMatrix();
  if (!none(rotate)) {
    const angle = /^(?:z\s+)?(-?[\d.]+(?:e-?\d+)?)(deg|rad|turn|grad)$/u.exec(rotate.trim());
    if (!angle) return undefined;
    m = m.rotate(toDegrees(Number.parseFloat(angle[1]!), angle[2]!));
  }
  if (!none(scale)) {
    const [sx, sy = sx] = scale.trim().split(/\s+/u).map(Number.parseFloat);
    if (sx === undefined || !Number.isFinite(sx) || !Number.isFinite(sy)) return undefined;
    m = m.scale(sx, sy);
  }
  if (!none(transform)) {
    let parsed: DOMMatrix;
    try {
      parsed = new DOMMatrix(transform);
    } catch {
      return undefined;
    }
    if (!parsed.is2D) return undefined;
    m = m.multiply(parsed);
  }
  // Translation does not change how the glyphs are oriented.
  m.e = 0;
  m.f = 0;
  return m;
}

function toDegrees(value: number, unit: string): number {
  if (unit === 'rad') return (value * 180) / Math.PI;
  if (unit === 'turn') return value * 360;
  if (unit === 'grad') return value * 0.9;
  return value;
}

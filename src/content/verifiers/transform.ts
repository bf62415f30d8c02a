import type { Linear } from '../../core/pixels/upright';

export type Painted = { linear: Linear; width: number; height: number };

import { flatParent } from './flat-tree';

/**
 * The linear part (rotation, skew, scale) of the transform the element is painted with, composed
 * over its flat-tree ancestors: CSS `transform`, the individual `rotate` and `scale` properties and a
 * motion path's turn (CSS Transforms 2 §6: translate, rotate, scale, offset, then transform), and an
 * SVG element's screen matrix (its user space). Null when it is a plain scale or
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
 * ancestors (and `own`, a pseudo-element's style, innermost); undefined when a 3D transform (a z
 * translation included) or a motion path that turns with it is involved, or the chain is too deep
 * to read whole: no bound is known.
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
  // Set once an SVG element's screen matrix was taken: it holds all the rest of the chain.
  let screen = false;
  for (; node && steps < budget; node = flatParent(node), steps++) {
    // SVG user space is scaled by viewBoxes and transform attributes, which no CSS property shows: a
    // drop-shadow in a 10× viewBox reached 10× as far (reach-geometry.html#svgrectdrop, #fobviewbox). The
    // browser's own matrix for it, from the element (a shape) or the <foreignObject> holding it. An
    // outermost <svg> is a CSS box; its viewBox scales only what it holds.
    if (!screen && node instanceof SVGGraphicsElement && node.ownerSVGElement) {
      const ctm = node.getScreenCTM();
      if (!ctm) return undefined;
      m = new DOMMatrix([ctm.a, ctm.b, ctm.c, ctm.d, 0, 0]).multiply(m);
      screen = true;
    }
    // The rest is walked still: a 3D transform above makes the matrix no bound.
    const linear = ownLinear(getComputedStyle(node));
    if (linear === undefined) return undefined;
    if (linear && !screen) m = linear.multiply(m);
  }
  return { m, whole: node === null };
}

/** The element's own linear transform; null for none, undefined when it cannot be read as 2D. */
function ownLinear(style: CSSStyleDeclaration): DOMMatrix | null | undefined {
  const transform = style.transform;
  const rotate = style.getPropertyValue('rotate');
  const scale = style.getPropertyValue('scale');
  const translate = style.getPropertyValue('translate');
  const path = style.getPropertyValue('offset-path');
  const none = (v: string) => v === '' || v === 'none';
  if (none(transform) && none(rotate) && none(scale) && none(translate) && none(path)) return null;
  // A z translation under a parent's perspective magnifies the box and all it paints: translate:
  // 0 0 50px doubled a drop-shadow's reach (reach-geometry.html#perspectivez). Any z part is 3D.
  const [, , tz = '0px'] = translate.trim().split(/\s+/u);
  const [sx, sy = sx, sz = 1] = scale.trim().split(/\s+/u).map(Number.parseFloat);
  if (Number.parseFloat(tz) !== 0 || sz !== 1) return undefined;
  let m = new DOMMatrix();
  if (!none(rotate)) {
    const turn = angle(rotate.replace(/^z\s+/u, ''));
    if (turn === undefined) return undefined;
    m = m.rotate(turn);
  }
  if (!none(scale)) {
    if (sx === undefined || !Number.isFinite(sx) || !Number.isFinite(sy)) return undefined;
    m = m.scale(sx, sy);
  }
  // A motion path turns the box too (after scale, before transform: CSS Transforms 2 §6): a fixed
  // offset-rotate by its angle; `auto` follows the path, which is not read here: unknown. A box
  // turned upside down threw its downward drop-shadow over a label (reach-geometry.html#offsetrotate).
  if (!none(path)) {
    const turn = angle(style.getPropertyValue('offset-rotate'));
    if (turn === undefined) return undefined;
    m = m.rotate(turn);
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

/** A plain angle in degrees (`180deg`, `0.5turn`); undefined for any other form. */
function angle(value: string): number | undefined {
  const [, n, unit] = /^(-?[\d.]+(?:e[-+]?\d+)?)(deg|rad|turn|grad)$/u.exec(value.trim()) ?? [];
  return n === undefined ? undefined : toDegrees(Number.parseFloat(n), unit!);
}

function toDegrees(value: number, unit: string): number {
  if (unit === 'rad') return (value * 180) / Math.PI;
  if (unit === 'turn') return value * 360;
  if (unit === 'grad') return value * 0.9;
  return value;
}

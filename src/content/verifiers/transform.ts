import type { Linear } from '../../core/pixels/upright';
import { inlineStyleOf, metricOf, namespaceOf } from './node-reads';

export type Painted = { linear: Linear; width: number; height: number };

import { mayBeAnimated } from './animations';
import { flatParent } from './flat-tree';
import { RuleSelectors } from './pseudo-rules';
import { perTask, perTaskChain } from './task-memo';

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
  const box =
    element instanceof HTMLElement ? { width: metricOf(element, 'offsetWidth'), height: metricOf(element, 'offsetHeight') } : null;
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

/** How many elements a chain may have and still be read whole (deeper: no bound is known). */
const MAX_CHAIN = 64;

/** An element's composed linear map (its lengths to the viewport's), whether a 3D step or an unreadable one is in it, and its depth. */
type Chain = { m: DOMMatrix; unknown: boolean; depth: number };

function compose(element: Element, own?: CSSStyleDeclaration): { m: DOMMatrix; whole: boolean } | undefined {
  let pseudo: DOMMatrix | null = null;
  if (own) {
    const linear = ownLinear(own);
    if (linear === undefined) return undefined;
    pseudo = linear;
  }
  const chain = composedChain(element);
  if (chain.unknown) return undefined;
  return { m: pseudo ? chain.m.multiply(pseudo) : chain.m, whole: chain.depth <= MAX_CHAIN };
}

/**
 * The chain composed root first and remembered for the task (task-memo.ts): every list item of a
 * 1,000-item list walked its 30 ancestors' transforms again (big.html: 2.7 s of a 60-proposal
 * profile), now each element's own is read once.
 */
function composedChain(element: Element): Chain {
  return perTaskChain<Chain>('composed-linear', element, flatParent, { m: new DOMMatrix(), unknown: false, depth: 0 }, (above, node) => {
    const depth = above.depth + 1;
    // The rest is read still: a 3D transform above makes the matrix no bound.
    const linear = mayTransform(node) ? ownLinear(getComputedStyle(node)) : null;
    const unknown = above.unknown || linear === undefined;
    // SVG user space is scaled by viewBoxes and transform attributes, which no CSS property shows: a
    // drop-shadow in a 10× viewBox reached 10× as far (reach-geometry.html#svgrectdrop, #fobviewbox). The
    // browser's own matrix for it, from the element (a shape) or the <foreignObject> holding it, holds
    // the whole chain above it (and the element's own transform). An outermost <svg> is a CSS box;
    // its viewBox scales only what it holds.
    if (node instanceof SVGGraphicsElement && node.ownerSVGElement) {
      const ctm = node.getScreenCTM();
      if (!ctm) return { m: above.m, unknown: true, depth };
      return { m: new DOMMatrix([ctm.a, ctm.b, ctm.c, ctm.d, 0, 0]), unknown, depth };
    }
    return { m: linear ? above.m.multiply(linear) : above.m, unknown, depth };
  });
}

/** Declarations that may give a box a transform of its own (`all` sets them too). Over-inclusive: only skipped boxes matter. */
const TRANSFORMING = /transform|rotate|scale|translate|offset|(?:^|[\s;{])all\s*:/iu;
const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * Whether an element may have a transform of its own: an HTML element no style rule of its trees
 * with such a declaration matches (pseudo-rules.ts: sound or silent), with no such inline style
 * and no animation or transition running on it (its tree's getAnimations, CSS ones included) has
 * none (no user-agent rule transforms one). Reading five properties of every ancestor cost most of
 * a 1,000-item list's marker checks; a rule match is a fraction of that. Anything else: read.
 */
function mayTransform(node: Element): boolean {
  if (namespaceOf(node) !== HTML_NS) return true;
  if (node.hasAttribute('style') && TRANSFORMING.test(inlineStyleOf(node)?.cssText ?? 'transform')) return true;
  if (mayBeAnimated(node)) return true;
  return perTask(
    'transform-rules',
    document,
    () => new RuleSelectors((rule) => (TRANSFORMING.test(rule.style.cssText) ? rule.selectorText : null)),
  ).mayHave(node);
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

import { parseColour } from './colour';
import { FAINT, filterEffects, inwardOutline, isNone, NONE, type Paint, relativeOpacity, shadowsOf, within } from './paint';
import { describeElement, filterOpacity } from './visibility';

/** Its ::before and ::after, when they generate a box (the only pseudo-elements that paint over content). */
export const GENERATED = ['::before', '::after'] as const;

/** Whether a pseudo-element's computed style generates a box at all. */
export function generates(style: CSSStyleDeclaration): boolean {
  return !isNone(style.content) && style.display !== 'none';
}

/**
 * What `element`'s generated content (::before, ::after) paints at (x, y). The DOM gives no box
 * for a pseudo-element, so where one is cannot be measured: `there` says the hit look-up put it at
 * the point (the element was listed only once its pseudo-elements took hits, or at a point outside
 * its own box). Then a lone pseudo-element painting one plain colour is that colour; anything else
 * it paints (text, an image, a border, a shadow, a filter, two of them) is for the pixels. Not
 * known to be there, a pseudo-element that paints anything at all is a doubt.
 */
export function pseudoPaintAt(element: Element, x: number, y: number, there: boolean, shared: ReadonlySet<Element> = new Set()): Paint[] {
  const who = describeElement(element);
  const alpha = relativeOpacity(element, shared);
  if (alpha < FAINT || getComputedStyle(element).visibility !== 'visible') return [NONE];
  there ||= !within(x, y, element.getBoundingClientRect());
  const painting: { which: string; paints: Paint[] }[] = [];
  for (const which of GENERATED) {
    const style = getComputedStyle(element, which);
    if (!generates(style) || style.visibility !== 'visible') continue;
    const own = (Number.parseFloat(style.opacity) || 0) * filterOpacity(style.filter);
    if (own * alpha < FAINT) continue;
    const paints: Paint[] = [];
    const what = `${which} of ${who}`;
    if (style.content !== '""' && style.content !== "''") paints.push({ kind: 'unknown', what: `generated content (${what})` });
    if (!isNone(style.backgroundImage)) paints.push({ kind: 'unknown', what: `background image on ${what}` });
    const background = parseColour(style.backgroundColor);
    if (background === null) paints.push({ kind: 'unknown', what: `background colour on ${what}` });
    else if (background[3] > 0)
      paints.push({ kind: 'colour', colour: [background[0], background[1], background[2], background[3] * own * alpha] });
    // Each side by its own width and style (a bottom border under a top one set to none still paints).
    const bordered = (['top', 'right', 'bottom', 'left'] as const).some(
      (side) =>
        (Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0) > 0 &&
        !/none|hidden/u.test(style.getPropertyValue(`border-${side}-style`)),
    );
    if (bordered) paints.push({ kind: 'unknown', what: `border of ${what}` });
    if (shadowsOf(style.boxShadow).length > 0) paints.push({ kind: 'unknown', what: `box-shadow of ${what}` });
    if (inwardOutline(style)) paints.push({ kind: 'unknown', what: `outline drawn inward on ${what}` });
    if (paints.length === 0) continue;
    if (!isNone(style.mixBlendMode) || filterEffects(style.filter) || !isNone(style.getPropertyValue('backdrop-filter'))) {
      painting.push({ which, paints: [{ kind: 'unknown', what: `an effect on ${what}` }] });
    } else painting.push({ which, paints });
  }
  if (painting.length === 0) return [NONE];
  if (there && painting.length === 1) return painting[0]!.paints;
  return [{ kind: 'unknown', what: `generated content of ${who}, which may be painted over the label` }];
}

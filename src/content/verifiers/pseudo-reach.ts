import { minScale } from '../../core/pixels/linear';
import { cssZoom, screenLinear } from './legibility';
import { metricOf } from './node-reads';
import { beyondBox, holds, reaches } from './paint-beyond';
import { GENERATED, generates } from './pseudo-paint';
import { parentElement } from './visibility';

/**
 * Paint a ::before or ::after draws outside its own box (an outline, a box-shadow, a filter…):
 * the pseudo-element takes no hit where that paint is, and the DOM gives it no box to grow. Found
 * on an attacker's page (both browsers): a 0 px ::before 295 px from its host, whose 16 px outline
 * (or a spread box-shadow) lay over "Close panel". Where the box can be, from its position and the
 * resolved (used) offsets and sizes getComputedStyle gives for a rendered pseudo-element; where it
 * cannot be placed, the answer is a doubt (the pixels decide), never "nowhere near".
 */

const px = (value: string) => Number.parseFloat(value);
const sides = ['top', 'right', 'bottom', 'left'] as const;

/** Whether the element is the containing block of absolutely (or, with `fixedOnly`, fixed) positioned descendants. */
function containsPositioned(style: CSSStyleDeclaration, fixedOnly: boolean): boolean {
  if (!fixedOnly && style.position !== 'static') return true;
  return (
    style.transform !== 'none' ||
    style.translate !== 'none' ||
    style.rotate !== 'none' ||
    style.scale !== 'none' ||
    style.perspective !== 'none' ||
    style.filter !== 'none' ||
    (style.getPropertyValue('backdrop-filter') || 'none') !== 'none' ||
    /layout|paint|strict|content/u.test(style.contain) ||
    /transform|filter|perspective/u.test(style.willChange) ||
    !/^(?:normal|)$/u.test(style.getPropertyValue('container-type'))
  );
}

/** The border box of a pseudo-element of `host`, from its resolved style; null where it cannot be placed. */
function placed(host: Element, style: CSSStyleDeclaration): DOMRect | null {
  const edge = (prefix: string, side: string) => px(style.getPropertyValue(`${prefix}-${side}${prefix === 'border' ? '-width' : ''}`)) || 0;
  const width = px(style.width);
  const height = px(style.height);
  const [top, right, bottom, left] = sides.map((side) => px(style.getPropertyValue(side)));
  const margins = sides.map((side) => edge('margin', side));
  const outer = (size: number, a: 'left' | 'top', b: 'right' | 'bottom') =>
    size + edge('padding', a) + edge('padding', b) + edge('border', a) + edge('border', b);
  if (style.position === 'absolute' || style.position === 'fixed') {
    if (![width, height, top!, left!].every(Number.isFinite)) return null;
    let origin: [number, number] = [0, 0];
    let block: Element | null = host;
    while (block && !containsPositioned(getComputedStyle(block), style.position === 'fixed')) block = parentElement(block);
    if (block !== null) {
      // Offsets are in the containing block's own (untransformed) coordinates: only a plain one maps simply.
      const linear = screenLinear(block);
      if (linear === null || Math.abs(minScale(linear) - 1) > 1e-3 || Math.abs(linear[1]) + Math.abs(linear[2]) > 1e-3) return null;
      // An inline box's fragments form the block (over several lines): only a block container maps simply.
      const display = getComputedStyle(block).display;
      if (cssZoom(block) !== 1 || display === 'inline' || display === 'contents') return null;
      const box = block.getBoundingClientRect();
      origin = [
        box.left + metricOf(block, 'clientLeft') - metricOf(block, 'scrollLeft'),
        box.top + metricOf(block, 'clientTop') - metricOf(block, 'scrollTop'),
      ];
    } else if (style.position === 'absolute') {
      origin = [-window.scrollX, -window.scrollY];
    }
    return new DOMRect(
      origin[0] + left! + margins[3]!,
      origin[1] + top! + margins[0]!,
      outer(width, 'left', 'right'),
      outer(height, 'top', 'bottom'),
    );
  }
  if (style.position === 'sticky') return null;
  // In the host's flow: inside its box and the content that overflows it, moved by relative
  // offsets and negative margins, and no larger than its own size beyond that.
  const box = host.getBoundingClientRect();
  const html = host as HTMLElement;
  const overflow =
    Math.max(0, metricOf(html, 'scrollWidth') - metricOf(html, 'clientWidth')) +
    Math.max(0, metricOf(html, 'scrollHeight') - metricOf(html, 'clientHeight'));
  const moved =
    (style.position === 'relative'
      ? [top!, right!, bottom!, left!].reduce((sum, v) => sum + (Number.isFinite(v) ? Math.abs(v) : 0), 0)
      : 0) + margins.reduce((sum, m) => sum + Math.abs(m), 0);
  const size = (Number.isFinite(width) ? width : 0) + (Number.isFinite(height) ? height : 0);
  const by = overflow + moved + size;
  return new DOMRect(box.x - by, box.y - by, box.width + 2 * by, box.height + 2 * by);
}

/**
 * What `host`'s ::before / ::after paint beyond their boxes that may reach `area`, or null. Paint
 * beyond a box lies outside it, so a pseudo-element whose box holds the whole area (a card's
 * shadow layer behind its content) cannot reach the label with it.
 */
export function pseudoBeyond(host: Element, area: DOMRect): string | null {
  for (const which of GENERATED) {
    const style = getComputedStyle(host, which);
    if (!generates(style)) continue;
    let memo: DOMRect | null | undefined;
    const placedBox = () => {
      if (memo === undefined) memo = placed(host, style);
      return memo;
    };
    const beyond = beyondBox(style, () => placedBox() ?? new DOMRect(), host, style);
    if (beyond === null) continue;
    const box = placedBox();
    if (box === null) return `${beyond.what} of its ${which}, which cannot be placed`;
    if (holds(box, area) && style.position !== 'static' && style.position !== 'relative') continue;
    if (reaches(box, beyond.extent, area)) return `${beyond.what} of its ${which}`;
  }
  return null;
}

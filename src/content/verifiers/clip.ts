import { gutters } from './scrollbars';
import type { Box, Scene } from './text-runs';

/** What a clipping box (overflow, the viewport) lets through of the text inside it. */

/**
 * Paint containment (`contain: paint`, or `content` / `strict`, which include it) clips what the
 * box holds to its padding box on both axes, as `overflow: clip` does, whatever `overflow` says.
 */
const paintContained = (style: CSSStyleDeclaration) => /\b(?:paint|content|strict)\b/u.test(style.contain);

/** Whether the box clips its content across the line (inline boxes and display: contents clip nothing). */
export function clipsAcross(style: CSSStyleDeclaration, display: string): boolean {
  return display !== 'inline' && display !== 'contents' && (style.overflowX !== 'visible' || paintContained(style));
}

/**
 * A box that clips its content (overflow other than visible, on each axis, or paint containment) narrows the clip to its
 * padding box: the border is painted outside what it clips (a button held to max-height:0 still
 * paints its border and padding, and not its text).
 */
export function clipOf(node: Element, style: CSSStyleDeclaration, display: string, clip: Box): Box {
  if (display === 'inline' || display === 'contents') return clip;
  const contained = paintContained(style);
  const x = contained || style.overflowX !== 'visible';
  const y = contained || style.overflowY !== 'visible';
  if (!x && !y) return clip;
  const rect = node.getBoundingClientRect();
  const element = node as HTMLElement;
  // Border widths as drawn: the bounding box is transformed, offsetWidth/Height are not.
  const sx = element.offsetWidth > 0 ? rect.width / element.offsetWidth : 1;
  const sy = element.offsetHeight > 0 ? rect.height / element.offsetHeight : 1;
  const border = (side: string) =>
    (Number.parseFloat(style.getPropertyValue(`border-${side}-width`)) || 0) * (side === 'left' || side === 'right' ? sx : sy);
  // Scrollbars are painted over the padding box's edge, and the content is clipped short of them
  // (a 125 px ::-webkit-scrollbar left a control's label under it; scrollbars.ts).
  const bars = gutters(node, style);
  const start = bars.left ? bars.vertical * sx : 0;
  const end = bars.left ? 0 : bars.vertical * sx;
  return {
    left: x ? Math.max(clip.left, rect.left + border('left') + start) : clip.left,
    right: x ? Math.min(clip.right, rect.right - border('right') - end) : clip.right,
    top: y ? Math.max(clip.top, rect.top + border('top')) : clip.top,
    bottom: y ? Math.min(clip.bottom, rect.bottom - border('bottom') - bars.horizontal * sy) : clip.bottom,
  };
}

/**
 * Whether a text box shows through the clip as text: some of it across, and most of its height.
 * A line cut to a sliver (an overflow box a few pixels tall over a line of text) shows strokes,
 * not letters; a box shaved at the edges (a tight line box) still reads.
 */
export const showsThrough = (box: Box, clip: Box) =>
  box.right > clip.left &&
  box.left < clip.right &&
  Math.min(box.bottom, clip.bottom) - Math.max(box.top, clip.top) >= SHOWN_HEIGHT * (box.bottom - box.top);

/** The share of a text box's height that must be inside its clip to read (glyphs fill ≈ 70–80% of the box). */
const SHOWN_HEIGHT = 0.75;

/** A line box reaching past its clip across the line, beyond sub-pixel rounding. */
export const cutAcross = (box: Box, clip: Box) => box.left < clip.left - 0.5 || box.right > clip.right + 0.5;

/** The share of a letter's width that must be inside the clip for the letter to count as shown. */
const SHOWN_WIDTH = 0.5;

/**
 * The text node's letters as the clip shows them, one grapheme at a time: a letter shows when at
 * least SHOWN_WIDTH of its width (and SHOWN_HEIGHT of its height) is inside the clip; the letters
 * cut away leave a space, so the pieces left of a word do not read as one word.
 */
export function lettersInside(text: Text, clip: Box, scene: Scene): string {
  const range = document.createRange();
  let shown = '';
  let gap = false;
  for (const { segment, index } of scene.graphemes(text.data)) {
    if (segment.trim() === '') {
      shown += segment;
      continue;
    }
    range.setStart(text, index);
    range.setEnd(text, index + segment.length);
    const inside = Array.from(range.getClientRects()).some((r) => {
      const across = Math.min(r.right, clip.right) - Math.max(r.left, clip.left);
      const down = Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top);
      return r.width > 0 && across >= SHOWN_WIDTH * r.width && down >= SHOWN_HEIGHT * (r.bottom - r.top);
    });
    if (inside) {
      shown += gap ? ` ${segment}` : segment;
      gap = false;
    } else gap = shown !== '';
  }
  return shown;
}

/**
 * Whether this box's clip across the line (if it has one) marks its cut with an ellipsis; `above`
 * when it does not clip. text-overflow draws one only where overflow clips, not under paint containment alone.
 */
export function ellipsisOf(style: CSSStyleDeclaration, display: string, above: boolean): boolean {
  if (!clipsAcross(style, display)) return above;
  return style.overflowX !== 'visible' && style.textOverflow === 'ellipsis';
}

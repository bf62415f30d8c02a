import { flatChildren, NOT_CONTENT } from './flat-tree';
import { MIN_CONTROL_PX } from './legibility';

/** Elements that draw a picture of their own. */
const PICTURES = new Set(['img', 'svg', 'canvas', 'video', 'picture', 'object', 'embed']);
/** How many elements of a control the picture walks look at (showsGraphic, picture-words.ts pictureWords). */
export const BUDGET = 200;

/** Image functions that draw what no URL names: another element, a worklet, a blend of images. */
const MADE = 'image|element|-moz-element|paint|cross-fade|-webkit-cross-fade';
/** An image a background or mask draws (a gradient is a colour, not a picture). */
export const IMAGE = new RegExp(`\\b(?:url|image-set|-webkit-image-set|${MADE})\\(`, 'u');
/** One of those made without a URL (picture-words.ts reads the URLs themselves). */
export const MADE_IMAGE = new RegExp(`\\b(?:${MADE})\\(`, 'u');

/**
 * Whether the control draws something besides text that could tell a person what it is: a
 * picture (img, svg, canvas…), an image painted by a background, mask, border image or list marker
 * (icon sprites, masked icons), on the element or its `::before`/`::after`, or generated content
 * (icon fonts), on a box at least MIN_CONTROL_PX on each side. Asked of a control whose label is in
 * the DOM but not shown: with no picture either, it is an empty box. `pictureOnly`: an image
 * counts only as one (url(), image-set()…), not as a gradient — what makes the control an icon,
 * whose name may then come from hidden text (dom.ts).
 */
export function showsGraphic(element: Element, pictureOnly = false): boolean {
  const stack: Node[] = [element];
  let budget = BUDGET;
  const paints = (value: string) => value !== '' && value !== 'none' && (!pictureOnly || IMAGE.test(value));
  while (stack.length > 0 && budget-- > 0) {
    const node = stack.pop()!;
    if (!(node instanceof Element) || NOT_CONTENT.has(node.localName)) continue;
    const rect = node.getBoundingClientRect();
    const sized = rect.width >= MIN_CONTROL_PX && rect.height >= MIN_CONTROL_PX;
    if (sized && (PICTURES.has(node.localName) || (node instanceof HTMLInputElement && node.type === 'image'))) return true;
    const style = getComputedStyle(node);
    if (style.display === 'none' || style.visibility !== 'visible') continue;
    if (sized && imagesOf(style).some(paints)) return true;
    for (const pseudo of ['::before', '::after']) {
      const generated = getComputedStyle(node, pseudo);
      const content = generated.content;
      if (!content || content === 'none' || content === 'normal') continue;
      if (content !== '""' && content !== "''") return true;
      // An empty box it paints an image on (a `::before` icon): sized as its style gives it.
      const side = (length: string) => Number.parseFloat(length) >= MIN_CONTROL_PX;
      if (side(generated.width) && side(generated.height) && imagesOf(generated).some(paints)) return true;
    }
    for (const child of Array.from(flatChildren(node))) stack.push(child);
  }
  // Too deep to tell: not an empty box as far as this look goes, and no picture that makes it an
  // icon either (an icon's name may come from hidden text: only where a picture was seen).
  return budget < 0 && !pictureOnly;
}

/** The values of the properties that paint images: background, mask, border image, a list item's marker. */
export function imagesOf(style: CSSStyleDeclaration): string[] {
  return [
    style.backgroundImage,
    style.getPropertyValue('mask-image'),
    style.getPropertyValue('-webkit-mask-image'),
    style.getPropertyValue('border-image-source'),
    style.display.includes('list-item') ? style.listStyleImage : '',
  ];
}

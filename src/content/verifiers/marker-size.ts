import { canvas2d } from './font-ink';
import { isNone, type Sides } from './paint';
import { firstLineSides, px } from './reach-sides';
import { perTask } from './task-memo';

/**
 * How far a list item's marker reaches, from the marker's own computed style (::marker): its
 * glyphs measured in its font, its image at its natural size. A string marker of thirteen █ at
 * 20 px (reach-pseudo.html#markerstring) and a 300×40 list-style-image (#markerimage) hid a label
 * while a marker under 24 px was counted as nothing. What cannot be measured is unbounded.
 */

/** Font size from which a standard marker (a bullet, a number, about an em wide) is counted. */
const LARGE_MARKER_PX = 24;

const UNKNOWN: Ink = [1 / 0, 1 / 0, 1 / 0];
/** The counter styles no @counter-style rule may redefine (CSS Counter Styles 3 §3). */
const FIXED_STYLES = new Set(['decimal', 'disc', 'square', 'circle', 'disclosure-open', 'disclosure-closed']);

/**
 * Whether a style sheet the node's trees use defines a counter style (top level, in conditional
 * rules, in imported sheets). A sheet whose rules cannot be read (another origin's) may: yes.
 */
function pageCounterStyles(node: Element): boolean {
  return perTask('counter-styles', node.getRootNode(), (start) => {
    for (let root: Node = start; ; root = (root as ShadowRoot).host.getRootNode()) {
      const tree = root as Document | ShadowRoot;
      const sheets = [...Array.from(tree.styleSheets), ...(tree.adoptedStyleSheets ?? [])];
      if (sheets.some((sheet) => definesCounterStyle(sheet, 0))) return true;
      if (!(root instanceof ShadowRoot)) return false;
    }
  });
}

function definesCounterStyle(sheet: CSSStyleSheet, depth: number): boolean {
  let rules: CSSRuleList;
  try {
    rules = sheet.cssRules;
  } catch {
    return true;
  }
  return depth > 8 || Array.from(rules).some((rule) => defines(rule, depth));
}

function defines(rule: CSSRule, depth: number): boolean {
  // CSSRule.COUNTER_STYLE_RULE, in both browsers.
  if (rule.type === 11) return true;
  if (rule instanceof CSSImportRule) return rule.styleSheet === null || definesCounterStyle(rule.styleSheet, depth + 1);
  if (rule instanceof CSSGroupingRule) return Array.from(rule.cssRules).some((inner) => defines(inner, depth + 1));
  return false;
}

/** Width, height above the baseline and below it. */
type Ink = [number, number, number];

/**
 * The ink box of `text` set in `style`'s font: unknown where the font is not loaded, the string is
 * one a canvas does not take (it keeps its font), or a property a canvas font does not carry
 * (stretch, variation axes, features, a size adjustment) may reshape the glyphs.
 */
function measure(text: string, style: CSSStyleDeclaration): Ink {
  const canvas = canvas2d();
  const plain = [style.fontStretch, style.fontSizeAdjust, style.fontVariationSettings, style.fontFeatureSettings].every(
    (v) => isNone(v) || v === '100%',
  );
  if (!canvas || !plain) return UNKNOWN;
  canvas.font = '1px q';
  const unset = canvas.font;
  canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  if (canvas.font === unset || !document.fonts.check(canvas.font, text)) return UNKNOWN;
  const m = canvas.measureText(text);
  const spacing = [...text].length * (Math.abs(px(style.letterSpacing)) + Math.abs(px(style.wordSpacing)));
  return [
    Math.max(m.width, m.actualBoundingBoxLeft + m.actualBoundingBoxRight) + spacing,
    m.actualBoundingBoxAscent,
    m.actualBoundingBoxDescent,
  ];
}

/**
 * A marker image's natural size, once an image of its URL has loaded here (Chromium finds the
 * page's copy in its cache at once; Firefox loads its own); unknown otherwise (a gradient, an
 * image-set, still loading), drawn on the baseline.
 */
function imageSize(value: string): Ink {
  const url = /^url\("(.*)"\)$/u.exec(value)?.[1];
  if (!url) return [1 / 0, 1 / 0, 0];
  const kept = images.get(url);
  if (Array.isArray(kept)) return kept;
  // Set through this world's own view: through the page's (Firefox's wrappedJSObject, to reach its
  // image cache) a page that patched the src setter would run its code in the middle of the
  // certification (a review's finding). Firefox then loads the image afresh: unknown at first, its
  // size kept once loaded, for the frame's later certifications.
  let image = kept;
  if (!image && images.size < 64) {
    image = document.createElement('img');
    image.src = url;
    images.set(url, image);
  }
  if (!image || image.currentSrc !== url || !image.complete || image.naturalWidth <= 0) return [1 / 0, 1 / 0, 0];
  const size: Ink = [image.naturalWidth, image.naturalHeight, 0];
  images.set(url, size);
  return size;
}

/**
 * Images by URL: loading, or their size once known. A fresh image of the same URL is not always
 * complete at once (Chromium: an honest 8 px bullet known at the certification was unknown at the
 * executor's re-check, which then saw a new doubt and refused the click: reach-pseudo.html#honest).
 */
const images = new Map<string, HTMLImageElement | Ink>();

/**
 * How far the marker of a list item reaches past the item's box (null: none, or a standard one
 * too small to hide a word). `restyled`: a ::marker rule may give it content or a size of its own;
 * standard markers are then counted at three ems.
 */
export function markerSides(node: Element, style: CSSStyleDeclaration, restyled = false): Sides | null {
  if (!style.display.includes('list-item')) return null;
  const image = style.listStyleImage;
  const type = style.listStyleType;
  const marker = !isNone(image) || type.startsWith('"') || restyled ? getComputedStyle(node, '::marker') : style;
  const font = px(marker.fontSize || style.fontSize);
  const content = /^"(.*)"$/u.exec(marker.content)?.[1] ?? (isNone(marker.content) ? null : marker.content);
  const quoted = /^"(.*)"$/u.test(marker.content);
  let ink: Ink;
  // Anything but a plain string (an image by url(), counter(), attr(), a quote keyword whose mark
  // comes from `quotes`) has no size the content's text says: unknown.
  if (content !== null && !quoted && !isNone(marker.content) && marker.content !== 'normal') ink = UNKNOWN;
  else if (content !== null) ink = measure(content, marker);
  else if (!isNone(image)) ink = imageSize(image);
  else if (type.startsWith('"')) ink = measure(type.slice(1, -1), marker);
  else if (type === 'none') return null;
  // A counter style of the page's own (@counter-style: symbols, prefix, suffix, padding) draws
  // any text at all, as a string marker does: thirteen █ at 20 px hid a label. Only six names can
  // never be redefined (CSS Counter Styles 3 §3); another is the page's wherever a rule names it.
  // symbols() (Firefox) is an anonymous one, written in place.
  else if (!FIXED_STYLES.has(type) && (type.includes('(') || pageCounterStyles(node))) ink = UNKNOWN;
  else if (font < LARGE_MARKER_PX && !restyled) return null;
  else ink = [font * 3, font, font / 2];
  // Beside (outside) or at the start of (inside) the first line, a gap of about an em from it, on
  // its baseline: that lies within the item's content (half an em of slack for a squeezed line box).
  const gap = font + Math.abs(px(style.textIndent));
  const sides = firstLineSides(node, style, ink[0] + gap, ink[2] + font / 2);
  // An image of unknown size (Firefox loads it afresh for a content script) still sits on the
  // baseline, and an outside marker before the line's start: past the item's other side only by
  // the line's overflow (an honest image-bulleted list would otherwise send the whole page to the pixels).
  if (ink[0] === UNKNOWN[0] && Number.isFinite(sides.bottom) && style.listStylePosition === 'outside') {
    const html = node as HTMLElement;
    sides[style.direction === 'rtl' ? 'left' : 'right'] = gap + Math.max(0, html.scrollWidth - html.clientWidth);
  }
  return { ...sides, top: Math.max(sides.top, ink[1] + font / 2) };
}

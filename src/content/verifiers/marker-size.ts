import { canvas2d, pageFont } from './font-ink';
import { metricOf, parentElementOf } from './node-reads';
import { isNone, type Sides } from './paint';
import { firstLineSides, px, stretch, zoomed } from './reach-sides';
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

/** Markers drawn as one glyph; every other standard type writes the item's number. */
const BULLETS = new Set(['disc', 'circle', 'square', 'disclosure-open', 'disclosure-closed']);
/** The counter styles no @counter-style rule may redefine (CSS Counter Styles 3 §3): the bullets and decimal. */
const FIXED_STYLES = new Set([...BULLETS, 'decimal']);
/** Characters (the number and its period) a marker counted as nothing may have: "999." or "xii.". */
const SHORT_MARKER = 4;

/**
 * How much the item's zoom and transforms enlarge a length at most (unbounded where unknown). The
 * item's own transform is in its chain once: passed as a pseudo-element's style too, it was
 * counted twice (a scale(0.5) item's 60 px marker read as 15 px on screen, not 30).
 */
function stretchOf(node: Element): number {
  const m = zoomed(node);
  return m === undefined ? Number.POSITIVE_INFINITY : stretch(m);
}

/**
 * How many characters the item's number may take in a standard counter style (with its period and
 * a sign), from the largest ordinal its list can give it; unbounded where that is not known.
 */
function ordinalChars(node: Element, type: string): number {
  const bound = ordinalBound(node);
  if (!Number.isFinite(bound)) return Number.POSITIVE_INFINITY;
  if (type === 'decimal' || type === 'decimal-leading-zero') return Math.max(2, String(bound).length) + 2;
  if (type.endsWith('-roman')) return bound < 4_000 ? longestRoman(bound) + 1 : Number.POSITIVE_INFINITY;
  if (/-(?:alpha|latin)$/u.test(type)) return Math.ceil(Math.log(bound + 1) / Math.log(26)) + 2;
  // Other systems (Greek, Armenian, CJK…): one symbol up to nine, not modelled beyond.
  return bound <= 9 ? 2 : Number.POSITIVE_INFINITY;
}

/**
 * The largest ordinal an <li> of an <ol>/<ul>/<menu> can show: its list's start, any item's value
 * and any counter the list or its items reset, set or step (CSS), plus one step per item. The list
 * resets its own list-item counter, so nothing outside it counts. Another element drawn as a list
 * item counts on the document's counters: unbounded.
 */
function ordinalBound(node: Element): number {
  const list = parentElementOf(node);
  if (node.localName !== 'li' || !list || !['ol', 'ul', 'menu'].includes(list.localName)) return Number.POSITIVE_INFINITY;
  return perTask('ordinal-bound', list, () => {
    let base = Math.abs(Number(list.getAttribute('start') ?? 0));
    let step = 1;
    for (const element of [list, ...Array.from(list.children)]) {
      if (element !== list && element.hasAttribute('value')) base = Math.max(base, Math.abs(Number(element.getAttribute('value'))));
      const style = getComputedStyle(element);
      base = Math.max(base, largest(style.counterReset), largest(style.counterSet));
      step = Math.max(step, largest(style.counterIncrement));
    }
    const bound = base + list.children.length * step + 1;
    return Number.isFinite(bound) ? bound : Number.POSITIVE_INFINITY;
  });
}

/** The largest absolute number in a counter property's value (0 for none; NaN → unbounded). */
function largest(value: string): number {
  const numbers = value.match(/-?\d+(?:\.\d+)?(?:e[+-]?\d+)?/giu) ?? [];
  return numbers.reduce((most, n) => Math.max(most, Math.abs(Number(n))), 0);
}

/** The longest Roman numeral of 1…n. */
function longestRoman(n: number): number {
  const digit = ['', 'I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX'].map((d) => d.length);
  let longest = 0;
  for (let k = 1; k <= n; k++) {
    const length = Math.floor(k / 1000) + digit[Math.floor(k / 100) % 10]! + digit[Math.floor(k / 10) % 10]! + digit[k % 10]!;
    longest = Math.max(longest, length);
  }
  return longest;
}

/**
 * Whether a page's own font face may draw the marker larger than its font size says: `@font-face
 * { size-adjust: 2500% }` for the digits drew a list's "1." about 400 px tall at a computed 16 px
 * (an attacker's page, both browsers). Where the marker's font may be the page's, its digits (or,
 * for a bullet drawn as a glyph, its symbol) are measured as that font draws them, and that ink
 * (every digit's width: more than the marker's) is the marker's; unmeasurable (not loaded yet) is
 * unbounded.
 */
function enlarged(marker: CSSStyleDeclaration, font: number, type: string): Ink | null {
  if (!pageFont(marker)) return null;
  const drawn = measure(BULLETS.has(type) ? '\u2022\u25E6\u25AA\u25B8\u25BE' : '0123456789.', marker);
  return drawn[1] + drawn[2] <= font * 1.5 && drawn[0] <= font * 11 ? null : drawn;
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
  // symbols() is an anonymous one, written in place.
  else if (!FIXED_STYLES.has(type) && (type.includes('(') || pageCounterStyles(node))) ink = UNKNOWN;
  else {
    // A standard marker: a bullet, or the item's number in the list's counter style. Counted as
    // nothing only while small on screen — its font through the item's zoom and transforms (a
    // 20 px square under zoom: 15 was a 90 px block) — and short: 42 items valued 8888888888888
    // at 20 px, or upper-roman 3888, drew bars of digits over a label (test/fixtures/marker-long.html).
    const chars = BULLETS.has(type) ? 1 : ordinalChars(node, type);
    const drawn = enlarged(marker, font, type);
    if (!restyled && chars <= SHORT_MARKER && font * stretchOf(node) < LARGE_MARKER_PX && drawn === null) return null;
    ink = drawn ?? [Math.max(font * 3, chars * font), font, font / 2];
  }
  // Beside (outside) or at the start of (inside) the first line, a gap of about an em from it, on
  // its baseline: that lies within the item's content (half an em of slack for a squeezed line box).
  const gap = font + Math.abs(px(style.textIndent));
  const sides = firstLineSides(node, style, ink[0] + gap, ink[2] + font / 2);
  // An image of unknown size (Firefox loads it afresh for a content script) still sits on the
  // baseline, and an outside marker before the line's start: past the item's other side only by
  // the line's overflow (an honest image-bulleted list would otherwise send the whole page to the pixels).
  if (ink[0] === UNKNOWN[0] && Number.isFinite(sides.bottom) && style.listStylePosition === 'outside') {
    const html = node as HTMLElement;
    sides[style.direction === 'rtl' ? 'left' : 'right'] = gap + Math.max(0, metricOf(html, 'scrollWidth') - metricOf(html, 'clientWidth'));
  }
  return { ...sides, top: Math.max(sides.top, ink[1] + font / 2) };
}

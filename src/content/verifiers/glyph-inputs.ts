import { parseColour } from './colour';
import { decoratedBy, thickDecoration } from './decoration-ink';
import { doubt, isNone, memoised } from './paint';
import { PseudoRules } from './pseudo-rules';
import { perTaskChain } from './task-memo';
import { describeElement, parentElement } from './visibility';

/**
 * What else decides how a label's glyphs are drawn, beyond the colours glyphs.ts weighs: each must
 * be at its default, or the pixels decide (a doubt, never "legible"). Each of these hid "Close
 * panel" on a page never shown to the project while the DOM certified it (both browsers): glyphs
 * drawn as discs (`-webkit-text-security`) or crushed together (a large negative letter-spacing),
 * a `::first-line` or `::first-letter` in the background's colour (or drawing a thick decoration), a
 * thick text decoration (decoration-ink.ts), the page's own hyphenation text, a custom highlight
 * (`::highlight()`) or the selection painted over the text, an outline drawn inward over it.
 */
export function glyphInputs(element: Element, style: CSSStyleDeclaration, who: string): void {
  const security = style.getPropertyValue('-webkit-text-security');
  if (security && !isNone(security)) doubt(`the text of ${who} is drawn as ${security} shapes (-webkit-text-security)`);
  const size = Number.parseFloat(style.fontSize) || 16;
  // Tight headings use about -0.05em; a tenth of the font size begins to merge letters.
  if ((Number.parseFloat(style.letterSpacing) || 0) < -0.1 * size)
    doubt(`letter-spacing ${style.letterSpacing} crushes the text of ${who}`);
  if ((Number.parseFloat(style.wordSpacing) || 0) < -0.5 * size)
    doubt(`word-spacing ${style.wordSpacing} runs the words of ${who} together`);
  const decoration = decoratedBy(element, size);
  if (decoration) doubt(`${decoration} is drawn through the text of ${who}`);
  // The text drawn where a line breaks at a soft hyphen (or any, with hyphens: auto) is the page's
  // to choose: "Keep open" drew itself inside "Close panel" (an attacker helper, both browsers).
  // So is a text-overflow string (Firefox draws it where the text is cut).
  if (/"/u.test(style.textOverflow)) doubt(`text-overflow ${style.textOverflow.slice(0, 40)} may be drawn in the text of ${who}`);
  const hyphen = style.getPropertyValue('hyphenate-character') || style.getPropertyValue('-webkit-hyphenate-character');
  if (hyphen && hyphen !== 'auto') doubt(`hyphenate-character ${hyphen.slice(0, 40)} may be drawn in the text of ${who}`);
  const first = firstRepaint(element);
  if (first) doubt(`${first} repaints the text of ${who}`);
  const over = highlightedBy(element);
  if (over) doubt(`${over} is painted over the text of ${who}`);
  const styled = styledHighlight(element);
  if (styled) doubt(`${styled} may repaint the text of ${who} when the browser shows it`);
}

/**
 * A highlight over the element's text, or one a page rule styles and the browser may show there:
 * for a layer over the label (paint.ts), whose own text may be transparent while its highlight's
 * background is not.
 */
export function highlightOn(element: Element): string | null {
  return highlightedBy(element) ?? styledHighlight(element);
}

/**
 * A page rule styling a highlight the browser may show over the label (::target-text,
 * ::spelling-error, ::grammar-error, ::search-text), on the element or an ancestor (highlights
 * inherit their styles down the tree). Whether the browser shows one now, the DOM does not say.
 */
function styledHighlight(element: Element): string | null {
  const rules = memoised('highlight-rules', () => new PseudoRules('highlight'));
  return perTaskChain<string | null>(
    'styled-highlight',
    element,
    parentElement,
    null,
    (above, node) => above ?? (rules.mayHave(node) ? `a highlight rule (::target-text…) on ${describeElement(node)}` : null),
  );
}

/**
 * A ::first-line or ::first-letter, of the element or a block it is in, that paints the text in
 * another colour or puts a background behind it. Asked only where a style rule can give one
 * (pseudo-rules.ts): most pages have none, and each ask resolves a style.
 */
function firstRepaint(element: Element): string | null {
  const rules = memoised('first-rules', () => new PseudoRules('first'));
  return perTaskChain<string | null>('first-repaint', element, parentElement, null, (above, node) => {
    if (above || !rules.mayHave(node)) return above;
    const own = getComputedStyle(node);
    for (const which of ['::first-line', '::first-letter'] as const) {
      const pseudo = getComputedStyle(node, which);
      const fill = (s: CSSStyleDeclaration) => s.getPropertyValue('-webkit-text-fill-color') || s.color;
      const background = parseColour(pseudo.backgroundColor);
      const decorated = thickDecoration(pseudo) !== null;
      if (decorated || fill(pseudo) !== fill(own) || background === null || background[3] > 0 || !isNone(pseudo.backgroundImage)) {
        return `${which} of ${describeElement(node)}`;
      }
    }
    return null;
  });
}

type Registry = { forEach(each: (highlight: Iterable<AbstractRange>) => void): void };

/** The selection or a custom highlight (CSS Custom Highlight API) over the element's text. */
function highlightedBy(element: Element): string | null {
  const selection = document.getSelection();
  for (let i = 0; selection && i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    if (!range.collapsed && range.intersectsNode(element)) return 'the selection';
  }
  const registry = (globalThis.CSS as unknown as { highlights?: Registry } | undefined)?.highlights;
  let found = false;
  try {
    registry?.forEach((highlight) => {
      for (const range of highlight) if (!range.collapsed && touches(range, element)) found = true;
    });
  } catch {
    // Firefox: a content script cannot read a page's highlights. Through the Xray wrappers the
    // registry's and each Highlight's size and get() answer, but their iterators are not wrapped
    // ("Xray wrapping of iterators not supported") and forEach is refused ("Permission denied to
    // access object"); the page's own view of them (wrappedJSObject) is the page's to patch. So on a
    // page with a registered highlight every label goes to the pixels there (measured: the honest
    // buttons of test/fixtures/repaint.html, ~1 s each instead of ~35 ms).
    return 'a custom highlight that could not be read';
  }
  return found ? 'a custom highlight (::highlight)' : null;
}

function touches(range: AbstractRange, element: Element): boolean {
  if (range instanceof Range) return range.intersectsNode(element);
  const live = document.createRange();
  try {
    live.setStart(range.startContainer, range.startOffset);
    live.setEnd(range.endContainer, range.endOffset);
    return live.intersectsNode(element);
  } catch {
    return true;
  }
}

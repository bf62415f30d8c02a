import { beyondBox, touchesBeyond, widest } from './paint-beyond';
import { originatingSelector, RuleSelectors } from './pseudo-rules';

/**
 * Pseudo-elements the other checks do not model one by one, each a box a page can style and move:
 * `::scroll-button()`, `::scroll-marker(-group)`, `::picker()`, `::picker-icon`, `::checkmark`,
 * `::details-content`, `::file-selector-button`, a range input's thumb (`::-webkit-slider-thumb`,
 * `::-moz-range-thumb`), any `::-webkit-*` / `::-moz-*` part. Found on an attacker's page: each
 * of six, given `position: fixed` and `pointer-events: none` (or a thumb's 385 px box-shadow), was
 * painted over "Close panel" while the button was clicked (four in Chromium only, two in both).
 * Not a list of names to catch but one of names that are modelled elsewhere: any other
 * pseudo-element a style rule names is treated as a box that may be anywhere. Its elements are made
 * to take hits through it for the second look-up (no-hit-layers.ts), where it is listed is a doubt
 * (layers.ts), and paint it draws beyond its box is bounded from the rule's own declarations.
 */
const MODELLED = new Set([
  'before',
  'after',
  'marker',
  'first-line',
  'first-letter',
  'backdrop',
  'selection',
  'highlight',
  'target-text',
  'spelling-error',
  'grammar-error',
  'search-text',
  // Elements, not boxes of their own: a shadow tree's part and slotted content take hits as elements.
  'part',
  'slotted',
]);
const PSEUDO = /::([\w-]+)(\([^)]*\))?/gu;
/** Declarations that move a box away from its element: paint it draws beyond its box has no bound then. */
const MOVES = /^(?:position|top|right|bottom|left|inset|translate|transform|rotate|scale|margin|position-|anchor|zoom|float|offset)/u;
/** A length whose size the rule alone does not give in px (relative units, functions). */
const UNSIZED =
  /var\(|calc\(|env\(|attr\(|min\(|max\(|clamp\(|url\(|[\d.](?:r?em|r?ex|r?ch|r?lh|cap|ic|v[whib]|vmin|vmax|[sld]v[whib]|cq\w+|%|in|cm|mm|pt|pc|q)\b/iu;

export type OtherRule = { selector: string; names: string[]; extent: number; what: string };

/** How far a rule's own declarations paint beyond the box (CSS px), Infinity when the rule alone cannot say. */
function declaredReach(style: CSSStyleDeclaration): { extent: number; what: string } {
  if (touchesBeyond(style) === null) return { extent: 0, what: '' };
  // A reflection is as large as the box, which the rule does not give.
  if (style.getPropertyValue('-webkit-box-reflect')) return { extent: Number.POSITIVE_INFINITY, what: 'reflection' };
  let moved = false;
  for (let i = 0; i < style.length; i++) {
    const name = style.item(i);
    if (MOVES.test(name)) moved = true;
    if (UNSIZED.test(style.getPropertyValue(name))) return { extent: Number.POSITIVE_INFINITY, what: `${name} of unknown size` };
  }
  const beyond = beyondBox(style, () => new DOMRect(), document.documentElement);
  if (beyond === null) return { extent: 0, what: '' };
  // The pseudo-element's box is somewhere about its element's, not its element's: every side is reached.
  return { extent: moved ? Number.POSITIVE_INFINITY : widest(beyond.extent), what: beyond.what };
}

/** The rules naming pseudo-elements not modelled elsewhere, and which elements they may give one. */
export class OtherPseudoRules extends RuleSelectors {
  /** The pseudo-elements named (with their arguments: `::scroll-button(right)`). */
  readonly names: Set<string>;
  /** Rules whose pseudo-element paints beyond its box, and how far. */
  readonly reaching: OtherRule[];
  /** Pseudo-elements a rule holds to `pointer-events … !important`, which an override may not beat. */
  readonly held: Set<string>;

  constructor() {
    const names = new Set<string>();
    const reaching: OtherRule[] = [];
    const held = new Set<string>();
    super((rule) => {
      const text = rule.selectorText;
      const found = Array.from(text.matchAll(PSEUDO), (m) => ({ name: m[1]!.toLowerCase(), full: m[0] }));
      const other = found.filter((p) => !MODELLED.has(p.name));
      // A rule reaching across tree scopes makes the base class answer "unknown" (every element);
      // its pseudo-elements are still named, so the look-up lets them take hits.
      if (other.length === 0) return null;
      const selector = originatingSelector(text, PSEUDO);
      for (const p of other) names.add(p.full);
      if (rule.style.getPropertyPriority('pointer-events') === 'important') for (const p of other) held.add(p.full);
      const { extent, what } = declaredReach(rule.style);
      if (extent > 0) reaching.push({ selector, names: other.map((p) => p.full), extent, what });
      return selector;
    });
    this.names = names;
    this.reaching = reaching;
    this.held = held;
  }
}

const sheets = new Map<string, CSSStyleSheet>();

/**
 * A sheet letting the named pseudo-elements take hits, one rule each (a selector the browser does
 * not know drops only its own rule), with an id's specificity several times over as for
 * ::before/::after (no-hit-layers.ts).
 */
export function hitSheet(names: Iterable<string>, base: string): CSSStyleSheet {
  const list = [...names].sort();
  const key = list.join('|');
  let sheet = sheets.get(key);
  if (sheet) return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(base);
  for (const name of list) {
    try {
      sheet.insertRule(`:is(*, #a#a#a#a#a#a#a#a)${name} { pointer-events: auto !important; }`, sheet.cssRules.length);
    } catch {
      // A pseudo-element this browser does not know: it draws nothing here.
    }
  }
  sheets.set(key, sheet);
  return sheet;
}

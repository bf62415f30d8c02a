import { shadowRootOf } from './flat-tree';
import { parentElementOf } from './node-reads';

/**
 * Which elements may have ::before / ::after content, from the style rules that can give them
 * any. Asking the browser for both pseudo-elements of every element costs most of a large
 * target's reading in Firefox (each call resolves a style); the rules say which few to ask.
 *
 * Sound or silent: every rule of the tree scopes that can style the element is read (its own
 * scope; its shadow root, for :host; its host's shadow root when it is slotted, for ::slotted;
 * the enclosing scopes when it has a `part`, for ::part). A sheet that cannot be read
 * (cross-origin), nesting, :host/::slotted/::part/:scope/& with a pseudo-element, a selector the
 * browser will not match, or too many rules: the answer is "unknown" and every element is asked.
 */
const PSEUDOS = {
  /** ::before / ::after: generated content. */
  generated: 'before|after',
  /** ::first-line / ::first-letter: boxes that restyle a block's first line or letter. */
  first: 'first-line|first-letter',
  /** ::marker: a list item's marker, restyled or given content of its own. */
  marker: 'marker',
  /**
   * Highlights the browser turns on, not the page's script: a text fragment in the address
   * (`#:~:text=`), spelling and grammar marks, the find bar's matches. Styled by the page, each
   * repaints the text it covers whenever the browser activates it.
   */
  highlight: 'target-text|spelling-error|grammar-error|search-text',
} as const;
const CROSS_SCOPE = /:host|::slotted|::part|:scope|&/iu;
const MAX_RULES = 4_000;

type Scope = Document | ShadowRoot;

/**
 * The selectors of the style rules that `pick` chooses, in every tree scope read so far, to ask
 * which elements they may match (sound or silent, as above). `always` are matched whatever the
 * rules say; `keyframes` says whether an animation's keyframes make every element a candidate.
 */
export class RuleSelectors {
  constructor(
    private readonly pick: (rule: CSSStyleRule) => string | null,
    private readonly always: readonly string[] = [],
    private readonly keyframes: (rule: CSSKeyframesRule) => boolean = () => false,
  ) {
    this.selectors.push(...always);
  }

  private readonly scanned = new Set<Scope>();
  private readonly selectors: string[] = [];
  private joined: string | null = null;
  private unknown = false;
  private all = false;
  private rules = 0;

  /** False only when no rule picked can match the element. */
  mayHave(element: Element): boolean {
    if (this.unknown) return true;
    for (const scope of scopesFor(element)) this.scan(scope);
    if (this.unknown) return true;
    return this.matches(element);
  }

  /**
   * Whether any rule in these scopes (every tree of the document, for mayHaveScanned) can give
   * generated content at all: on most pages none can, and no element need be asked.
   */
  anyIn(scopes: readonly Scope[]): boolean {
    for (const scope of scopes) this.scan(scope);
    this.all = true;
    return this.unknown || this.selectors.length > this.always.length;
  }

  /**
   * mayHave, once anyIn has read every tree of the document: the element's scopes are among them,
   * so they need not be worked out again (each costs a closed-shadow-root look-up through the
   * extension API, most of the scan's cost in Firefox).
   */
  mayHaveScanned(element: Element): boolean {
    if (!this.all) return this.mayHave(element);
    if (this.unknown) return true;
    return this.matches(element);
  }

  /**
   * The elements of `scope` a picked rule may match, asked of the browser in one query (once anyIn
   * has read every tree: the selectors of every scope are tried, more elements than need be, never
   * fewer); null when unknown (every element may).
   */
  matchedIn(scope: Scope): Element[] | null {
    this.scan(scope);
    if (this.unknown) return null;
    if (this.selectors.length === 0) return [];
    this.joined ??= this.selectors.join(',');
    try {
      return Array.from(scope.querySelectorAll(this.joined));
    } catch {
      this.unknown = true;
      return null;
    }
  }

  /**
   * The elements of every tree read that a picked rule may match (null: unknown, every element
   * may), once anyIn has read them all: one query per tree, for a caller asking of every element of
   * the page (a match per element cost Firefox ~4 µs each through the content script's wrappers).
   */
  everyMatched(): Set<Element> | null {
    if (!this.all || this.unknown) return null;
    const matched = new Set<Element>();
    for (const scope of this.scanned) {
      const found = this.matchedIn(scope);
      if (found === null) return null;
      for (const element of found) matched.add(element);
    }
    return matched;
  }

  private matches(element: Element): boolean {
    if (this.selectors.length === 0) return false;
    this.joined ??= this.selectors.join(',');
    try {
      return element.matches(this.joined);
    } catch {
      this.unknown = true;
      return true;
    }
  }

  private scan(scope: Scope): void {
    if (this.scanned.has(scope)) return;
    this.scanned.add(scope);
    const sheets: CSSStyleSheet[] = [
      ...Array.from(scope.styleSheets),
      ...((scope.adoptedStyleSheets as CSSStyleSheet[] | undefined) ?? []),
    ];
    for (const sheet of sheets) {
      if (this.unknown) return;
      this.sheet(sheet, 0);
    }
  }

  private sheet(sheet: CSSStyleSheet, depth: number): void {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      this.unknown = true;
      return;
    }
    this.list(rules, depth);
  }

  private list(rules: CSSRuleList, depth: number): void {
    for (const rule of Array.from(rules)) {
      if (this.unknown) return;
      if (++this.rules > MAX_RULES || depth > 16) {
        this.unknown = true;
        return;
      }
      if (rule instanceof CSSStyleRule) {
        if (rule.cssRules && rule.cssRules.length > 0) {
          this.unknown = true; // nesting: selectors relative to their parent
          return;
        }
        const picked = this.pick(rule);
        if (picked === null) continue;
        if (CROSS_SCOPE.test(rule.selectorText)) {
          this.unknown = true;
          return;
        }
        this.selectors.push(picked);
        this.joined = null;
      } else if (rule instanceof CSSKeyframesRule) {
        if (this.keyframes(rule)) this.unknown = true;
      } else if (rule instanceof CSSImportRule) {
        if (rule.styleSheet) this.sheet(rule.styleSheet, depth + 1);
        else this.unknown = true;
      } else {
        if (declares(rule)) {
          // Declarations with no selector of their own: bare declarations in @scope
          // (CSSNestedDeclarations) style the scope's roots, and any other kind of rule that
          // carries a declaration block is not modelled here. Read as a rule that may style any
          // element (`*`), never skipped: skipping them let an `@scope (#cover) { box-shadow: … }`
          // hide a label with no element asked (an attacker's page, reach.html#scoped).
          const picked = this.pick({ selectorText: '*', style: rule.style, cssRules: null } as unknown as CSSStyleRule);
          if (picked !== null) {
            this.selectors.push(picked);
            this.joined = null;
          }
        }
        // @media, @supports, @layer, @container, @scope…: their conditions are ignored (more elements asked, never fewer).
        if ('cssRules' in rule && (rule as CSSGroupingRule).cssRules) this.list((rule as CSSGroupingRule).cssRules, depth + 1);
      }
    }
  }
}

/**
 * The selector of the elements a rule's pseudo-elements belong to: the rule's selector without
 * them (`pseudo` matches them). A pseudo-element alone in a list item selects any element: `*`.
 */
export function originatingSelector(selectorText: string, pseudo: RegExp): string {
  const stripped = selectorText.replace(pseudo, '').trim();
  return stripped === '' || /(?:^|,)\s*(?:,|$)/u.test(stripped) ? '*' : stripped;
}

/** Which elements may have the pseudo-elements `which` names, from the rules that can give them any. */
export class PseudoRules extends RuleSelectors {
  constructor(which: keyof typeof PSEUDOS = 'generated') {
    const pseudo = new RegExp(`::?(?:${PSEUDOS[which]})\\b(?::[\\w-]+(?:\\([^)]*\\))?)*`, 'giu');
    const mentions = new RegExp(`::?(?:${PSEUDOS[which]})\\b`, 'iu');
    super((rule) => {
      const text = rule.selectorText;
      if (!mentions.test(text)) return null;
      return originatingSelector(text, pseudo);
    });
  }
}

/** A rule other than a style rule that carries a declaration block of its own. */
function declares(rule: CSSRule): rule is CSSRule & { style: CSSStyleDeclaration } {
  const style = (rule as { style?: unknown }).style;
  return typeof style === 'object' && style !== null && typeof (style as CSSStyleDeclaration).item === 'function';
}

/** The tree scopes whose rules can reach the element's pseudo-elements. */
function scopesFor(element: Element): Scope[] {
  const scopes: Scope[] = [element.getRootNode() as Scope];
  const own = shadowRootOf(element);
  if (own) scopes.push(own);
  const parent = parentElementOf(element);
  const hostRoot = parent ? shadowRootOf(parent) : null;
  if (hostRoot) scopes.push(hostRoot);
  if (element.hasAttribute('part')) {
    for (let scope = scopes[0]; scope instanceof ShadowRoot; scope = scope.host.getRootNode() as Scope) {
      scopes.push(scope.host.getRootNode() as Scope);
    }
  }
  return scopes;
}

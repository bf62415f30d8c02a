/**
 * Text as laid out. The DOM splits text into nodes wherever markup sits (`<u>S</u>ave`,
 * `Trans<span>fer</span>`, an inline-block letter), but a reader sees words: two runs whose boxes
 * touch on the same line are one word, runs on different lines or with a gap between them are
 * two. Joining every node with a space (as before) split honest labels ("S ave" is not "Save")
 * and hid commit words from the privilege classifier ("Trans fer $5,000"); joining with nothing
 * would glue words a layout separates. The rendered and the accessible text are both joined here,
 * so they agree.
 *
 * A Scene holds what one certification reads of the layout (computed styles, text boxes,
 * generated content), so the rendered-text walk and the accessible-name walk read each once.
 */
import { flatChildren } from './flat-tree';
import { styleImageWords } from './picture-words';
import { PseudoRules } from './pseudo-rules';

export type Box = { left: number; right: number; top: number; bottom: number };

/** A picture's place in an element's border box, as fractions of its width and height (label-extras.ts pictureRegions). */
export type PictureRegion = { x: number; y: number; width: number; height: number };

export type Run = {
  text: string;
  /** The first and last line box of the run; null when it has none to measure (generated content). */
  first: Box | null;
  last: Box | null;
  /** For a run without boxes: it flows inline with the text beside it (inline ::before/::after). */
  inline: boolean;
  /** The element whose own text (or generated content) this is. */
  owner: Element | null;
  /** Font size in px, the unit of a gap. */
  em: number;
};

/** Runs closer than this (in em) on one line touch: one word. */
const TOUCH_EM = 0.08;
/** Runs at least this far apart (in em) read as two words; between the two, the DOM cannot tell. */
const SPACE_EM = 0.25;

/** Elements whose pseudo-elements are read without consulting the style rules first. */
const DIRECT_PSEUDO = 16;

/** `unread`: the content also shows what the DOM cannot read (a counter's value, quotation marks with letters). */
/** `picture`: its content or style paints an image that may draw words (picture-words.ts). */
type Generated = { text: string; style: CSSStyleDeclaration; unread: boolean; picture: boolean };

/** The computed values both walks read, read once. */
export type Facts = { style: CSSStyleDeclaration; display: string; visibility: string; contentVisibility: string; em: number };

export class Scene {
  private readonly styles = new Map<Element, CSSStyleDeclaration>();
  private readonly known = new Map<Element, Facts>();
  private readonly kids = new Map<Node, Node[]>();
  private readonly boxes = new Map<Text, Box[]>();
  private readonly pseudo = new Map<Element, [Generated | null, Generated | null]>();
  private readonly range = document.createRange();
  private readonly rules = new PseudoRules();
  private segmenter: Intl.Segmenter | undefined;

  /** The text's user-perceived characters (grapheme clusters) with their offsets. */
  graphemes(text: string): Iterable<Intl.SegmentData> {
    this.segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    return this.segmenter.segment(text);
  }

  style(element: Element): CSSStyleDeclaration {
    let style = this.styles.get(element);
    if (!style) {
      style = getComputedStyle(element);
      this.styles.set(element, style);
    }
    return style;
  }

  /** The node's flat-tree children (flat-tree.ts), listed once. */
  children(node: Node): readonly Node[] {
    let children = this.kids.get(node);
    if (!children) {
      children = Array.from(flatChildren(node));
      this.kids.set(node, children);
    }
    return children;
  }

  facts(element: Element): Facts {
    let facts = this.known.get(element);
    if (!facts) {
      const style = this.style(element);
      facts = {
        style,
        display: style.display,
        visibility: style.visibility,
        contentVisibility: style.contentVisibility,
        em: Number.parseFloat(style.fontSize) || 0,
      };
      this.known.set(element, facts);
    }
    return facts;
  }

  /** The line boxes of a text node (transformed, in viewport px); empty when it renders nothing. */
  textBoxes(text: Text): Box[] {
    let boxes = this.boxes.get(text);
    if (!boxes) {
      this.range.selectNodeContents(text);
      boxes = [];
      for (const rect of this.range.getClientRects()) {
        if (rect.width > 0 || rect.height > 0) boxes.push({ left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom });
      }
      this.boxes.set(text, boxes);
    }
    return boxes;
  }

  /** ::before / ::after text (string literals and attr() in `content`), whatever its visibility. */
  generated(element: Element, which: 0 | 1): Generated | null {
    let pair = this.pseudo.get(element);
    // A few elements are asked directly; past them, the style rules say which may have any.
    // A <q>'s quotation marks come from the browser's own sheet, which no page rule shows.
    if (!pair && this.pseudo.size >= DIRECT_PSEUDO && element.localName !== 'q' && !this.rules.mayHave(element)) {
      pair = [null, null];
      this.pseudo.set(element, pair);
    }
    if (!pair) {
      pair = [readGenerated(element, '::before'), readGenerated(element, '::after')];
      this.pseudo.set(element, pair);
    }
    return pair[which];
  }
}

function readGenerated(element: Element, pseudo: '::before' | '::after'): Generated | null {
  const style = getComputedStyle(element, pseudo);
  const content = style.content;
  if (!content || content === 'none' || content === 'normal' || style.display === 'none') return null;
  const { text, rest } = contentText(content, element);
  // A counter's value (no API gives it: "Pay $500" as a @counter-style symbol was painted unread), or
  // quotation marks from `quotes` with letters or digits in them ("Transfer $5,000 " as an open-quote).
  // And a pseudo-element made a list item, whose own marker nothing reads (a red team, Dec 6: "Pay $500" before "now").
  const unread =
    /counters?\(/u.test(rest) ||
    (/(?:^|[^-])(?:open|close)-quote/u.test(rest) && /[\p{L}\p{N}]/u.test(quoteMarks(style))) ||
    style.display.includes('list-item');
  const picture = styleImageWords(style) !== 'none';
  return text === '' && !unread && !picture ? null : { text, style, unread, picture };
}

/**
 * What a `content` value paints as text: its strings and attr() values, and `rest`, the rest
 * (counters, quotes, images). Not the alternative text after a top-level `/` (CSS Generated Content
 * 3), which only assistive technology reads: `content: "★ " / "Favourite"` paints "★ " (both
 * browsers read "★ FavouriteSave" of an honest "★ Save" before, Dec 6).
 */
export function contentText(content: string, element: Element): { text: string; rest: string } {
  let painted = content;
  for (let i = 0, quoted = false; i < content.length; i++) {
    if (content[i] === '\\') i++;
    else if (content[i] === '"') quoted = !quoted;
    else if (content[i] === '/' && !quoted) {
      painted = content.slice(0, i);
      break;
    }
  }
  let text = '';
  const rest = painted.replace(/"((?:[^"\\]|\\.)*)"|attr\(\s*([\w-]+)\s*\)/gu, (_, literal?: string, name?: string) => {
    text += literal !== undefined ? literal.replace(/\\(.)/gu, '$1') : (element.getAttribute(name!) ?? '');
    return '';
  });
  return { text, rest };
}

/** The quotation marks `quotes` sets (none for `auto`, the language's: punctuation). */
const quoteMarks = (style: CSSStyleDeclaration) => (style.quotes === 'auto' || style.quotes === 'none' ? '' : style.quotes);

/** Inline generated content in the normal flow continues the text beside it. */
export function flowsInline(style: CSSStyleDeclaration): boolean {
  return style.display === 'inline' && (style.position === 'static' || style.position === 'relative') && style.float === 'none';
}

const sameLine = (a: Box, b: Box) =>
  Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5 * Math.min(a.bottom - a.top, b.bottom - b.top);

/**
 * Whitespace-only DOM text between two runs: a mark, not measured. Where the layout keeps it the
 * runs have a gap (a space); where it collapses it (between flex items, blocks) they may touch.
 */
export const WHITESPACE: Run = { text: '', first: null, last: null, inline: true, owner: null, em: 0 };

/**
 * The space between two runs in reading order: none, one, or one the layout leaves in doubt.
 * `spaced`: DOM whitespace lies between them.
 */
function separator(before: Run, after: Run, spaced: boolean, doubts: string[]): string {
  if (endsInSpace(before.text) || startsWithSpace(after.text)) return '';
  if (before.last && after.first) {
    const a = before.last;
    const b = after.first;
    if (!sameLine(a, b)) return ' ';
    // Either direction: right-to-left text runs leftwards.
    const gap = Math.min(Math.abs(b.left - a.right), Math.abs(a.left - b.right));
    const em = Math.max(1, Math.min(before.em, after.em));
    if (gap <= TOUCH_EM * em) return '';
    if (spaced) return ' ';
    if (gap < SPACE_EM * em) {
      doubt(doubts, `a narrow gap (${(gap / em).toFixed(2)} em) between "${tail(before.text)}" and "${head(after.text)}": one word or two`);
    }
    return ' ';
  }
  if (spaced) return ' ';
  // Generated content has no box to measure: inline, it continues the element's own text beside it.
  const boxless = before.first === null ? before : after;
  return boxless.inline && before.owner === after.owner ? '' : ' ';
}

const tail = (text: string) => text.trim().slice(-20);
const head = (text: string) => text.trim().slice(0, 20);

export function doubt(doubts: string[], reason: string): void {
  if (doubts.length < 16 && !doubts.includes(reason)) doubts.push(reason.slice(0, 200));
}

/** The runs as read: separators from the layout, whitespace collapsed. */
export function joinRuns(runs: readonly Run[], doubts: string[]): string {
  let text = '';
  let previous: Run | null = null;
  let spaced = false;
  for (const run of runs) {
    if (run === WHITESPACE) spaced = true;
    if (run.text === '') continue;
    text += previous ? separator(previous, run, spaced, doubts) + run.text : run.text;
    previous = run;
    spaced = false;
  }
  return collapse(text);
}

/**
 * White space as a reader sees it: JavaScript's `\s` also matches U+FEFF (zero width no-break
 * space), which paints nothing; turning it into a space split "R\uFEFFemove" into "R emove" and hid
 * the commit word. It stays in the text (the core strips invisibles and reports them).
 */
const SPACES = /[^\S\uFEFF]+/gu;
export const collapse = (text: string) => text.replace(SPACES, ' ').trim();
const endsInSpace = (text: string) => /[^\S\uFEFF]$/u.test(text);
const startsWithSpace = (text: string) => /^[^\S\uFEFF]/u.test(text);

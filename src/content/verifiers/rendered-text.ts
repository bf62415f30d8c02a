import { type Clip, clipOf, clipsAcross, cornerCuts, cutAcross, ellipsisOf, lettersInside, showsThrough } from './clip';
import { contrast, over, parseColour as parse, type Rgba } from './colour';
import { flatParent } from './flat-tree';
import { generatedShows, glyphsShown } from './glyphs';
import { CONTROL, drawnAsGlyph, fieldText, LIGATURE_GLYPH, markerText, pictureCollector, placedApart } from './label-extras';
import { doubt as doubtAbout, MIN_CONTRAST } from './paint';
import { type Box, collapse, doubt, flowsInline, joinRuns, type PictureRegion, type Run, Scene, WHITESPACE } from './text-runs';
import { describeElement, filterOpacity, hiddenBy } from './visibility';

/** Below this many CSS pixels (font size, or a text box's height) text shows nothing legible. */
const MIN_TEXT_BOX = 2;

/**
 * What one reading of an element's text may cost. A label is short; an element showing more
 * than this is not read to the end (its text is a prefix) and says so in a doubt, so the pixels
 * decide instead of a label the DOM read only in part (a commit word may sit past the cut).
 */
export const LABEL_LIMITS = { nodes: 1_500, characters: 1_000 } as const;

const colours = new Map<string, Rgba | null>();

/** Parsed colours are remembered (a page uses few); the result is never mutated. */
function parseColour(value: string): Rgba | null {
  let colour = colours.get(value);
  if (colour === undefined) {
    colour = parse(value);
    if (colours.size > 256) colours.clear();
    colours.set(value, colour);
  }
  return colour;
}

/** The text an element shows, why the DOM cannot be sure of it (empty: it can), and where pictures in it lie that the DOM cannot read. */
export type ShownText = { text: string; doubts: string[]; pictures?: PictureRegion[] };

/** What the walk carries down the flat tree instead of walking back up from every node. */
type Paint = {
  /** Product of opacity and filter: opacity() down to here. */
  opacity: number;
  /** The intersection of the clipping boxes (overflow, the viewport) down to here, and the rounded ones. */
  clip: Clip;
  /** The clip below an absolutely or fixed positioned box as if none above it clipped (it escapes those not its containing block); null: none. */
  loose: Clip | null;
  /** Whether the box that last clipped the inline axis marks its cut with an ellipsis (shown to the reader; a plain cut is not). */
  ellipsis: boolean;
  /** The opaque colour behind this element, null when an image or unknown colour is in the way. */
  background: Rgba | null;
};

/**
 * The text an element shows on screen, read over the flat tree: text hidden, at font-size 0, in its
 * background's colour, or pushed out of its clipping box is in the DOM but not a label;
 * ::before/::after content is not in the DOM but is. Runs are joined as laid out (text-runs.ts).
 * Style is read once per element; opacity, clipping and background are carried down the walk.
 */
export function readRendered(element: Element, scene = new Scene()): ShownText {
  const doubts: string[] = [];
  if (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type)) {
    const paint = paintAbove(element, scene);
    const style = scene.style(element);
    const shown = hiddenBy(element) === null && legible(element, style, composite(style, paint.background));
    return { text: shown ? collapse(element.value || defaultInputLabel(element.type)) : '', doubts };
  }
  if (hiddenBy(element) !== null) return { text: '', doubts };
  const runs: Run[] = [];
  const inControl = element.matches(CONTROL);
  let nodes: number = LABEL_LIMITS.nodes;
  let characters: number = LABEL_LIMITS.characters;
  let cut = false;
  // Pictures inside a control's label the DOM cannot read, for the pixels (label-extras.ts pictureIn).
  const pictures = pictureCollector(element, doubts);

  const visit = (node: Element, above: Paint) => {
    if (cut) return;
    if (--nodes < 0) {
      cut = true;
      return;
    }
    const facts = scene.facts(node);
    const style = facts.style;
    // content-visibility: hidden keeps the box but skips painting what is inside it.
    if (facts.display === 'none' || facts.contentVisibility === 'hidden') return;
    const opacity = above.opacity * Number.parseFloat(style.opacity) * filterOpacity(style.filter);
    if (opacity < 0.1) return;
    const paint: Paint = {
      opacity,
      clip: clipOf(node, style, facts.display, above.clip),
      loose: looseOf(node, style, facts.display, above.loose),
      ellipsis: ellipsisOf(style, facts.display, above.ellipsis),
      background: composite(style, above.background),
    };
    const em = facts.em;
    let ownText: boolean | undefined;
    // Text set under MIN_TEXT_BOX px shows nothing legible (as a box under it did before).
    const shows = () => (ownText ??= facts.visibility === 'visible' && em >= MIN_TEXT_BOX && legible(node, style, paint.background));
    const pseudo = (which: 0 | 1) => {
      const generated = scene.generated(node, which);
      if (!generated || !generatedShows(generated.style, node)) return;
      if (generated.unread) doubt(doubts, 'generated content the DOM cannot read (a counter, or quotation marks with letters)');
      // An image it paints in a control's label (its box is no node's): the pixels read the label.
      if (generated.picture && inControl) pictures.doubt();
      if (generated.text === '') return;
      // Its letters are placed by no text node bidi.ts could measure: moved, floated or reordered, the pixels read them.
      if (/[\p{L}\p{N}]/u.test(generated.text) && placedApart(generated.style, style))
        doubt(doubts, 'generated text is placed apart from the text beside it');
      characters -= generated.text.length;
      runs.push({ text: generated.text, first: null, last: null, inline: flowsInline(generated.style), owner: node, em });
    };
    // A field inside the label paints its value or placeholder (label-extras.ts): read, and the pixels decide.
    // Inside a control only (label-extras.ts CONTROL): a form's fields are its content, a <label>'s what it names.
    const field = node !== element && inControl ? fieldText(node) : null;
    if (field) {
      doubt(doubts, 'a field inside the label shows text of its own');
      runs.push({ text: field.text, first: field.box, last: field.box, inline: true, owner: node, em });
      return;
    }
    // Not the control's own background: glyphs.ts judges what is behind its text.
    if (inControl && node !== element && facts.visibility === 'visible') pictures.see(node, style, paint.clip);
    // Its own list marker, before its content (inside) or beside it (outside).
    const marker = markerText(node, style);
    if (marker?.unread) doubt(doubts, "the element's list marker shows what the DOM cannot read (a counter or an image)");
    if (marker?.text && generatedShows(marker.style, node))
      runs.push({ text: marker.text, first: null, last: null, inline: style.listStylePosition === 'inside', owner: node, em });
    pseudo(0);
    for (const child of scene.children(node)) {
      if (cut) return;
      if (child instanceof Element) {
        visit(child, paint);
        continue;
      }
      if (!(child instanceof Text) || child instanceof CDATASection) continue;
      const text = child as Text;
      const data = text.data;
      if (data.trim() === '') {
        if (data !== '') runs.push(WHITESPACE);
        continue;
      }
      if (--nodes < 0 || characters - data.length < 0) {
        cut = true;
        return;
      }
      if (facts.visibility !== 'visible' || em < MIN_TEXT_BOX) continue;
      // Where its boxes are first: text its clip cuts away shows nothing, and how it would be
      // painted is no doubt (a visually hidden label over an icon's background image sent every
      // such icon to the pixels).
      const boxes = scene.textBoxes(text);
      // Text clipped away that a positioned box may take out of the clip is the pixels' (a red team, Dec 6).
      const seen = (clip: Clip | null) =>
        clip !== null && boxes.some((box) => box.bottom - box.top >= MIN_TEXT_BOX && showsThrough(box, clip));
      if (!seen(paint.clip) && seen(paint.loose)) doubt(doubts, ESCAPED);
      if (!seen(paint.clip)) continue;
      if (!shows()) continue;
      characters -= data.length;
      if (drawnAsGlyph(node, data, style, em)) {
        runs.push({ text: LIGATURE_GLYPH, first: boxes[0]!, last: boxes[boxes.length - 1]!, inline: true, owner: node, em });
        continue;
      }
      // Letters the clip cuts away across the line are not shown ("O" of "Open" in a sliver of a box);
      // behind an ellipsis the reader sees that the label goes on, and the pixels read how far.
      let shown = data;
      if (boxes.some((box) => cutAcross(box, paint.clip))) {
        if (paint.loose && !boxes.some((box) => cutAcross(box, paint.loose!))) doubt(doubts, ESCAPED);
        if (paint.ellipsis) doubt(doubts, 'the label is cut short with an ellipsis on screen');
        else shown = lettersInside(text, paint.clip, scene);
        if (shown.trim() === '') continue;
      } else if (boxes.some((box) => cornerCuts(box, paint.clip))) {
        // A rounded corner of a clipping box cuts into the line: the letters it cuts away are not
        // shown; where the curve could not be read (taken at its largest), the pixels read them.
        if (paint.clip.unsure) doubt(doubts, paint.clip.unsure);
        shown = lettersInside(text, paint.clip, scene);
        if (shown.trim() === '') continue;
      }
      runs.push({ text: shown, first: boxes[0]!, last: boxes[boxes.length - 1]!, inline: true, owner: node, em });
    }
    pseudo(1);
  };

  visit(element, paintAbove(element, scene));
  if (cut) {
    doubt(
      doubts,
      `the element shows more than ${LABEL_LIMITS.characters} characters or ${LABEL_LIMITS.nodes} nodes: read in part, not a label`,
    );
  }
  const text = joinRuns(runs, doubts);
  return { text, doubts, pictures: pictures.regions(text) };
}

/** The rendered text alone (see readRendered). */
export function renderedText(element: Element, scene?: Scene): string {
  return readRendered(element, scene).text;
}

/** The DOM's own text for the element, to compare with what is rendered. */
export function domText(element: Element): string {
  return collapse(element.textContent ?? '');
}

function legible(element: Element, style: CSSStyleDeclaration, background: Rgba | null): boolean {
  if (Number.parseFloat(style.fontSize) <= 0) return false;
  // How the glyphs are painted (fill, stroke, size, effects) against what is behind them: the
  // background carried down the flat tree, or a layer painted behind the text (glyphs.ts; judged on
  // the carried background alone, a banner's white "Learn more" over a dark backdrop was refused).
  // Text in its ancestors' background colour that a layer behind it shows is a doubt (glyphs.ts
  // looks at one point of it): the pixels decide. The fill is -webkit-text-fill-color; a
  // transparent one may still be drawn by a stroke, a shadow or a background clipped to the text.
  const colour = parse(style.getPropertyValue('-webkit-text-fill-color') || style.color);
  const shown = glyphsShown(element, style, background);
  if (shown && colour !== null && colour[3] >= 0.1 && background !== null && contrast(over(colour, background), background) < MIN_CONTRAST)
    doubtAbout(`a layer behind the text of ${describeElement(element)} (in its ancestors' background colour)`);
  return shown;
}

/** The element's background over what is behind it: null when an image or unknown colour is involved. */
function composite(style: CSSStyleDeclaration, behind: Rgba | null): Rgba | null {
  if (style.backgroundImage !== 'none') return null;
  const colour = parseColour(style.backgroundColor);
  if (colour === null) return null;
  if (colour[3] >= 1) return colour;
  if (colour[3] <= 0) return behind;
  return behind === null ? null : over(colour, behind);
}

const VIEWPORT = (): Box => ({ left: 0, top: 0, right: innerWidth, bottom: innerHeight });
const ESCAPED = 'text in a positioned box may paint outside a box above it that clips it';
const looseOf = (node: Element, style: CSSStyleDeclaration, display: string, above: Clip | null) =>
  /absolute|fixed/u.test(style.position) ? clipOf(node, style, display, VIEWPORT()) : above && clipOf(node, style, display, above);

/** What the element's flat-tree ancestors contribute: opacity, clipping boxes, the background behind it. */
function paintAbove(element: Element, scene: Scene): Paint {
  let opacity = 1;
  let clip: Clip = VIEWPORT();
  const layers: Rgba[] = [];
  let background: Rgba | null | undefined;
  // Decided by the nearest box that clips across the line (the walk goes outwards).
  let ellipsis: boolean | undefined;
  for (let node = flatParent(element); node; node = flatParent(node)) {
    const style = scene.style(node);
    opacity *= Number.parseFloat(style.opacity) * filterOpacity(style.filter);
    clip = clipOf(node, style, style.display, clip);
    if (ellipsis === undefined && clipsAcross(style, style.display)) ellipsis = ellipsisOf(style, style.display, false);
    if (background !== undefined) continue;
    if (style.backgroundImage !== 'none') {
      background = null;
      continue;
    }
    const colour = parseColour(style.backgroundColor);
    if (colour === null) background = null;
    else if (colour[3] > 0) layers.push(colour);
    if (colour !== null && colour[3] >= 1) background = layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  }
  if (background === undefined) background = layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  return { opacity, clip, loose: null, ellipsis: ellipsis ?? false, background };
}

const defaultInputLabel = (type: string) => (type === 'submit' ? 'Submit' : type === 'reset' ? 'Reset' : '');

/**
 * What names the element on screen: a form field is named by its visible <label>s, else its
 * placeholder; anything else by the text it renders. (Accessible names are the AX verifier's.)
 */
export function shownText(element: Element, scene = new Scene()): ShownText {
  const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;
  if (!field || (element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type))) {
    return readRendered(element, scene);
  }
  const doubts: string[] = [];
  const labels: string[] = [];
  for (const label of element.labels ?? []) {
    // A <label for> names the field to the user only where it is painted: around it or beside it.
    if (!label.contains(element) && !paintedBeside(label, element)) continue;
    const read = readRendered(label, scene);
    if (read.text !== '') labels.push(read.text);
    for (const reason of read.doubts) doubt(doubts, reason);
  }
  if (labels.length > 0) return { text: collapse(labels.join(' ')), doubts };
  return { text: 'placeholder' in element ? collapse(element.placeholder) : '', doubts };
}

/**
 * Whether a label's box lies beside the field's: within max(64 px, 3 × the field's height) of it
 * on both axes (above, below, left or right of it, as forms lay labels out). A label elsewhere on
 * the page that points at the field with `for=` is not what a reader takes for its name.
 */
function paintedBeside(label: Element, field: Element): boolean {
  const a = label.getBoundingClientRect();
  const b = field.getBoundingClientRect();
  if (a.width === 0 || a.height === 0) return false;
  const limit = Math.max(64, 3 * b.height);
  const gapX = Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right));
  const gapY = Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom));
  return gapX <= limit && gapY <= limit;
}

/** The shown label alone (see shownText). */
export function shownLabel(element: Element, scene?: Scene): string {
  return shownText(element, scene).text;
}

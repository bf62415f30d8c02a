import type { Certificate } from '../../core/contracts';
import type { FormRequest, UiElementValue } from '../../core/plan';
import { uiElementValue } from '../../core/plan/ui-element-value';
import { hasLetterOrDigit } from '../../core/text/letters';
import { queryTarget } from '../query';
import { AX_VERIFIER, observeAx } from './ax';
import { readInOrder } from './bidi';
import { formButtonLabels, isEditable, linkOf, pressedLabel } from './control-facts';
import { isPaymentField, isPersonalField } from './field-kinds';
import { fieldOf } from './field-place';
import { flatParent, holdsLegibleText } from './flat-tree';
import { fnv1a } from './fnv';
import { formControls } from './form-props';
import { activatedSubmitter, certifySubmission, submissionFor } from './form-request';
import { showsGraphic } from './graphic';
import { hitTest } from './hit-test';
import { layersOver } from './layers';
import { tooSmallOnScreen } from './legibility';
import { isConnectedOf } from './node-reads';
import { shownOptionLabel } from './option-label';
import { collectDoubts } from './paint';
import { iconPictures, PICTURE_DOUBT } from './picture-words';
import { readRendered, shownLabel, shownText } from './rendered-text';
import { Scene } from './text-runs';
import { paintedAs } from './transform';
import { clippedBy, hiddenBy, isInViewport, OUTSIDE_VIEWPORT } from './visibility';

export const DOM_VERIFIER = 'dom@1';

/** Certificates are scoped to "self"; the background rewrites that to the frame the browser names. */
const SELF = 'self';

export type TargetEvidence = { certificates: Certificate[]; element: Element | null; digest: string; submission: FormRequest | null };

let sequence = 0;
const certificateId = () => `c-${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * Observes the target of a call: element facts, the text it shows, and what is on top of it. For a
 * `submit`, and a `click` on a submit button, also the request the form would send (first: the
 * page's `formdata` listeners run while it is built, and what they change is then seen by the rest).
 */
export function certifyTarget(selector: string, tool: string | null = null): TargetEvidence {
  const query = queryTarget(selector);
  const elements = query.ok ? query.elements : [];
  return certifyFound(selector, elements.length === 1 ? elements[0]! : null, elements.length, query.ok ? null : query.error, tool);
}

/** The same observations of an element already in hand (an assistant's click caught in the page). */
export function certifyElement(element: Element, tool: string | null = 'click'): TargetEvidence {
  return certifyFound('', element, 1, null, tool);
}

function certifyFound(
  selector: string,
  element: Element | null,
  count: number,
  selectorError: string | null,
  tool: string | null,
): TargetEvidence {
  // A click submits the form of the submit button it activates, whatever inside it was clicked.
  const submitter = element ? activatedSubmitter(element) : null;
  const submitting = element ? submissionFor(element, tool, submitter) : null;
  const submission = submitting ? certifySubmission(submitting) : null;
  if (element && !isInViewport(element.getBoundingClientRect())) {
    element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  }
  // One reading of the layout (styles, text boxes, generated content) for the text and the name,
  // and why the DOM may not be able to certify the label alone (doubts: the pixels decide).
  const scene = new Scene();
  const painted = element ? collectDoubts(() => shownText(element, scene)) : null;
  const shown = painted?.value ?? null;
  // What makes the painted order differ from the DOM's (RLO "ebircsbuS" paints "Subscribe"; so do
  // `<bdo>`, a CSS override, or letters placed by layout: bidi.ts): the label is what is painted,
  // read in the glyphs' order, when that is the same characters the DOM shows; the pixels still
  // decide (the doubt below).
  const order = element && shown ? readInOrder(element, shown.text) : null;
  const text = order?.text ?? shown?.text ?? null;
  const value: UiElementValue = element
    ? { ...describe(element, text ?? '', submitter), submission }
    : uiElementValue({ count, selectorError });
  const time = Date.now();
  const rect = element ? toRect(element.getBoundingClientRect()) : undefined;
  const region = rect ? { frame: SELF, selector, rect } : { frame: SELF, selector };
  const base = { region, verifier: DOM_VERIFIER, confidence: 1, time, trust: 'extension' as const };
  const certificates: Certificate[] = [{ id: certificateId(), type: 'ui_element', value, source: 'dom', ...base }];
  if (element) {
    const hits = hitTest(element);
    const clipped = hits.onTarget < hits.points ? clippedBy(element) : null;
    if (clipped && value.visible) Object.assign(value, { visible: false, hiddenBy: `clipped out (${clipped})` });
    // The name's walk adds its doubts (a name read in part) to the label's: both name the target.
    const ax = observeAx(element, scene, shown!);
    // What is painted over the label, whether or not it takes clicks: a layer that paints it out
    // covers the target as surely as one that takes the click.
    const layers = layersOver(element);
    const hit =
      layers.covered > 0
        ? {
            points: hits.points + layers.points,
            onTarget: hits.onTarget + layers.points - layers.covered,
            coveredBy: hits.coveredBy ?? layers.coveredBy,
          }
        : hits;
    const reordered = order?.doubt ? [order.doubt] : [];
    const doubts = [...new Set([...shown!.doubts, ...(painted?.doubts ?? []), ...layers.doubts, ...reordered])].slice(0, 16);
    // A symbol drawn ("×", "☰", "›") is an icon: its name may come from hidden text, as from
    // aria-label; so is a picture (not a gradient), and a field named by a <label> shown nowhere.
    // Only where that text is the name (an aria-label naming it otherwise: a review, Dec 5).
    const hidden = !hasLetterOrDigit(text ?? '') && holdsHiddenLabel(element);
    const icon = drawsSymbol(text ?? '') || (isField(element) ? !labelShownElsewhere(element, scene) : showsGraphic(element, true));
    const hiddenText = hidden && !(icon && namedByHiddenText(element, ax.name));
    // An icon (no letters of its own) whose picture draws words shows those, not its name: the pixels
    // read it. One the DOM cannot read may: the pixels say whether it does (picture-words.ts).
    const pictures = !hasLetterOrDigit(text ?? '') && !hiddenText ? iconPictures(element, text ?? '', isField(element)) : 'none';
    if (pictures !== 'unread' && pictures !== 'none' && doubts.length < 16) doubts.push(PICTURE_DOUBT[pictures]);
    // A control (not a field: a field's box is its picture) whose label is in the DOM but painted
    // away, and that draws no picture or icon either, shows the user an empty box: not a visible
    // target, whatever its size (a button held to max-height:0 keeps only its border).
    if (hiddenText && value.visible && !isField(element) && !showsGraphic(element)) {
      Object.assign(value, { visible: false, hiddenBy: 'its label is in the page but not shown, and it draws no picture or icon' });
    }
    certificates.push({
      id: certificateId(),
      type: 'visible_text',
      value: {
        text: text ?? '',
        doubts,
        hiddenText,
        unreadPicture: pictures === 'unread',
        painted: paintedAs(element),
        pictures: shown!.pictures ?? [],
      },
      source: 'dom',
      ...base,
    });
    certificates.push({ id: certificateId(), type: 'hit_test', value: hit, source: 'dom', ...base });
    certificates.push({ id: certificateId(), type: 'ax_name', value: ax, source: 'ax', ...base, verifier: AX_VERIFIER });
  }
  return { certificates, element, digest: value.digest, submission };
}

/** What presses as a button when clicked: a <button>, a button <input>, an element with role=button. */
const BUTTON = 'button, input[type=button], input[type=submit], input[type=image], input[type=reset], [role=button]';

/** A field (text, choice…): its box is what it shows, whatever its label. Buttons made of inputs are not fields. */
const isField = (element: Element) =>
  element instanceof HTMLTextAreaElement ||
  element instanceof HTMLSelectElement ||
  (element instanceof HTMLInputElement && !['submit', 'button', 'reset', 'image'].includes(element.type));

/**
 * Whether what would label the element on screen holds letters or digits in the DOM: a button's
 * flat content or value, a field's <label>s and placeholder. Asked only when nothing legible is
 * shown, to tell an icon (named by aria-label, alt or title) from a label painted away.
 */
/**
 * A symbol or punctuation mark with ink: not a default-ignorable (the engine's own table, enough
 * here: core/text/invisibles.ts would add its 1.6 kB to every frame), a braille blank or a Hangul filler.
 */
const drawsSymbol = (text: string) => /[\p{S}\p{P}]/u.test(text.replace(/[\p{DI}\u2800\u115f\u1160\u3164\uffa0]/gu, ''));

/**
 * Whether one of the field's <label>s is shown somewhere: rendered at a size one can see, scrolled away
 * (hiddenBy judges the viewport last) or in view drawing letters. A visually-hidden one is not.
 */
const labelShownElsewhere = (element: Element, scene: Scene) =>
  Array.from((element as HTMLInputElement).labels ?? []).some((label) => {
    const hidden = hiddenBy(label);
    return hidden === OUTSIDE_VIEWPORT || (hidden === null && hasLetterOrDigit(readRendered(label, scene).text));
  });

/**
 * Whether the accessible name is all the text the control holds, no more and no less (letters and
 * digits compared; a field's text is its <label>s'), and comes from no other element
 * (aria-labelledby). Text left out of the name (aria-hidden, an aria-label saying something else)
 * may be text the DOM misjudged as not shown, "Pay now" painted by -webkit-text-fill-color beside
 * an "sr-only" "Show details" (a review, Dec 5): then the hidden text names nothing.
 */
function namedByHiddenText(element: Element, name: string): boolean {
  if (element.hasAttribute('aria-labelledby')) return false;
  const own = isField(element)
    ? Array.from((element as HTMLInputElement).labels ?? [], (l) => l.textContent).join(' ')
    : element.textContent;
  const letters = (t: string | null) => (t ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  return letters(name) === letters(own);
}

function holdsHiddenLabel(element: Element): boolean {
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) {
    const own = element instanceof HTMLInputElement && ['submit', 'button', 'reset'].includes(element.type) ? element.value : '';
    const placeholder = 'placeholder' in element ? element.placeholder : '';
    return (
      hasLetterOrDigit(own) || hasLetterOrDigit(placeholder) || Array.from(element.labels ?? []).some((label) => holdsLegibleText(label))
    );
  }
  return holdsLegibleText(element);
}

/** `submitter`: the submit button a click on the element activates (itself, or one around it: activatedSubmitter). */
function describe(element: Element, text: string, submitter: HTMLButtonElement | HTMLInputElement | null): UiElementValue {
  // On-screen size counts, not CSS size: scale(0.12) or zoom:0.1 leaves a speck.
  const hidden = hiddenBy(element) ?? tooSmallOnScreen(element);
  const control = element as Partial<HTMLButtonElement & HTMLInputElement>;
  // The form the element belongs to, or the one a click on it submits.
  const form = control.form ?? submitter?.form ?? null;
  const inputType = element instanceof HTMLInputElement ? element.type : element instanceof HTMLButtonElement ? element.type : null;
  // The controls of the form the element is, belongs to, or sits in.
  const owner = element instanceof HTMLFormElement ? element : (form ?? element.closest('form'));
  const controls = owner ? formControls(owner) : [];
  const isSubmit = submitter !== null;
  // Read once: the value's href and download, and the digest, which holds where it goes.
  const link = linkOf(element);
  const editable = isEditable(element);
  return {
    count: 1,
    selectorError: null,
    connected: isConnectedOf(element),
    tag: element.localName,
    inputType,
    // aria-disabled tells assistive technology (and agents reading it) the control does nothing.
    disabled: element.matches(':disabled') || element.closest('[aria-disabled="true"]') !== null,
    // Inertness follows the flat tree: an inert shadow host (or slot ancestor) makes what it shows inert.
    inert: inFlatTree(element, (node) => node.hasAttribute('inert')),
    visible: hidden === null,
    hiddenBy: hidden,
    isSubmit,
    // Its controls, those joined to it with form= from outside it too: they are sent with it.
    formHasPassword: controls.some((control) => control instanceof HTMLInputElement && control.type === 'password'),
    editable,
    field: editable ? fieldOf(element) : null,
    isPassword: element instanceof HTMLInputElement && element.type === 'password',
    inForm: element instanceof HTMLFormElement || form !== null || element.closest('form') !== null,
    isPayment: isPaymentField(element),
    formHasPayment: controls.some(isPaymentField),
    formHasPersonal: controls.some(isPersonalField),
    lang: element.closest('[lang]')?.getAttribute('lang')?.slice(0, 64) ?? null,
    inButton: inFlatTree(element, (node) => node.matches(BUTTON)),
    pressed: pressedLabel(element, submitter),
    formButtons: formButtonLabels(controls),
    href: link?.href ?? null,
    download: link?.hasAttribute('download') ?? false,
    opensElsewhere: link?.opensElsewhere ?? false,
    options:
      element instanceof HTMLSelectElement
        ? Array.from(element.options, (o) => ({
            value: o.value,
            // What the select shows for it: its label attribute where it has one, else its text.
            text: shownOptionLabel(o).trim(),
            disabled: o.disabled,
            hidden: o.hidden || getComputedStyle(o).display === 'none',
          }))
        : null,
    submission: null,
    digest: elementDigest(element, text, link?.href ?? ''),
  };
}

/**
 * What must not change between certification and execution: markup, rendered text and size.
 * FNV-1a is enough here: the element object itself is also compared, this only detects mutation.
 */
export function elementDigest(element: Element, text = shownLabel(element), href = linkOf(element)?.href ?? ''): string {
  const rect = element.getBoundingClientRect();
  const material = [
    element.outerHTML.slice(0, 20_000),
    text,
    // Where its link goes as followed now: an SVG link's animated value may change with no markup changed.
    href,
    // Size, not position: scrolling moves the box and is harmless; the hit test is redone anyway.
    Math.round(rect.width),
    Math.round(rect.height),
  ].join('\u0000');
  return `fnv1a:${fnv1a(material)}:${material.length}`;
}

function toRect(rect: DOMRect) {
  return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
}

/** Whether `element` or one of its flat-tree ancestors satisfies `test`. */
function inFlatTree(element: Element, test: (node: Element) => boolean): boolean {
  for (let node: Element | null = element; node; node = flatParent(node)) if (test(node)) return true;
  return false;
}

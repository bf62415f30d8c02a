import type { FormEntry, FormRequest } from '../../core/plan';
import { flatParent } from './flat-tree';
import { formAction, formControls, formEnctype, formMethod, formTarget } from './form-props';
import { namespaceOf } from './node-reads';
import { shownText } from './rendered-text';
import { Scene } from './text-runs';
import { hiddenBy } from './visibility';

/**
 * The request a form submission sends, as the browser builds it (issue 11 §2). The entries are the
 * browser's own: `new FormData(form, submitter)` runs HTML's "constructing the entry list" (hidden
 * inputs, controls associated from outside with `form=`, checked boxes, selected options, the
 * submitter's name and value). Note that it fires the form's `formdata` event, so the page's
 * listeners add or change entries here exactly as they would for the real submission.
 */

const MAX_ENTRIES = 500;
const MAX_VALUE = 10_000;

export type Submission = { form: HTMLFormElement; submitter: HTMLButtonElement | HTMLInputElement | null };

/** The form the element submits (itself, its form owner, or the form around it) and the submitter it would use. */
export function submissionOf(element: Element): Submission | null {
  const control = element as Partial<HTMLButtonElement>;
  const form = element instanceof HTMLFormElement ? element : (control.form ?? element.closest('form'));
  if (!(form instanceof HTMLFormElement)) return null;
  const candidate = element instanceof HTMLButtonElement || element instanceof HTMLInputElement ? element : null;
  const submitter = candidate && candidate.form === form && isSubmitButton(candidate) ? candidate : null;
  return { form, submitter };
}

/**
 * The submit button a click on `element` activates, which then submits its form: the element
 * itself, a submit button around it on the click's way up the flat tree (the event path) — the text
 * span inside `<button type=submit>`, an icon slotted into a shadow tree's submit button — or the
 * control of a `<label>` it is in. HTML runs that button's activation behaviour whatever was
 * clicked inside it (a red team's "Read reviews" span posted an order, and a login form's
 * credentials to another site, judged as a plain click). Past a link or another control inside
 * one too: that nesting is invalid HTML, and Blink's buttons still submit on an activation that
 * bubbles up to them (HTMLButtonElement::DefaultEventHandler, a review, Dec 5); so the answer errs
 * towards a submission. Null when no submit button is on the way.
 */
export function activatedSubmitter(element: Element): HTMLButtonElement | HTMLInputElement | null {
  for (let node: Element | null = element; node; node = flatParent(node)) {
    const submitter = submitterOf(node);
    if (submitter) return submitter;
  }
  return null;
}

const HTML_NS = 'http://www.w3.org/1999/xhtml';

/**
 * The submit button activating `node` itself presses, with a form owner: the node, or a label's
 * control. Read by namespace, name and property rather than `instanceof`, so that it holds for an
 * element the page moved into another frame's document, of another realm (only-submitting.ts asks
 * it of what a click activated, after the page's handlers ran).
 */
export function submitterOf(node: Element): HTMLButtonElement | HTMLInputElement | null {
  const control = namespaceOf(node) === HTML_NS && node.localName === 'label' ? (node as HTMLLabelElement).control : node;
  if (!control || namespaceOf(control) !== HTML_NS) return null;
  const { type, form } = control as { type?: unknown; form?: unknown };
  const submits =
    control.localName === 'button' ? type === 'submit' : control.localName === 'input' && (type === 'submit' || type === 'image');
  return submits && form !== null && form !== undefined ? (control as HTMLButtonElement | HTMLInputElement) : null;
}

/**
 * The submission an action on `element` makes: a `submit` submits the form it is or is in; a
 * `click`, the form of the submit button it activates (`submitter`, found here unless given).
 * The certification (dom.ts) and the executor (executor.ts) both ask this, so they never disagree.
 */
export function submissionFor(
  element: Element,
  tool: string | null,
  submitter: HTMLButtonElement | HTMLInputElement | null = activatedSubmitter(element),
): Submission | null {
  if (tool === 'submit') return submissionOf(element);
  return tool === 'click' && submitter !== null ? submissionOf(submitter) : null;
}

export function isSubmitButton(element: Element): element is HTMLButtonElement | HTMLInputElement {
  if (element instanceof HTMLButtonElement) return element.type === 'submit';
  return element instanceof HTMLInputElement && (element.type === 'submit' || element.type === 'image');
}

/** The request submitting would send now (runs the page's `formdata` listeners, see above). */
export function certifySubmission({ form, submitter }: Submission): FormRequest {
  return requestOf(form, submitter, new FormData(form, submitter), new Scene());
}

/**
 * The request made of `data` (the entry list) and the form's destination after the submitter's
 * overrides. Read while the submission is under way (in the `formdata` event) it is the request
 * about to leave: the browser reads action, method and target after that event. With a `scene`,
 * each entry carries the label its control shows (for certification; the comparison of a leaving
 * request with the certified one needs names and values only, and skips the layout reads).
 */
export function requestOf(
  form: HTMLFormElement,
  submitter: HTMLButtonElement | HTMLInputElement | null,
  data: FormData,
  scene: Scene | null = null,
): FormRequest {
  const override = (attribute: string) => submitter?.hasAttribute(attribute) === true;
  const method = (override('formmethod') ? submitter!.formMethod : formMethod(form)).toLowerCase();
  const baseTarget = document.querySelector('base[target]')?.getAttribute('target') ?? '';
  const used = new Set<Element>();
  const controls = [...formControls(form), ...(submitter ? [submitter] : [])];
  const entries: FormEntry[] = [];
  let truncated = false;
  for (const [name, raw] of data) {
    if (entries.length >= MAX_ENTRIES) {
      truncated = true;
      break;
    }
    const value = typeof raw === 'string' ? raw : `file:${raw.name}`;
    if (value.length > MAX_VALUE) truncated = true;
    const control = controls.find((c) => !used.has(c) && contributes(c, name, raw));
    if (control) used.add(control);
    entries.push({
      name: name.slice(0, 1_000),
      value: value.slice(0, MAX_VALUE),
      label: control && scene ? labelOf(control, scene) : null,
      id: control?.id ? control.id.slice(0, 1_000) : null,
      shown: control !== undefined && shown(control),
      ...(control instanceof HTMLInputElement && control.type === 'password' ? { password: true } : {}),
    });
  }
  return {
    action: override('formaction') ? submitter!.formAction : formAction(form),
    method: method === 'post' || method === 'dialog' ? method : 'get',
    enctype: (override('formenctype') ? submitter!.formEnctype : formEnctype(form)).slice(0, 100),
    target: (override('formtarget') ? submitter!.formTarget : formTarget(form) || baseTarget).slice(0, 1_000),
    entries,
    truncated,
  };
}

/** Whether `control` is the one that put (name, value) in the entry list. */
function contributes(control: Element, name: string, value: FormDataEntryValue): boolean {
  if (control.getAttribute('name') !== name) return false;
  if (typeof value !== 'string') return control instanceof HTMLInputElement && control.type === 'file';
  if (control instanceof HTMLSelectElement) return Array.from(control.selectedOptions).some((o) => o.value === value);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked && control.value === value;
  if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement || control instanceof HTMLButtonElement)
    return control.value.replace(/\r\n/gu, '\n') === value.replace(/\r\n/gu, '\n');
  return false;
}

/** Whether the user can see the control at all: not a hidden input, rendered (hiddenBy). */
function shown(control: Element): boolean {
  if (control instanceof HTMLInputElement && control.type === 'hidden') return false;
  return hiddenBy(control) === null;
}

/**
 * How the user would name the control: what names it on screen (shownText: its <label>s painted
 * around or beside it, else its placeholder; a button's rendered text), else (nothing shown) its aria-label. A far
 * <label for> elsewhere on the page does not name it (issue 11 §5), and a label read with doubts
 * (partly painted away) is no name: the claim must then use the control's name or id.
 */
function labelOf(control: Element, scene: Scene): string | null {
  const shown = shownText(control, scene);
  if (shown.doubts.length > 0) return null;
  const text = shown.text || control.getAttribute('aria-label')?.trim() || '';
  return text ? text.slice(0, 1_000) : null;
}

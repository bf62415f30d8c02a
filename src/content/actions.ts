import { optionsNamed } from '../core/plan/options';
import { completedSensitive } from '../core/plan/sensitive';
import type { Action } from '../messages/background-content';
import { DATE_INPUTS } from './date-inputs';
import { hostedRoot } from './verifiers/flat-tree';
import { formAction, formControls, formNoValidate, requestSubmitOf } from './verifiers/form-props';
import { submissionOf } from './verifiers/form-request';
import { shownOptionLabel } from './verifiers/option-label';
import { shownLabel } from './verifiers/rendered-text';

/**
 * The built-in actions, performed from the isolated world: its prototypes are Warrant's own, so a
 * page that patched `click`, `value` setters or `requestSubmit` in its world does not see them run.
 */
export function performAction(action: Action, element: Element | null): unknown {
  switch (action.tool) {
    case 'click':
      return void clickOn(required(element));
    case 'type':
      return void typeInto(asHtml(element), action.text, action.replace);
    case 'select':
      return void choose(element, action.option);
    case 'submit':
      return void afterReply(prepareSubmit(element));
    case 'read':
      return { text: shownLabel(required(element)) };
    case 'scroll':
      return void scroll(element, action.direction, action.amount);
    case 'navigate': {
      // The URL is exactly the one that was resolved (http or https) and certified.
      const url = action.url;
      return void afterReply(() => location.assign(url));
    }
  }
}

function required(element: Element | null): Element {
  if (!element) throw new Error('The action needs a certified element.');
  return element;
}

/**
 * HTML elements have click() (activation behaviour included); an SVG <a> or any other SVG
 * element gets the click event click() would dispatch, which runs its activation behaviour too.
 */
function clickOn(element: Element): void {
  if (element instanceof HTMLElement) {
    element.click();
    return;
  }
  if (!(element instanceof SVGElement)) throw new Error(`A <${element.localName}> cannot be clicked.`);
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view: window }));
}

function asHtml(element: Element | null): HTMLElement {
  const target = required(element);
  if (!(target instanceof HTMLElement)) throw new Error(`A <${target.localName}> cannot be operated.`);
  return target;
}

/**
 * Focusing runs the page's focus handlers before anything is typed or chosen: what they change
 * there was not certified. Thrown by the actions; the executor reports it as stale evidence.
 */
/** The page is no longer as certified at the action (focus moved, the field changed, data not judged): stale_evidence. */
export class StaleAtAction extends Error {}

/**
 * What the field will hold is judged, not only the text typed: the background judged the call's
 * text (a card number or an IBAN in it makes the call a credential action, core/plan/sensitive.ts),
 * and one typed in two appending calls ("4111 1111 ", then "1111 1111") made neither call one (a red
 * team, Dec 7, both browsers). Appended to what the field holds, text that completes such data
 * was not judged as such: nothing is typed (stale_evidence), and the assistant can type it whole,
 * to be asked about.
 */
function unjudgedData(text: string, held: string): void {
  const completes = completedSensitive(held, text);
  if (completes !== null)
    throw new StaleAtAction(`The field would then hold ${completes}, which the text typed alone does not show; nothing was typed.`);
}

/** The element that has focus, inside shadow trees too, open or closed (looked up now: a focus handler may have attached one). */
function focused(): Element | null {
  let active = document.activeElement;
  for (let root = active && hostedRoot(active, active.localName); root?.activeElement; root = hostedRoot(active, active.localName))
    active = root.activeElement;
  return active;
}

/** What makes a field the one certified, beside its place: read before and after its focus handlers ran. */
const fieldShape = (field: HTMLInputElement | HTMLTextAreaElement) =>
  [field.type, field.name, String(field.readOnly), String(field.disabled), field.form ? formAction(field.form) : ''].join('\u0000');

function typeInto(element: HTMLElement, text: string, replace: boolean): void {
  const field = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement ? element : null;
  const before = field ? fieldShape(field) : '';
  element.focus();
  // A field's value is set on the field itself, wherever the focus went; a focus handler that made
  // it another field (a password, another form) is stale. Text inserted into an editable region goes
  // where the focus is: it must be on that region itself (not moved to a password field, nor into a
  // field inside it).
  if (field ? fieldShape(field) !== before : focused() !== element)
    throw new StaleAtAction('Focusing the field changed it or moved the focus elsewhere; nothing was typed.');
  unjudgedData(text, replace ? '' : field ? field.value : (element.textContent ?? ''));
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
    const proto = element instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
    // A date or time is the whole value, in its own form, tried first on a field of the same type
    // that no page sees: one the field would not take would empty it.
    const whole = element instanceof HTMLInputElement && DATE_INPUTS.includes(element.type);
    if (whole) {
      const probe = document.createElement('input');
      probe.type = element.type;
      probe.value = text;
      if (probe.value !== text)
        throw new Error(
          `A ${element.type} field takes its value as HTML writes it (a date: 2026-12-24); "${text.slice(0, 40)}" was not taken.`,
        );
    }
    // The prototype setter, not the instance's: frameworks track values through the instance.
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(element, replace || whole ? text : element.value + text);
  } else {
    // The text goes where the selection is: put it in the region itself. Firefox, in a window that
    // is not the system's focused one, gives the focus but leaves the selection where it was, and
    // inserted nothing while the call said executed (the focus test, 2 of 3 full runs, Dec 6).
    const selection = getSelection();
    selection?.selectAllChildren(element);
    if (!replace) selection?.collapseToEnd();
    // False where nothing editable took it; true too where an editor inserts the text itself
    // (it cancelled beforeinput): both browsers, measured.
    if (!document.execCommand('insertText', false, text)) throw new Error('The editable region took no text; nothing was typed.');
    return;
  }
  element.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertText', data: text }));
  element.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Chooses the option the gate certified (by visible text first, by value only when no text matches:
 * core's `optionsNamed`), then checks that the control shows it: a page handler that switches the
 * choice back or elsewhere makes the action fail rather than report another choice as made.
 */
function choose(element: Element | null, option: string): void {
  const select = required(element);
  if (!(select instanceof HTMLSelectElement)) throw new Error('The target is not a <select>.');
  // Named by what the select shows for each (its label: the label attribute, else its text), as certified.
  const named = optionsNamed(optionsOf(select), option);
  if (named.length !== 1) throw new Error(`No single option "${option.slice(0, 80)}".`);
  const match = named[0]!.option;
  const [value, label] = [match.value, shownOptionLabel(match)];
  select.focus();
  // A focus handler that changed what the options show or send: nothing is chosen.
  if (match.value !== value || shownOptionLabel(match) !== label || optionsNamed(optionsOf(select), option).length !== 1)
    throw new StaleAtAction('Focusing the control changed its options; nothing was chosen.');
  // The option itself, not the first with its value (a handler could have given another that value).
  match.selected = true;
  select.dispatchEvent(new Event('input', { bubbles: true }));
  select.dispatchEvent(new Event('change', { bubbles: true }));
  const now = select.selectedOptions[0];
  const shownNow = now ? shownOptionLabel(now).trim().slice(0, 80) : 'nothing';
  if (select.selectedOptions.length !== 1 || now !== match)
    throw new Error(`After choosing, the control shows "${shownNow}", not "${shownOptionLabel(match).trim().slice(0, 80)}".`);
}

/** Checks now (so a failure is reported), submits when called. */
export function prepareSubmit(element: Element | null): () => void {
  const submission = submissionOf(required(element));
  if (!submission) throw new Error('The target is not a form or inside one.');
  const { form, submitter } = submission;
  // requestSubmit would validate, mark the first invalid field and send nothing (reading validity
  // fires no event): said so, and nothing runs, rather than reported as submitted.
  // The form's own members through its prototype: its controls may be named noValidate, elements or
  // requestSubmit, which shadow them (form-props.ts; a shadowed requestSubmit threw after the answer
  // had said submitted: a red team's reading, Dec 7).
  const validated = !formNoValidate(form) && !submitter?.formNoValidate;
  const invalid = validated
    ? formControls(form).find((field) => willValidate(field) && !(field as HTMLInputElement).validity.valid)
    : undefined;
  if (invalid) throw new Error(`The form was not submitted: its field "${fieldName(invalid)}" is not valid.`);
  // requestSubmit runs validation and the page's submit handlers, as a user's submission would.
  return () => requestSubmitOf(form, submitter);
}

/**
 * Actions that unload the document run after the answer has gone back to the background: a reply
 * sent while the document is already navigating away can be lost, and the background would then
 * report a performed action as failed.
 */
function afterReply(perform: () => void): void {
  setTimeout(perform, 0);
}

function scroll(element: Element | null, direction: 'up' | 'down' | 'left' | 'right', amount: number): void {
  const top = direction === 'down' ? amount : direction === 'up' ? -amount : 0;
  const left = direction === 'right' ? amount : direction === 'left' ? -amount : 0;
  (element ?? window).scrollBy({ top, left, behavior: 'instant' });
}

type Validated = Element & { willValidate: boolean; validity: ValidityState };
const willValidate = (field: Element): field is Validated => (field as Partial<Validated>).willValidate === true;
const fieldName = (field: Element) => (field.getAttribute('name') || field.id || field.localName).slice(0, 80);

const optionsOf = (select: HTMLSelectElement) =>
  Array.from(select.options, (o) => ({ value: o.value, text: shownOptionLabel(o), option: o }));

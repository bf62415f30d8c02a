/**
 * A form's own properties, read through HTMLFormElement.prototype's getters. A form's controls are
 * also its named properties, and they shadow the built-ins: `<input name="action">` makes
 * `form.action` that input (common on honest pages: PHP apps post `action=login`), and
 * `<input name="elements">` makes `form.elements` an input with no controls, which hid a login
 * form's password field from the credential check (a review, Dec 5).
 */
const getters = new Map<string, () => unknown>();
/** Looked up at first use: modules importing this also load where no DOM exists (unit tests in Node). */
function read<T>(form: HTMLFormElement, key: string): T {
  let get = getters.get(key);
  if (get === undefined) {
    get = Object.getOwnPropertyDescriptor(HTMLFormElement.prototype, key)?.get;
    if (!get) throw new TypeError(`HTMLFormElement has no ${key} getter`);
    getters.set(key, get);
  }
  return get.call(form) as T;
}

export const formControls = (form: HTMLFormElement): Element[] => Array.from(read<HTMLFormControlsCollection>(form, 'elements'));
export const formAction = (form: HTMLFormElement): string => read(form, 'action');
export const formMethod = (form: HTMLFormElement): string => read(form, 'method');
export const formEnctype = (form: HTMLFormElement): string => read(form, 'enctype');
export const formTarget = (form: HTMLFormElement): string => read(form, 'target');
export const formNoValidate = (form: HTMLFormElement): boolean => read(form, 'noValidate');

/** Submits as a user would (validation, the page's submit handlers), through the prototype's method: a control named `requestSubmit` is not it. */
export function requestSubmitOf(form: HTMLFormElement, submitter: HTMLElement | null): void {
  const submit = HTMLFormElement.prototype.requestSubmit;
  if (submitter) submit.call(form, submitter);
  else submit.call(form);
}

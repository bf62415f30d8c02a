/** Small builders for the settings form's controls; every word they show is passed in, already translated. */

export type Choice = { value: string; label: string };

export function select(field: string, choices: readonly Choice[], value: string): HTMLSelectElement {
  const element = document.createElement('select');
  element.dataset.field = field;
  element.append(...choices.map((choice) => new Option(choice.label, choice.value)));
  element.value = value;
  return element;
}

export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, ...children: (Node | string)[]) {
  const made = document.createElement(tag);
  if (className !== undefined) made.className = className;
  made.append(...children);
  return made;
}

let nextId = 0;
export const uniqueId = (prefix: string) => `${prefix}-${++nextId}`;

/**
 * Shows `message` (null: nothing) next to the control it concerns: right after it, or in its
 * row's error slot, linked with aria-describedby and marked aria-invalid.
 */
export function setFieldError(control: HTMLElement, message: string | null, kind: 'typed' | 'saved' = 'typed'): void {
  const slot = control.closest('[data-error-slot]') ?? control.parentElement!;
  let shown = slot.querySelector<HTMLElement>(':scope > .field-error');
  if (message === null) {
    shown?.remove();
    control.removeAttribute('aria-invalid');
    control.removeAttribute('aria-describedby');
    return;
  }
  if (shown === null) {
    shown = element('span', 'field-error');
    shown.id = uniqueId('error');
    slot.append(shown);
  }
  // Saved: an error the background answered with, cleared on the next save or load.
  shown.dataset.kind = kind;
  shown.textContent = message;
  control.setAttribute('aria-invalid', 'true');
  control.setAttribute('aria-describedby', shown.id);
}

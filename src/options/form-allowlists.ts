import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { element, setFieldError } from './form-dom';
import { checkPayee, checkSite, type ListName, readList, writeList } from './form-model';
import { payeeWords, siteWords } from './problem-words';

export type AllowlistControls = { list: HTMLUListElement; add: HTMLButtonElement };

/** The plain-word problem with one entry, given the entries before it (a repeat is named at the second). */
function problemOf(list: ListName, value: string, before: readonly string[]): string | null {
  if (list === 'navigation') {
    const problem = checkSite(value, before);
    return problem === null ? null : siteWords(problem, value);
  }
  const problem = checkPayee(value, before);
  return problem === null ? null : payeeWords(problem, value);
}

/**
 * One allowlist (navigation sites or payees) as a list of fields, each checked as you type;
 * "Add" appends an empty field to type into, and Remove takes an entry out.
 */
export function initAllowlist(list: ListName, controls: AllowlistControls, draft: Draft, signal: AbortSignal): void {
  const inputs = () => Array.from(controls.list.querySelectorAll<HTMLInputElement>('input'));
  const values = () => inputs().map((input) => input.value);
  const validate = () => {
    const all = inputs();
    all.forEach((input, index) => {
      setFieldError(
        input,
        problemOf(
          list,
          input.value,
          all.slice(0, index).map((other) => other.value.trim()),
        ),
      );
    });
  };
  const store = () => draft.edit((json) => writeList(json, list, values()));

  const entry = (value: string, index: number) => {
    const input = element('input');
    input.type = 'text';
    input.value = value;
    input.spellcheck = false;
    input.autocomplete = 'off';
    input.dataset.field = fieldKey('allowlists', list, index);
    const label = list === 'navigation' ? t('navigationEntryLabel', index + 1) : t('payeeEntryLabel', index + 1);
    input.setAttribute('aria-label', label);
    input.addEventListener('input', () => {
      store();
      validate();
    });
    const remove = element('button', 'remove', t('remove'));
    remove.type = 'button';
    remove.setAttribute('aria-label', t('removeEntry', value === '' ? index + 1 : value));
    remove.addEventListener('click', () => {
      const kept = values().filter((_, other) => other !== index);
      draft.edit((json) => writeList(json, list, kept));
      render(kept);
      controls.add.focus();
    });
    const item = element('li', 'entry-row', input, remove);
    item.dataset.errorSlot = '';
    return item;
  };

  const render = (entries = readList(draft.view().shown, list)) => {
    controls.list.replaceChildren(...entries.map(entry));
    validate();
  };
  controls.add.addEventListener(
    'click',
    () => {
      const entries = [...values(), ''];
      draft.edit((json) => writeList(json, list, entries));
      render(entries);
      inputs().at(-1)?.focus();
    },
    { signal },
  );
  render();
  draft.subscribe((origin) => origin !== 'form' && render(), signal);
}

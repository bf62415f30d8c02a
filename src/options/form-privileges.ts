import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { type Choice, element, select } from './form-dom';
import { DECISIONS, PRIVILEGES, readCell, readUnsupported, TRUSTS, UNSUPPORTED, writeCell, writeUnsupported } from './form-model';
import { DECISION_LABEL, PRIVILEGE_LABEL, TRUST_LABEL } from './labels';

const choices = (values: readonly (keyof typeof DECISION_LABEL)[]) => values.map((value) => ({ value, label: t(DECISION_LABEL[value]) }));

/**
 * One cell of the privilege table: allow, ask or block (after `first`, such as a site's "same as
 * its trust level"), marked with the decision shown for styling, writing through `write` on change.
 */
export function decisionSelect(field: string, value: string, write: (value: string) => void, first: Choice[] = []): HTMLSelectElement {
  const control = select(field, [...first, ...choices(DECISIONS)], value);
  control.dataset.decision = control.value;
  control.addEventListener('change', () => {
    control.dataset.decision = control.value;
    write(control.value);
  });
  return control;
}

/**
 * The privilege table: a row per site trust, a column per privilege, each cell a choice of allow,
 * ask or block; and, per trust, what an action Warrant could not fully check leads to.
 */
export function initPrivileges(table: HTMLTableElement, unsupported: HTMLElement, draft: Draft, signal: AbortSignal): void {
  const render = () => {
    const shown = draft.view().shown;
    const head = element('tr', undefined, element('td'));
    for (const privilege of PRIVILEGES) {
      const cell = element('th', undefined, t(PRIVILEGE_LABEL[privilege]));
      cell.scope = 'col';
      cell.id = `col-${privilege}`;
      head.append(cell);
    }
    const rows = TRUSTS.map((trust) => {
      const header = element('th', undefined, t(TRUST_LABEL[trust]));
      header.scope = 'row';
      header.id = `row-${trust}`;
      const cells = PRIVILEGES.map((privilege) => {
        const control = decisionSelect(fieldKey('privileges', trust, privilege), readCell(shown, trust, privilege), (value) =>
          draft.edit((json) => writeCell(json, trust, privilege, value)),
        );
        control.setAttribute('aria-labelledby', `row-${trust} col-${privilege}`);
        return element('td', undefined, control);
      });
      return element('tr', undefined, header, ...cells);
    });
    table.replaceChildren(element('thead', undefined, head), element('tbody', undefined, ...rows));

    unsupported.replaceChildren(
      ...TRUSTS.map((trust) => {
        const control = select(fieldKey('unsupported', trust), choices(UNSUPPORTED), readUnsupported(shown, trust));
        control.addEventListener('change', () => draft.edit((json) => writeUnsupported(json, trust, control.value)));
        return element('label', 'inline', element('span', undefined, t(TRUST_LABEL[trust])), control);
      }),
    );
  };
  render();
  draft.subscribe((origin) => origin !== 'form' && render(), signal);
}

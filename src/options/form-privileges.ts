import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { element, select } from './form-dom';
import { DECISIONS, PRIVILEGES, readCell, readUnsupported, TRUSTS, UNSUPPORTED, writeCell, writeUnsupported } from './form-model';
import { DECISION_LABEL, PRIVILEGE_LABEL, TRUST_LABEL } from './labels';

const choices = (values: readonly (keyof typeof DECISION_LABEL)[]) => values.map((value) => ({ value, label: t(DECISION_LABEL[value]) }));

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
        const control = select(fieldKey('privileges', trust, privilege), choices(DECISIONS), readCell(shown, trust, privilege));
        control.setAttribute('aria-labelledby', `row-${trust} col-${privilege}`);
        control.dataset.decision = control.value;
        control.addEventListener('change', () => {
          control.dataset.decision = control.value;
          draft.edit((json) => writeCell(json, trust, privilege, control.value));
        });
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

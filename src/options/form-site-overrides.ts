import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { element } from './form-dom';
import { PRIVILEGES, readCell, readSites, type SiteRow, writeSiteOverride } from './form-model';
import { decisionSelect } from './form-privileges';
import { DECISION_LABEL, PRIVILEGE_LABEL } from './labels';

export type SiteOverrides = { details: HTMLDetailsElement; refresh(): void };

/**
 * A site's own privilege rules (sites[site].privileges), folded under its row: per privilege,
 * "same as its trust level" — naming what that is now — or allow, ask or block for this site
 * alone. The same select as the privilege table's cells. `refresh` rewrites what "same as its
 * trust level" means after the site's trust or the table changed.
 */
export function siteOverrides(row: SiteRow, draft: Draft, open: Set<string>): SiteOverrides {
  const summary = element('summary');
  const cells = PRIVILEGES.map((privilege) => {
    const control = decisionSelect(
      fieldKey('sites', row.site, 'privileges', privilege),
      row.privileges[privilege],
      (value) => {
        draft.edit((json) => writeSiteOverride(json, row.site, privilege, value));
        refresh();
      },
      [{ value: '', label: '' }],
    );
    const words = t(PRIVILEGE_LABEL[privilege]);
    control.setAttribute('aria-label', t('siteOverrideLabel', words, row.site));
    const cell = element('div', 'override', element('span', undefined, words), control);
    cell.dataset.errorSlot = '';
    return { privilege, control, cell };
  });

  const refresh = () => {
    const shown = draft.view().shown;
    const trust = readSites(shown).find((candidate) => candidate.site === row.site)?.trust ?? row.trust;
    for (const { privilege, control } of cells) {
      control.options[0]!.text = t('overrideInherit', t(DECISION_LABEL[readCell(shown, trust, privilege)]));
    }
    summary.textContent = t('siteOverridesSummary', cells.filter((cell) => cell.control.value !== '').length);
  };

  const details = element(
    'details',
    'site-overrides',
    summary,
    element('p', 'hint', t('siteOverridesNote')),
    element('div', 'override-grid', ...cells.map((cell) => cell.cell)),
  );
  details.open = open.has(row.site);
  details.addEventListener('toggle', () => (details.open ? open.add(row.site) : open.delete(row.site)));
  refresh();
  return { details, refresh };
}

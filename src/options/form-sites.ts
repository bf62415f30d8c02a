import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { element, select, setFieldError } from './form-dom';
import { checkSite, MODES, readSites, removeSite, type SiteRow, TRUSTS, writeSite } from './form-model';
import { siteOverrides } from './form-site-overrides';
import { MODE_LABEL, TRUST_LABEL } from './labels';
import { siteWords } from './problem-words';

export type SiteControls = {
  list: HTMLUListElement;
  empty: HTMLElement;
  input: HTMLInputElement;
  trust: HTMLSelectElement;
  add: HTMLButtonElement;
};

const trustChoices = () => TRUSTS.map((value) => ({ value, label: t(TRUST_LABEL[value]) }));
const modeChoices = () => [{ value: '', label: t('modeInherit') }, ...MODES.map((value) => ({ value, label: t(MODE_LABEL[value]) }))];

/**
 * Per-site trust: a row per site with its trust and interception, a Remove button and, folded, its
 * own privilege rules (form-site-overrides.ts); and an
 * "Add site" field checked as you type by the policy's own site validator. `#add=<site>` in the
 * page's address (the popup's "Add this site") fills the field in.
 */
export function initSites(controls: SiteControls, draft: Draft, signal: AbortSignal): void {
  const { list, input, add } = controls;
  controls.trust.replaceChildren(...trustChoices().map((choice) => new Option(choice.label, choice.value)));
  controls.trust.value = 'trusted';

  // Which sites' own rules are unfolded, kept across redraws; and how to refresh what each row's
  // "same as its trust level" says when the form changes a trust or the privilege table.
  const open = new Set<string>();
  let refreshers: (() => void)[] = [];
  const render = () => {
    const rows = readSites(draft.view().shown);
    refreshers = [];
    list.replaceChildren(...rows.map((row) => siteItem(row)));
    controls.empty.hidden = rows.length > 0;
  };

  const siteItem = (row: SiteRow) => {
    const trust = select(fieldKey('sites', row.site), trustChoices(), row.trust);
    trust.setAttribute('aria-label', t('siteTrustLabel', row.site));
    trust.addEventListener('change', () => draft.edit((json) => writeSite(json, row.site, { trust: trust.value })));
    const mode = select(fieldKey('sites', row.site, 'interception'), modeChoices(), row.interception);
    mode.setAttribute('aria-label', t('siteModeLabel', row.site));
    mode.addEventListener('change', () => draft.edit((json) => writeSite(json, row.site, { interception: mode.value })));
    const remove = element('button', 'remove', t('remove'));
    remove.type = 'button';
    remove.setAttribute('aria-label', t('removeSite', row.site));
    remove.addEventListener('click', () => {
      draft.edit((json) => removeSite(json, row.site));
      render();
      input.focus();
    });
    const name = element('span', 'site-name', row.site);
    const overrides = siteOverrides(row, draft, open);
    refreshers.push(overrides.refresh);
    const item = element('li', 'site-row', name, trust, mode, remove, overrides.details);
    item.dataset.site = row.site;
    item.dataset.errorSlot = '';
    return item;
  };

  const existing = () => readSites(draft.view().shown).map((row) => row.site);
  const check = (showEmpty: boolean) => {
    const problem = checkSite(input.value, existing());
    setFieldError(input, problem === null || (problem.problem === 'empty' && !showEmpty) ? null : siteWords(problem, input.value));
    return problem;
  };
  input.addEventListener('input', () => check(false), { signal });
  const addSite = () => {
    if (check(true) !== null) {
      input.focus();
      return;
    }
    const site = input.value.trim();
    draft.edit((json) => writeSite(json, site, { trust: controls.trust.value }));
    input.value = '';
    render();
    list.lastElementChild?.querySelector('select')?.focus();
  };
  add.addEventListener('click', addSite, { signal });
  input.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Enter') return;
      event.preventDefault();
      addSite();
    },
    { signal },
  );

  render();
  draft.subscribe((origin) => {
    if (origin !== 'form') render();
    else for (const refresh of refreshers) refresh();
  }, signal);

  const prefill = /^#add=(.+)$/.exec(location.hash)?.[1];
  if (prefill !== undefined) {
    try {
      input.value = decodeURIComponent(prefill);
    } catch {
      input.value = prefill;
    }
    check(true);
    input.focus();
    input.scrollIntoView({ block: 'center' });
  }
}

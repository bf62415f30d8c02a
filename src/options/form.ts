import type { PolicyState } from '../messages/policy-ui';
import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { initAllowlist } from './form-allowlists';
import { element } from './form-dom';
import { initGeneral } from './form-general';
import { initPrivileges } from './form-privileges';
import { initSites } from './form-sites';
import { byId } from './view';

/** The settings form: every section edits the one draft the JSON editor shows too. */
export function initForm(draft: Draft, signal: AbortSignal): void {
  initPrivileges(byId<HTMLTableElement>('privileges-table'), byId('unsupported'), draft, signal);
  initGeneral({ ocr: byId('ocr'), timeout: byId<HTMLInputElement>('ask-timeout'), interception: byId('interception') }, draft, signal);
  initSites(
    {
      list: byId<HTMLUListElement>('sites-list'),
      empty: byId('sites-empty'),
      input: byId<HTMLInputElement>('add-site'),
      trust: byId<HTMLSelectElement>('add-site-trust'),
      add: byId<HTMLButtonElement>('add-site-button'),
    },
    draft,
    signal,
  );
  initAllowlist(
    'navigation',
    { list: byId<HTMLUListElement>('navigation-list'), add: byId<HTMLButtonElement>('add-navigation') },
    draft,
    signal,
  );
  initAllowlist('payees', { list: byId<HTMLUListElement>('payees-list'), add: byId<HTMLButtonElement>('add-payee') }, draft, signal);
}

/**
 * A setting the administrator's managed policy sets is shown with the administrator's value,
 * disabled, with a note saying who set it. Call before the draft is redrawn.
 */
export function showLocks(draft: Draft, state: PolicyState): void {
  draft.setManaged(state.managed, state.locked);
  for (const fieldset of byId('settings-form').querySelectorAll('fieldset')) {
    const locked = state.locked.some((key) => key === fieldset.dataset.key);
    fieldset.disabled = locked;
    fieldset.classList.toggle('locked', locked);
    fieldset.querySelector(':scope > .lock-note')?.remove();
    if (locked) fieldset.querySelector('legend')!.after(element('p', 'lock-note', t('lockedByAdmin')));
  }
}

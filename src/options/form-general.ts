import { POLICY_LIMITS } from '../core/policy';
import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { fieldKey } from './field-paths';
import { element, select } from './form-dom';
import { MODES, PRIVILEGES, readInterception, readOcr, readTimeout, writeOcr, writeTimeout } from './form-model';
import { MODE_LABEL, PRIVILEGE_LABEL } from './labels';

export type GeneralControls = { ocr: HTMLElement; timeout: HTMLInputElement; interception: HTMLElement };

/** Reading the screen (OCR) per privilege, how long a question waits, and the interception mode. */
export function initGeneral(controls: GeneralControls, draft: Draft, signal: AbortSignal): void {
  const { timeout } = controls;
  timeout.dataset.field = fieldKey('askTimeoutSeconds');
  timeout.min = String(POLICY_LIMITS.askTimeoutSeconds.min);
  timeout.max = String(POLICY_LIMITS.askTimeoutSeconds.max);
  timeout.addEventListener('input', () => draft.edit((json) => writeTimeout(json, timeout.value)), { signal });

  const render = () => {
    const shown = draft.view().shown;
    controls.ocr.replaceChildren(
      ...PRIVILEGES.map((privilege) => {
        const box = element('input');
        box.type = 'checkbox';
        box.dataset.field = fieldKey('ocr', privilege);
        box.checked = readOcr(shown, privilege);
        box.addEventListener('change', () => draft.edit((json) => writeOcr(json, privilege, box.checked)));
        return element('label', 'inline', box, element('span', undefined, t(PRIVILEGE_LABEL[privilege])));
      }),
    );
    timeout.value = readTimeout(shown);
    const mode = select(
      fieldKey('interception'),
      MODES.map((value) => ({ value, label: t(MODE_LABEL[value]) })),
      readInterception(shown),
    );
    mode.id = 'interception-mode';
    mode.addEventListener('change', () => draft.edit((json) => (json.interception = mode.value)));
    controls.interception.replaceChildren(mode);
  };
  render();
  draft.subscribe((origin) => origin !== 'form' && render(), signal);
}

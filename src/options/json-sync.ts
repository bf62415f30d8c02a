import { t } from '../ui/i18n';
import type { Draft } from './draft';
import { pretty } from './view';

/**
 * Keeps the JSON editor and the form on the same policy: a change in the form rewrites the
 * editor; JSON typed in the editor redraws the form once it parses (until then the form keeps
 * the last version that did, and says so).
 */
export function initJsonSync(editor: HTMLTextAreaElement, note: HTMLElement, draft: Draft, signal: AbortSignal): void {
  draft.subscribe((origin) => {
    if (origin === 'form') editor.value = pretty(draft.json);
    if (origin !== 'editor') note.hidden = true;
  }, signal);
  editor.addEventListener(
    'input',
    () => {
      let json: unknown;
      try {
        json = JSON.parse(editor.value);
      } catch {
        note.textContent = t('formWaitsForJson');
        note.hidden = false;
        return;
      }
      note.hidden = true;
      draft.replace(json, 'editor');
    },
    { signal },
  );
}

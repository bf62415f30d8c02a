import browser from 'webextension-polyfill';
import { DEFAULT_POLICY, type PolicyIssue, parsePolicy } from '../core/policy';
import { PolicySetResponseSchema, type PolicyState, PolicyStateSchema } from '../messages/policy-ui';
import type { UiRequest } from '../messages/ui-background';
import { localizePage, t } from '../ui/i18n';
import { download, readChosenFile } from './files';
import { byId, pretty, setStatus, showErrors, showState } from './view';

localizePage();
const editor = byId<HTMLTextAreaElement>('policy');

function describe(state: PolicyState, done: string): string {
  if (state.errors.length > 0) return t('statusStrict', done);
  return state.stored === null ? t('statusDefaults', done) : done;
}

async function request(message: UiRequest): Promise<unknown> {
  return browser.runtime.sendMessage(message);
}

async function load(): Promise<PolicyState | null> {
  const parsed = PolicyStateSchema.safeParse(await request({ kind: 'policy:get' }));
  if (!parsed.success) {
    setStatus(t('policyUnreadable'));
    return null;
  }
  return parsed.data;
}

async function refresh(): Promise<void> {
  const state = await load();
  if (state === null) return;
  showState(state);
  showErrors(state.errors);
  editor.value = pretty(state.stored ?? DEFAULT_POLICY);
  setStatus(describe(state, t('loaded')));
}

function parseEditor(): { ok: true; json: unknown } | { ok: false; errors: PolicyIssue[] } {
  try {
    return { ok: true, json: JSON.parse(editor.value) };
  } catch (error) {
    return { ok: false, errors: [{ path: '(json)', message: t('notValidJson', (error as Error).message) }] };
  }
}

async function save(): Promise<void> {
  const parsed = parseEditor();
  if (!parsed.ok) {
    showErrors(parsed.errors);
    setStatus(t('notSaved'));
    return;
  }
  // The background validates again and is the one that decides; this page only shows its answer.
  const response = PolicySetResponseSchema.safeParse(await request({ kind: 'policy:set', policy: parsed.json }));
  if (!response.success) {
    setStatus(t('noValidAnswer'));
    return;
  }
  if (!response.data.ok) {
    showErrors(response.data.errors);
    const count = response.data.errors.length;
    setStatus(count === 1 ? t('notSavedErrorsOne') : t('notSavedErrorsMany', count));
    return;
  }
  const state = response.data.state;
  showState(state);
  showErrors(state.errors);
  editor.value = pretty(state.stored);
  setStatus(describe(state, t('saved')));
}

async function exportPolicy(): Promise<void> {
  const state = await load();
  if (state === null) return;
  download('warrant-policy.json', `${pretty(state.stored ?? DEFAULT_POLICY)}\n`);
  setStatus(t('exportedPolicy'));
}

async function importPolicy(input: HTMLInputElement): Promise<void> {
  let chosen: { name: string; text: string } | null;
  try {
    chosen = await readChosenFile(input);
  } catch (error) {
    showErrors([{ path: '(file)', message: (error as Error).message }]);
    return;
  }
  if (chosen === null) return;
  editor.value = chosen.text;
  const json = parseEditor();
  // Older exports are migrated here already, so what is saved is what is shown.
  const parsed = json.ok ? parsePolicy(json.json) : json;
  if (!parsed.ok) {
    showErrors(parsed.errors);
    setStatus(t('importHasErrors', chosen.name));
    return;
  }
  editor.value = pretty(parsed.policy);
  showErrors([]);
  setStatus(t('imported', chosen.name));
}

byId('save').addEventListener('click', () => void save());
byId('export').addEventListener('click', () => void exportPolicy());
byId('defaults').addEventListener('click', () => {
  editor.value = pretty(DEFAULT_POLICY);
  showErrors([]);
  setStatus(t('defaultsLoaded'));
});
const importInput = byId<HTMLInputElement>('import');
importInput.addEventListener('change', () => void importPolicy(importInput));

void refresh();

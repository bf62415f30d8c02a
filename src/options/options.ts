import browser from 'webextension-polyfill';
import { DEFAULT_POLICY, type PolicyIssue, parsePolicy } from '../core/policy';
import { type PolicyIssueMessage, PolicySetResponseSchema, type PolicyState, PolicyStateSchema } from '../messages/policy-ui';
import type { UiRequest } from '../messages/ui-background';
import { localizePage, t } from '../ui/i18n';
import { Draft } from './draft';
import { showFieldErrors } from './field-errors';
import { download, readChosenFile } from './files';
import { initForm, showLocks } from './form';
import { initJsonSync } from './json-sync';
import { initReset } from './reset';
import { byId, pretty, setStatus, showErrors, showState } from './view';

localizePage();
const signal = new AbortController().signal;
const editor = byId<HTMLTextAreaElement>('policy');
const form = byId('settings-form');
const draft = new Draft();
initForm(draft, signal);
initJsonSync(editor, byId('json-note'), draft, signal);

/** Shows a policy in both views: the JSON editor and the form. */
function show(policy: unknown): void {
  editor.value = pretty(policy);
  draft.replace(policy, 'page');
}

/** The errors in the list above the form (with their paths) and at the fields they concern. */
function errors(issues: readonly PolicyIssueMessage[]): void {
  showErrors(issues);
  showFieldErrors(form, issues, draft.json);
}

/** The administrator's locks and the policy in effect. */
function applyState(loaded: PolicyState): void {
  showState(loaded);
  showLocks(draft, loaded);
}

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
  showPolicyState(state, state.stored ?? DEFAULT_POLICY);
  setStatus(describe(state, t('loaded')));
}

function parseEditor(): { ok: true; json: unknown } | { ok: false; errors: PolicyIssue[] } {
  try {
    return { ok: true, json: JSON.parse(editor.value) };
  } catch (error) {
    return { ok: false, errors: [{ path: '(json)', message: t('notValidJson', (error as Error).message) }] };
  }
}

function showPolicyState(loaded: PolicyState, policy: unknown): void {
  applyState(loaded);
  show(policy);
  errors(loaded.errors);
}

async function save(): Promise<void> {
  const parsed = parseEditor();
  if (!parsed.ok) {
    showErrors(parsed.errors);
    setStatus(t('notSaved'));
    return;
  }
  // The editor may have been changed without an input event (a script, a paste): the form follows.
  draft.replace(parsed.json, 'page');
  // The background validates again and is the one that decides; this page only shows its answer.
  const response = PolicySetResponseSchema.safeParse(await request({ kind: 'policy:set', policy: parsed.json }));
  if (!response.success) {
    setStatus(t('noValidAnswer'));
    return;
  }
  if (!response.data.ok) {
    errors(response.data.errors);
    const count = response.data.errors.length;
    setStatus(count === 1 ? t('notSavedErrorsOne') : t('notSavedErrorsMany', count));
    return;
  }
  const state = response.data.state;
  showPolicyState(state, state.stored);
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
    if (json.ok) draft.replace(json.json, 'page');
    errors(parsed.errors);
    setStatus(t('importHasErrors', chosen.name));
    return;
  }
  show(parsed.policy);
  errors([]);
  setStatus(t('imported', chosen.name));
}

byId('save').addEventListener('click', () => void save());
byId('save-form').addEventListener('click', () => void save());
byId('export').addEventListener('click', () => void exportPolicy());
byId('defaults').addEventListener('click', () => {
  show(DEFAULT_POLICY);
  errors([]);
  setStatus(t('defaultsLoaded'));
});
const resetControls = {
  open: byId<HTMLButtonElement>('reset'),
  dialog: byId<HTMLDialogElement>('reset-dialog'),
  confirm: byId<HTMLButtonElement>('reset-confirm'),
  cancel: byId<HTMLButtonElement>('reset-cancel'),
};
initReset(
  resetControls,
  async () => {
    show(DEFAULT_POLICY);
    await save();
  },
  signal,
);
const importInput = byId<HTMLInputElement>('import');
importInput.addEventListener('change', () => void importPolicy(importInput));

void refresh();

import type { PolicyIssueMessage, PolicyState } from '../messages/policy-ui';
import { t } from '../ui/i18n';

export const pretty = (value: unknown) => JSON.stringify(value, null, 2);

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`#${id} is missing from the options page.`);
  return element as T;
}

export function setStatus(text: string): void {
  byId('status').textContent = text;
}

/** Every value shown here may come from an imported file or an administrator: text nodes only. */
export function showErrors(issues: readonly PolicyIssueMessage[]): void {
  byId('errors').replaceChildren(...issues.map(issueItem));
}

function issueItem(issue: PolicyIssueMessage): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.path = issue.path;
  if (issue.source !== undefined) item.dataset.source = issue.source;
  const path = document.createElement('code');
  path.textContent = issue.path;
  item.append(issue.source === undefined ? '' : `${t(`source_${issue.source}`)}: `, path, ` — ${issue.message}`);
  return item;
}

export function showState(state: PolicyState): void {
  byId('effective').textContent = pretty(state.effective);
  byId('managed').hidden = state.locked.length === 0;
  byId('locked').replaceChildren(...state.locked.map((key) => lockedItem(key, state.managed[key])));
}

function lockedItem(key: string, value: unknown): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.key = key;
  const name = document.createElement('code');
  name.textContent = key;
  const shown = document.createElement('pre');
  shown.textContent = pretty(value);
  item.append(name, shown);
  return item;
}

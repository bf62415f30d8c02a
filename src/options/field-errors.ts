import { POLICY_LIMITS } from '../core/policy';
import type { PolicyIssueMessage } from '../messages/policy-ui';
import { t } from '../ui/i18n';
import { fieldsFor, pathSegments } from './field-paths';
import { setFieldError } from './form-dom';
import { checkPayee, checkSite, type Json } from './form-model';
import { payeeWords, siteWords } from './problem-words';

/** The issue in plain words where the form knows better words than the validator's; else its own message. */
function plainWords(issue: PolicyIssueMessage, json: Json): string {
  const segments = pathSegments(issue.path) ?? [];
  const [top, second, third] = segments;
  if (top === 'askTimeoutSeconds') return t('timeoutRange', POLICY_LIMITS.askTimeoutSeconds.min, POLICY_LIMITS.askTimeoutSeconds.max);
  if (top === 'sites' && typeof second === 'string' && segments.length === 2) {
    const problem = checkSite(second);
    if (problem !== null) return siteWords(problem, second);
  }
  if (top === 'sites' && third === 'privileges' && segments.length === 4) return t('overrideInvalid');
  if (top === 'allowlists' && typeof third === 'number') {
    const lists = json.allowlists as Record<string, unknown[]> | undefined;
    const value = lists?.[String(second)]?.[third];
    if (typeof value === 'string') {
      const site = second === 'navigation' ? checkSite(value) : null;
      const payee = second === 'payees' ? checkPayee(value) : null;
      if (site !== null) return siteWords(site, value);
      if (payee !== null) return payeeWords(payee, value);
    }
  }
  return issue.message;
}

/**
 * Puts each of the background's errors next to the control it concerns (the most precise one the
 * form shows); the errors list above the form keeps all of them, with their paths. Answers how
 * many found a control.
 */
export function showFieldErrors(form: HTMLElement, issues: readonly PolicyIssueMessage[], json: Json): number {
  for (const shown of form.querySelectorAll<HTMLElement>('.field-error[data-kind="saved"]')) {
    const control = form.querySelector<HTMLElement>(`[aria-describedby="${shown.id}"]`);
    if (control !== null) setFieldError(control, null);
    else shown.remove();
  }
  const controls = Array.from(form.querySelectorAll<HTMLElement>('[data-field]'));
  let placed = 0;
  for (const issue of issues) {
    if (issue.source === 'managed') continue;
    const control = fieldsFor(issue.path)
      .map((key) => controls.find((candidate) => candidate.dataset.field === key))
      .find((found) => found !== undefined);
    if (control === undefined) continue;
    setFieldError(control, plainWords(issue, json), 'saved');
    // A site's own rule is folded away: unfold it so the error is seen.
    const folded = control.closest('details');
    if (folded !== null) folded.open = true;
    placed++;
  }
  return placed;
}

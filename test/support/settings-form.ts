import type { TestPage } from './browsers';

/** The key a form control carries for the place in the policy it edits (src/options/field-paths.ts). */
export const field = (...path: (string | number)[]) => JSON.stringify(path);

/** Drives the settings form through its DOM, with the events a user's input fires. */
export const settingsForm = (page: TestPage) => ({
  /** Chooses `value` in the control for `key` (a select or a checkbox), firing `change`. */
  choose: (key: string, value: string | boolean) =>
    page.evaluate(
      ({ key, value }) => {
        const control = Array.from(document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-field]')).find(
          (element) => element.dataset.field === key,
        );
        if (control === undefined) throw new Error(`No control for ${key}`);
        if (typeof value === 'boolean') (control as HTMLInputElement).checked = value;
        else control.value = value;
        control.dispatchEvent(new Event('change', { bubbles: true }));
      },
      { key, value },
    ),
  /** Types into the element with this id or data-field key, firing `input`. */
  type: (target: string, text: string) =>
    page.evaluate(
      ({ target, text }) => {
        const control = (document.getElementById(target) ??
          Array.from(document.querySelectorAll<HTMLInputElement>('[data-field]')).find(
            (e) => e.dataset.field === target,
          )) as HTMLInputElement;
        control.value = text;
        control.dispatchEvent(new Event('input', { bubbles: true }));
      },
      { target, text },
    ),
  press: (id: string) => page.evaluate((button) => document.getElementById(button)!.click(), id),
  /** The value of the control for `key`, and the error shown for it (null when none), with whether it is disabled. */
  control: (key: string) =>
    page.evaluate((wanted) => {
      const control = Array.from(document.querySelectorAll<HTMLInputElement>('[data-field]')).find((e) => e.dataset.field === wanted);
      if (control === undefined) return null;
      const described = control.getAttribute('aria-describedby');
      return {
        value: control.type === 'checkbox' ? String(control.checked) : control.value,
        error: described === null ? null : (document.getElementById(described)?.textContent ?? null),
        invalid: control.getAttribute('aria-invalid') === 'true',
        disabled: control.matches(':disabled'),
      };
    }, key),
  /** The error next to the element with this id (the add-site field). */
  errorAt: (id: string) =>
    page.evaluate((target) => {
      const described = document.getElementById(target)!.getAttribute('aria-describedby');
      return described === null ? null : (document.getElementById(described)?.textContent ?? null);
    }, id),
  /** A site's folded own rules: whether unfolded, the summary, and what "same as its trust level" says for each privilege. */
  siteRules: (site: string) =>
    page.evaluate((wanted) => {
      const details = document.querySelector<HTMLDetailsElement>(`#sites-list > li[data-site="${wanted}"] details`);
      if (details === null) return null;
      const inherit = Array.from(details.querySelectorAll('select'), (select) => select.options[0]!.text);
      return { open: details.open, summary: details.querySelector('summary')!.textContent ?? '', inherit };
    }, site),
  /** Unfolds (or folds) a site's own rules by clicking its summary, as a user would. */
  toggleSiteRules: (site: string) =>
    page.evaluate((wanted) => {
      document.querySelector<HTMLElement>(`#sites-list > li[data-site="${wanted}"] details > summary`)!.click();
    }, site),
  sites: () => page.evaluate(() => Array.from(document.querySelectorAll<HTMLElement>('#sites-list > li'), (li) => li.dataset.site ?? '')),
  /** The policy as the background holds it now, asked from the settings page. */
  policyState: () =>
    page.evaluate(async () => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return (await api.runtime.sendMessage({ kind: 'policy:get' })) as { stored: unknown; effective: Record<string, unknown> };
    }),
});

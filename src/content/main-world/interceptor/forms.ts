import { patch } from '../patches';
import { apply, getOwnPropertyDescriptor } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { isElement } from './privilege';

type Submit = (this: HTMLFormElement, submitter?: HTMLElement | null) => void;

/**
 * form.submit() and form.requestSubmit(): a submission is always a commit (a credential with a
 * password field), exactly as the core rates the built-in submit tool.
 */
export function patchForms(): void {
  for (const key of ['submit', 'requestSubmit'] as const) {
    const descriptor = getOwnPropertyDescriptor(HTMLFormElement.prototype, key);
    const original = descriptor?.value as Submit | undefined;
    if (!descriptor || typeof original !== 'function') continue;
    const gated = {
      [key](this: HTMLFormElement, ...args: [HTMLElement?]) {
        if (!isElement(this)) return apply(original, this, args);
        const submitter = args[0];
        // With a submitter, Warrant replays the press of that button (which submits with it).
        const viaButton = key === 'requestSubmit' && submitter !== undefined && submitter !== null && isElement(submitter);
        const action = viaButton
          ? ({ tool: 'click', target: submitter, via: key, privileged: true } as const)
          : ({ tool: 'submit', target: this, via: key, privileged: true } as const);
        return intercept(action, () => apply(original, this, args));
      },
    }[key];
    patch(HTMLFormElement.prototype, key, { ...descriptor, value: gated }, INTERCEPTOR_GROUP);
  }
}

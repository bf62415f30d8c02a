import { patch, replaced, wrap } from '../patches';
import { apply, ownDescriptor } from '../primordials';
import { intercept } from './hold';
import { INTERCEPTOR_GROUP } from './mode';
import { isElement } from './privilege';

type Submit = (this: HTMLFormElement, submitter?: HTMLElement | null) => void;

/**
 * form.submit() and form.requestSubmit(): a submission is always a commit (a credential with a
 * password field), exactly as the core rates the built-in submit tool.
 */
export function patchForms(): void {
  const keys = ['submit', 'requestSubmit'] as const;
  for (let at = 0; at < keys.length; at += 1) {
    const key = keys[at]!;
    const descriptor = ownDescriptor(HTMLFormElement.prototype, key);
    const original = descriptor?.value as Submit | undefined;
    if (!descriptor || typeof original !== 'function') continue;
    const gated = wrap(original, (target, self, args) => {
      if (!isElement(self)) return apply(target, self, args);
      const submitter = args[0];
      // With a submitter, Warrant replays the press of that button (which submits with it).
      const viaButton = key === 'requestSubmit' && submitter !== undefined && submitter !== null && isElement(submitter);
      const action = viaButton
        ? ({ tool: 'click', target: submitter, via: key, privileged: true } as const)
        : ({ tool: 'submit', target: self, via: key, privileged: true } as const);
      return intercept(action, () => apply(target, self, args));
    });
    patch(HTMLFormElement.prototype, key, replaced(descriptor, 'value', gated), INTERCEPTOR_GROUP);
  }
}

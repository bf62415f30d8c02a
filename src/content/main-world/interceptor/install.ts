import { handleInterceptionMode } from '../channel';
import { watchForAgents } from './agent';
import { patchClick } from './click';
import { patchDispatchEvent } from './events';
import { patchForms } from './forms';
import { type InterceptionMode, setInterceptionMode } from './mode';

/**
 * Holds untrusted activations made by page scripts (in-page assistants that never call the page
 * API). Installed at document_start with the default mode; the site's mode follows from the policy.
 */
export function installInterceptor(): void {
  watchForAgents();
  patchClick();
  patchForms();
  patchDispatchEvent();
  handleInterceptionMode((mode: InterceptionMode) => setInterceptionMode(mode));
}

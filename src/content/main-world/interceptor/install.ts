import { handleAllow, handleInterceptionMode, handleSiteModeReady } from '../channel';
import { watchForAgents } from './agent';
import { allow } from './allowances';
import { patchClick } from './click';
import { patchDispatchEvent } from './events';
import { patchExecCommand } from './exec-command';
import { patchValueSetters } from './fields';
import { patchForms } from './forms';
import { guardUntrustedClicks } from './guard';
import { adoptSiteMode, type InterceptionMode, setInterceptionMode } from './mode';
import { guardNavigations } from './navigation';
import { patchWindowOpen } from './window-open';

/**
 * Holds actions made by page scripts (in-page assistants that never call the page API): clicks,
 * submissions, typing, navigations and new windows. Installed at document_start with the default
 * mode; the site's mode follows from the policy.
 */
export function installInterceptor(): void {
  watchForAgents();
  guardUntrustedClicks();
  guardNavigations();
  patchClick();
  patchForms();
  patchDispatchEvent();
  patchValueSetters();
  patchExecCommand();
  patchWindowOpen();
  handleInterceptionMode((mode: InterceptionMode) => setInterceptionMode(mode));
  handleSiteModeReady(adoptSiteMode);
  adoptSiteMode();
  handleAllow(allow);
}

import { askSiteMode } from '../channel';
import { restoreGroup } from '../patches';

export type InterceptionMode = 'off' | 'observe' | 'enforce';
export const INTERCEPTOR_GROUP = 'interceptor';

/**
 * The site's mode. Known from document_start where the background registered its script for this
 * site (src/background/site-mode-scripts.ts), else once its answer arrives over the port; until
 * then the default holds: privileged targets are enforced, everything else observed.
 */
let current: InterceptionMode | null = null;

export function interceptionMode(): InterceptionMode {
  if (current === null) adoptSiteMode();
  return current ?? 'enforce';
}

/**
 * Takes the mode the isolated world holds, if any, while the port's answer is still out. 'off' from
 * there passes actions through but keeps the wrappers: the registered script may be a moment stale
 * (a policy just changed), and only the background's answer may take the wrappers away for good.
 */
export function adoptSiteMode(): void {
  if (current === null) current = askSiteMode();
}

/** The background's answer, over the port: final for this document. */
export function setInterceptionMode(mode: InterceptionMode): void {
  current = mode;
  // Wrappers also pass through while "off", so a page that wrapped them again keeps working.
  if (mode === 'off') restoreGroup(INTERCEPTOR_GROUP);
}

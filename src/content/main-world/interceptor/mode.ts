import { restoreGroup } from '../patches';

export type InterceptionMode = 'off' | 'observe' | 'enforce';
export const INTERCEPTOR_GROUP = 'interceptor';

/**
 * Until the site's mode arrives from the background (after page scripts may already run), the
 * default holds: privileged targets are enforced, everything else observed.
 */
let current: InterceptionMode = 'enforce';

export function interceptionMode(): InterceptionMode {
  return current;
}

export function setInterceptionMode(mode: InterceptionMode): void {
  current = mode;
  // Wrappers also pass through while "off", so a page that wrapped them again keeps working.
  if (mode === 'off') restoreGroup(INTERCEPTOR_GROUP);
}

import browser from 'webextension-polyfill';
import { type Policy, siteModeScripts } from '../core/policy';
import { siteModeScriptPath } from '../messages/handshake';
import { serially } from './serial';

/**
 * Registers the document_start scripts that hand each page its site's interception mode before the
 * page's first script (src/content/site-mode.ts; the page API asks for it synchronously). Without
 * them the mode came only as the background's answer to the frame, after the page's first scripts:
 * on an observe site their privileged clicks were held by the enforce default.
 *
 * A registered script can be stale for a moment (the policy just changed); the background's answer
 * over the port still follows and is final, and only that answer turns interception 'off' for good.
 * A save removes the scripts before it writes (the stricter default holds meanwhile), and the load
 * that follows registers them for the new policy.
 */
const ID_PREFIX = 'warrant-site-mode-';

type Registration = {
  id: string;
  js: string[];
  matches: string[];
  excludeMatches: string[];
  allFrames: true;
  matchOriginAsFallback: true;
  runAt: 'document_start';
  persistAcrossSessions: true;
};

function registrations(policy: Policy | null): Registration[] {
  if (policy === null) return [];
  return siteModeScripts(policy).map(({ mode, matches, excludeMatches }) => ({
    id: `${ID_PREFIX}${mode}`,
    js: [siteModeScriptPath(mode)],
    matches,
    excludeMatches,
    allFrames: true,
    matchOriginAsFallback: true,
    runAt: 'document_start',
    // Registered again from the policy whenever it loads; persisting them covers the first pages
    // after a browser start, before this background has run.
    persistAcrossSessions: true,
  }));
}

/** What decides where a script runs, in one comparable form. */
function shape(scripts: { id: string; js?: string[]; matches?: string[]; excludeMatches?: string[] }[]): string {
  const rows = scripts
    .filter((script) => script.id.startsWith(ID_PREFIX))
    .map((script) => [script.id, script.js ?? [], [...(script.matches ?? [])].sort(), [...(script.excludeMatches ?? [])].sort()]);
  return JSON.stringify(rows.sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
}

/** Brings the registered scripts in line with `policy` (none for null); never rejects. */
export function registerSiteModes(policy: Policy | null): Promise<void> {
  const wanted = registrations(policy);
  return serially('site-mode-scripts', async () => {
    const scripting = browser.scripting;
    if (scripting === undefined) return;
    const existing = await scripting.getRegisteredContentScripts();
    if (shape(existing) === shape(wanted)) return;
    const ids = existing.map((script) => script.id).filter((id) => id.startsWith(ID_PREFIX));
    if (ids.length > 0) await scripting.unregisterContentScripts({ ids });
    if (wanted.length > 0) await scripting.registerContentScripts(wanted);
  }).catch((error: unknown) => {
    // Pages then get the mode from the background's answer alone, as before these scripts.
    console.warn('Warrant: the interception mode scripts could not be registered.', error);
  });
}

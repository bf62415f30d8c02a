import { siteOf } from '../text/site';
import type { InterceptionMode, Policy } from './schema';

/** One registered document_start script: the mode it hands over, on which pages. */
export type SiteModeScript = { mode: 'off' | 'observe'; matches: string[]; excludeMatches: string[] };

const MODES: readonly InterceptionMode[] = ['off', 'observe', 'enforce'];

/**
 * The match patterns for exactly the hosts `interceptionFor` gives this site's rule. A registrable
 * domain covers its subdomains (every one of them has that domain as its site); a site that is not
 * one (localhost, an IP address) is only itself, because its subdomains are sites of their own.
 */
export function sitePatterns(site: string): string[] {
  return siteOf(`http://sub.${site}/`) === site ? [`*://*.${site}/*`] : [`*://${site}/*`];
}

/** The modes that need a script: enforce is the page API's own default until the background answers. */
export const SCRIPTED_MODES = ['off', 'observe'] as const;
export type ScriptedMode = (typeof SCRIPTED_MODES)[number];

/**
 * Which mode script runs where, so that every page gets the mode the policy gives its site from the
 * page's first script on: the policy's default everywhere but the sites with a mode of their own,
 * and each of those modes on its sites. Enforce needs no script (the page API holds it until told
 * otherwise), so under the shipped policy no script runs on a site that has no mode of its own.
 * A wrong answer here is corrected by the background's answer a moment later, but is not harmless
 * meanwhile (an observe page lets privileged script clicks through), hence the exact patterns.
 */
export function siteModeScripts(policy: Policy): SiteModeScript[] {
  const own = new Map<InterceptionMode, string[]>(MODES.map((mode) => [mode, []]));
  for (const [site, rule] of Object.entries(policy.sites)) {
    if (rule.interception === undefined || rule.interception === policy.interception) continue;
    own.get(rule.interception)!.push(...sitePatterns(site));
  }
  const scripts: SiteModeScript[] = [];
  for (const mode of SCRIPTED_MODES) {
    if (mode === policy.interception) {
      const others = MODES.filter((other) => other !== mode).flatMap((other) => own.get(other)!);
      scripts.push({ mode, matches: ['<all_urls>'], excludeMatches: others.sort() });
    } else if (own.get(mode)!.length > 0) {
      scripts.push({ mode, matches: own.get(mode)!.sort(), excludeMatches: [] });
    }
  }
  return scripts;
}

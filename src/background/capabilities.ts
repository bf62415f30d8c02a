import type { ExtensionPageSender } from './sender';

/**
 * What each of Warrant's own pages may ask the background (Bitwarden's per-context capabilities):
 * decided from the browser-stamped sender URL, never from the message. The popup (and the prompt
 * window, the same page) answers asks and reads the audit; the settings page reads and writes the
 * policy; the offscreen document asks for nothing; any other page of the extension (a test probe,
 * a page added later and not listed here) gets nothing until it is listed.
 */
export type Capability = 'asks' | 'audit' | 'policy';
export type PageRole = 'popup' | 'settings' | 'offscreen' | 'unknown';

const PAGES: Record<string, PageRole> = {
  'src/popup/index.html': 'popup',
  'src/options/index.html': 'settings',
  'src/offscreen/index.html': 'offscreen',
};

const GRANTS: Record<PageRole, ReadonlySet<Capability>> = {
  popup: new Set(['asks', 'audit']),
  settings: new Set(['policy']),
  offscreen: new Set(),
  unknown: new Set(),
};

/** The page's role from its URL (`base`: this extension's root URL): the path within it, whatever the query or fragment. */
export function roleOf(sender: ExtensionPageSender, base: string): PageRole {
  if (!sender.url.startsWith(base)) return 'unknown';
  const path = sender.url.slice(base.length).split(/[?#]/u, 1)[0] ?? '';
  return PAGES[path] ?? 'unknown';
}

export function may(sender: ExtensionPageSender, capability: Capability, base: string): boolean {
  return GRANTS[roleOf(sender, base)].has(capability);
}

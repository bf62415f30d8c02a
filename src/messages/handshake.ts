/**
 * The one event the page API dispatches, synchronously at document_start, to hand its private
 * MessagePort to the isolated world. Kept free of imports: the MAIN-world bundle must stay tiny.
 */
export const HANDSHAKE_EVENT = 'warrant:handshake';

/**
 * The site's interception mode, handed to the page API synchronously. The background registers a
 * tiny isolated-world script for the sites in mode off and one for those in observe (enforce is the
 * page API's default; src/background/site-mode-scripts.ts). It runs at document_start, before any
 * page script, stores the mode in the isolated world's global SITE_MODE_GLOBAL and calls SITE_MODE_READY there if the bridge has set it. The page API names
 * secret event types in its handshake (SITE_MODE_QUERY + random + ':'): it asks by dispatching
 * `<type>enforce`, `<type>observe`, `<type>off`, and the isolated world cancels the one that is
 * the site's; it dispatches `<type>ready` when the mode arrives after the handshake. A page never
 * sees the handshake, so it can neither ask nor answer.
 */
export const SITE_MODE_GLOBAL = 'warrant:site-mode';
export const SITE_MODE_READY = 'warrant:site-mode-ready';
export const SITE_MODE_QUERY = 'warrant:site-mode-';
export const SITE_MODES = ['off', 'observe', 'enforce'] as const;
/** Where the build puts each mode's script (vite.config.ts), which the background registers. */
export const siteModeScriptPath = (mode: (typeof SITE_MODES)[number]): string => `src/content/site-mode/${mode}.js`;

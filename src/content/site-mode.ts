/**
 * The site's interception mode at document_start, before any page script: the background registers
 * this script once per mode, built with that mode in place of __SITE_MODE__ (vite.config.ts,
 * siteModeScripts), for the sites in that mode (src/background/site-mode-scripts.ts). It runs in the
 * isolated world, whose globals the page cannot see; bridge.iife.ts hands the mode to the page API.
 */
import { SITE_MODE_GLOBAL, SITE_MODE_READY } from '../messages/handshake';

declare const __SITE_MODE__: 'off' | 'observe';

const scope = globalThis as Record<string, unknown>;
scope[SITE_MODE_GLOBAL] = __SITE_MODE__;
const ready = scope[SITE_MODE_READY];
if (typeof ready === 'function') ready();

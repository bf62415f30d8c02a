/**
 * The browser a build is for, set by vite's `define` (vite.config.ts) and replaced by a literal at
 * build time, so the other browser's code is dropped from the bundle (Dark Reader's build flags,
 * not run-time sniffing): the Firefox build holds no offscreen code, the Chromium one no
 * event-page OCR engine. Tests that import these modules outside a build see 'chrome' (vitest.config.ts).
 */
declare const __TARGET__: 'chrome' | 'firefox';

import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import { defineConfig } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };

/** The only place where the Chrome and Firefox builds differ. */
export type Target = 'chrome' | 'firefox';

export const FIREFOX_ID = 'warrant@warrant.example';
export const FIREFOX_MIN_VERSION = '128.0';

export function manifestFor(target: Target): ManifestV3Export {
  const manifest = structuredClone(baseManifest) as Record<string, unknown>;
  if (target === 'firefox') {
    // Firefox MV3 runs an event page, not a service worker, and ignores `key`.
    const background = manifest.background as { service_worker: string };
    manifest.background = { scripts: [background.service_worker], type: 'module' };
    delete manifest.key;
    // MAIN-world content scripts need Firefox 128.
    manifest.browser_specific_settings = {
      gecko: { id: FIREFOX_ID, strict_min_version: FIREFOX_MIN_VERSION },
    };
  }
  return manifest as unknown as ManifestV3Export;
}

export default defineConfig(({ mode }) => {
  const target: Target = mode === 'firefox' ? 'firefox' : 'chrome';
  return {
    build: {
      outDir: `dist/${target}`,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: false,
    },
    plugins: [crx({ manifest: manifestFor(target), browser: target })],
  };
});

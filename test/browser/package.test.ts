import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { chromium } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { packageAll } from '../../scripts/package';
import { chromiumArgs, launch, ROOT } from '../support/browsers';
import { startFixtureServer } from '../support/server';
import { clicks, propose } from '../support/suite';

/** A package's files written out as the browser would unpack them. */
function unpack(files: Record<string, Uint8Array>, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  for (const [name, bytes] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), bytes);
  }
  return dir;
}

/**
 * `npm run package` on the current build: what the stores receive. The Chrome package carries no
 * `key` and still loads in Chromium (its service worker starts); the Firefox one declares its data
 * collection; both carry package.json's version; the source package holds what a reviewer needs
 * to rebuild, and nothing built.
 */
describe('store packages', () => {
  const out = mkdtempSync(join(tmpdir(), 'warrant-packages-'));
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const packaged = packageAll({ out });
  const entries = (suffix: string) => {
    const found = packaged.find((p) => p.name === `warrant-${suffix}-${version}.zip`);
    if (!found) throw new Error(`no ${suffix} package`);
    return unzipSync(readFileSync(found.path));
  };
  const manifestOf = (files: Record<string, Uint8Array>) =>
    JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, unknown> & {
      browser_specific_settings?: { gecko?: Record<string, unknown> };
    };
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes a Chrome package without key, at the package version, that Chromium loads', async () => {
    const files = entries('chrome');
    const manifest = manifestOf(files);
    expect(manifest.key).toBeUndefined();
    expect(manifest.version).toBe(version);
    expect(manifest.minimum_chrome_version).toBe('121');
    expect(Object.keys(files)).toContain('icons/idle-128.png');
    const unpacked = unpack(files, 'warrant-chrome-package-');
    const profile = mkdtempSync(join(tmpdir(), 'warrant-chrome-profile-'));
    try {
      const context = await chromium.launchPersistentContext(profile, {
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        headless: true,
        args: chromiumArgs(unpacked),
      });
      try {
        const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker', { timeout: 15_000 }));
        // Without `key` the id is derived from the path: a different id from the test build's, same code.
        expect(worker.url()).toMatch(/^chrome-extension:\/\/[a-p]{32}\/service-worker-loader\.js$/);
      } finally {
        await context.close();
      }
    } finally {
      rmSync(unpacked, { recursive: true, force: true });
      rmSync(profile, { recursive: true, force: true });
    }
  });

  it('writes a Firefox package that declares it collects no data, and that Firefox runs', async () => {
    const files = entries('firefox');
    const manifest = manifestOf(files);
    expect(manifest.version).toBe(version);
    expect(manifest.key).toBeUndefined();
    expect(manifest.browser_specific_settings?.gecko?.data_collection_permissions).toEqual({ required: ['none'] });
    expect(manifest.browser_specific_settings?.gecko?.strict_min_version).toBe('140.0');
    // What the package holds, installed as an add-on, gates a real click.
    const unpacked = unpack(files, 'warrant-firefox-package-');
    const server = await startFixtureServer();
    const browser = await launch('firefox', { extension: unpacked, secureOrigins: [] });
    try {
      const page = await browser.newPage();
      await page.goto(server.url('bank.example', '/click.html'));
      const verdict = await propose(page, { tool: 'click', args: { target: '#details' } });
      expect(verdict).toMatchObject({ decision: 'allow', executed: true });
      expect(await clicks(page)).toEqual(['details']);
    } finally {
      await browser.close();
      await server.close();
      rmSync(unpacked, { recursive: true, force: true });
    }
  });

  it('writes a source package with the build instructions and nothing built', () => {
    const names = Object.keys(entries('source')).map((name) => name.replace(`warrant-${version}/`, ''));
    for (const needed of ['package.json', 'package-lock.json', 'README.md', 'CHANGELOG.md', 'vite.config.ts', 'manifest.json'])
      expect(names).toContain(needed);
    expect(names.some((name) => name.startsWith('src/background/'))).toBe(true);
    expect(names.filter((name) => /^(dist|node_modules|packages)\//.test(name))).toEqual([]);
  });

  it('gives the same bytes for the same build (deterministic archives)', () => {
    const again = packageAll({ out });
    expect(again.map((p) => p.sha256)).toEqual(packaged.map((p) => p.sha256));
  });
});

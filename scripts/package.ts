/**
 * `npm run package`: store-ready packages from the builds in dist/, into packages/.
 *
 * - warrant-chrome-<version>.zip: dist/chrome without the manifest `key` (the Chrome Web Store
 *   refuses uploads that carry one; the key only pins the unpacked test build's extension id).
 * - warrant-firefox-<version>.zip: dist/firefox as built (data_collection_permissions declared,
 *   `web-ext lint` clean: the test command checks it).
 * - warrant-source-<version>.zip: the tracked sources, for addons.mozilla.org's source review
 *   (the bundles are not minified, but they are built; README "Building from source" says how).
 *
 * The version is package.json's (the build writes it into both manifests); a version without a
 * CHANGELOG entry is refused. Archives are deterministic: files sorted, one fixed timestamp.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { type Zippable, zipSync } from 'fflate';

const ROOT = join(import.meta.dirname, '..');
/** 1980-01-01, the earliest time a zip entry can hold: the same sources give the same bytes. */
const MTIME = new Date(1980, 0, 1, 12);

export type Packaged = { name: string; path: string; bytes: number; sha256: string };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).replaceAll('\\', '/'))
    .sort();
}

function zip(files: [string, Uint8Array][]): Uint8Array {
  const tree: Zippable = {};
  for (const [name, bytes] of files) tree[name] = [bytes, { mtime: MTIME, level: name.endsWith('.gz') || name.endsWith('.png') ? 0 : 9 }];
  return zipSync(tree);
}

function readManifest(dir: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
}

/** The build directory as a zip, with `edit` applied to its manifest. */
function packBuild(dir: string, edit: (manifest: Record<string, unknown>) => void): Uint8Array {
  const manifest = readManifest(dir);
  edit(manifest);
  return zip(
    filesUnder(dir).map((name): [string, Uint8Array] => [
      name,
      name === 'manifest.json' ? new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`) : readFileSync(join(dir, name)),
    ]),
  );
}

function trackedFiles(root: string): string[] {
  const run = spawnSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ls-files failed: ${run.stderr}`);
  return run.stdout
    .split('\0')
    .filter((name) => name !== '')
    .sort();
}

export function packageAll(options: { root?: string; out?: string } = {}): Packaged[] {
  const root = options.root ?? ROOT;
  const out = options.out ?? join(root, 'packages');
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const changelog = readFileSync(join(root, 'CHANGELOG.md'), 'utf8');
  if (!new RegExp(`^## ${version.replaceAll('.', '\\.')}\\b`, 'm').test(changelog)) {
    throw new Error(`CHANGELOG.md has no "## ${version}" entry: say what this version changes before packaging it.`);
  }
  for (const target of ['chrome', 'firefox']) {
    const built = readManifest(join(root, 'dist', target)).version;
    if (built !== version) throw new Error(`dist/${target} is version ${String(built)}, package.json ${version}: run npm run build.`);
  }
  const archives: [string, Uint8Array][] = [
    [
      `warrant-chrome-${version}.zip`,
      packBuild(join(root, 'dist', 'chrome'), (manifest) => {
        delete manifest.key;
      }),
    ],
    [`warrant-firefox-${version}.zip`, packBuild(join(root, 'dist', 'firefox'), () => undefined)],
    [
      `warrant-source-${version}.zip`,
      zip(trackedFiles(root).map((name): [string, Uint8Array] => [`warrant-${version}/${name}`, readFileSync(join(root, name))])),
    ],
  ];
  mkdirSync(out, { recursive: true });
  return archives.map(([name, bytes]) => {
    const path = join(out, name);
    writeFileSync(path, bytes);
    return { name, path, bytes: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  try {
    for (const { name, bytes, sha256 } of packageAll()) console.log(`${name}  ${(bytes / 1024).toFixed(0)} KiB  sha256 ${sha256}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { crx, type ManifestV3Export } from '@crxjs/vite-plugin';
import { build, transform } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import baseManifest from './manifest.json' with { type: 'json' };
import packageJson from './package.json' with { type: 'json' };
import { frameModules } from './scripts/vite/frame-modules';
import { SCRIPTED_MODES } from './src/core/policy/site-mode';
import { siteModeScriptPath } from './src/messages/handshake';

/** The only place where the Chrome and Firefox builds differ. */
export type Target = 'chrome' | 'firefox';

export const FIREFOX_ID = 'warrant@warrant.example';
/** data_collection_permissions (what Firefox asks AMO add-ons to declare) is read from Firefox 140 on. */
export const FIREFOX_MIN_VERSION = '140.0';
/**
 * Set by the OCR browser test: builds to dist/ocr-probe/<target> with a probe page and a background
 * entry that wraps the real one with a handler for that page (test/support/ocr-probe/).
 */
export const OCR_PROBE_ENV = 'WARRANT_OCR_PROBE';
const OCR_PROBE_BACKGROUND = 'test/support/ocr-probe/background.ts';

export function manifestFor(target: Target): ManifestV3Export {
  const manifest = structuredClone(baseManifest) as Record<string, unknown>;
  // One version number, package.json's: the packages and the CHANGELOG are named by it.
  manifest.version = packageJson.version;
  if (target === 'firefox') {
    // Chromium's key; Firefox warns on it. 121: checkVisibility's opacityProperty/visibilityProperty
    // options (older versions ignore them and would call an opacity:0 control visible), after
    // runtime.getContexts (116), MAIN-world manifest scripts (111) and offscreen (109).
    delete manifest.minimum_chrome_version;
    // Firefox MV3 runs an event page, not a service worker, and ignores `key`.
    const background = manifest.background as { service_worker: string };
    manifest.background = { scripts: [background.service_worker], type: 'module' };
    delete manifest.key;
    // No offscreen API in Firefox: the event page runs the OCR worker itself.
    manifest.permissions = (manifest.permissions as string[]).filter((permission) => permission !== 'offscreen');
    // Firefox has no `storage` manifest key (it warns) and reads managed storage without a schema.
    delete manifest.storage;
    // MAIN-world content scripts need Firefox 128; the data collection declaration, 140. Warrant
    // collects nothing: the audit stays in the browser's own storage, and nothing is sent anywhere.
    manifest.browser_specific_settings = {
      gecko: { id: FIREFOX_ID, strict_min_version: FIREFOX_MIN_VERSION, data_collection_permissions: { required: ['none'] } },
      // Firefox for Android reads the declaration from 142. (Warrant is not tested on Android.)
      gecko_android: { strict_min_version: '142.0' },
    };
  }
  return manifest as unknown as ManifestV3Export;
}

const packageDir = (name: string, from = import.meta.url) => dirname(createRequire(from).resolve(`${name}/package.json`));

/**
 * tesseract.js loads its worker, its WebAssembly core and the language data by URL at run time.
 * They are copied into the extension (remote code is banned in MV3, and nothing may come from a CDN).
 * Only the LSTM cores (the `eng` best_int data is LSTM-only), in the three SIMD flavours it picks from.
 */
function tesseractAssets(): Plugin {
  const tesseract = packageDir('tesseract.js');
  const core = packageDir('tesseract.js-core', join(tesseract, 'package.json'));
  const files: Record<string, string> = {
    'tesseract/worker.min.js': join(tesseract, 'dist', 'worker.min.js'),
    'tesseract/lang/eng.traineddata.gz': join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int', 'eng.traineddata.gz'),
    // Simplified Chinese (1.7 MB), loaded only for a label with Han characters (src/offscreen/engine.ts).
    'tesseract/lang/chi_sim.traineddata.gz': join(packageDir('@tesseract.js-data/chi_sim'), '4.0.0_best_int', 'chi_sim.traineddata.gz'),
  };
  for (const flavour of ['', '-simd', '-relaxedsimd']) {
    files[`tesseract/core/tesseract-core${flavour}-lstm.wasm.js`] = join(core, `tesseract-core${flavour}-lstm.wasm.js`);
  }
  return {
    name: 'warrant:tesseract-assets',
    apply: 'build',
    generateBundle() {
      for (const [fileName, path] of Object.entries(files)) {
        const bytes = readFileSync(path);
        // Source maps are not shipped; the dangling reference would only log a failed load.
        let source: string | Buffer = bytes;
        if (fileName.endsWith('.js')) source = bytes.toString('utf8').replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
        if (fileName === 'tesseract/worker.min.js') source = withoutEval(source as string, WORKER_EVAL_FREE, fileName);
        this.emitFile({ type: 'asset', fileName, source });
      }
    },
  };
}

/**
 * crxjs bundles only the files of manifest keys it knows; `storage.managed_schema` is not one.
 * Both builds carry it (Firefox ignores it) so a deployment can read the schema from either.
 */
/**
 * The scripts that run at document_start in every frame of every page are minified: pages wait
 * while they are parsed. (crxjs builds them unminified; the rest of the build stays readable.)
 */
function minifyDocumentStartScripts(outDir: string): Plugin {
  return {
    name: 'warrant-minify-document-start-scripts',
    apply: 'build',
    async closeBundle() {
      const root = join(outDir, 'src', 'content');
      const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.iife.js'));
      for (const file of files) {
        const path = join(root, file);
        const minified = await transform(readFileSync(path, 'utf8'), {
          minify: true,
          // Not in the MAIN world: keepNames's helper defines each closure's `name` with a
          // descriptor literal, which inherits a `get` a page put on Object.prototype and then
          // throws (issue 13 §4). Names the page may see are kept in the source instead.
          keepNames: !file.includes('main-world'),
          target: 'es2022',
          legalComments: 'none',
          // Characters as UTF-8, not \u escapes: the lexicon's and the confusables table's
          // non-Latin letters took six bytes each (content scripts are read as UTF-8 in both browsers).
          charset: 'utf8',
        });
        writeFileSync(path, minified.code);
      }
    },
  };
}

/**
 * The bridge (src/content/bridge.ts) is a content script only so that crxjs builds it as a module
 * the page's frames may import (its chunk, web-accessible); no frame runs its loader. The port
 * keeper (bridge.iife.ts) imports the module itself, when a page first talks to Warrant or the
 * background first asks the frame to vouch for a child: a page that does neither loads nothing
 * more than the keeper and the page API (issue 13 §1). So, after the bundle is written: the
 * loader's manifest entry and file are removed, and the module's path the loader named is written
 * into the keeper. The build fails if any step finds other than exactly what it expects.
 */
export const BRIDGE_PLACEHOLDER = '__WARRANT_BRIDGE_MODULE__';

function keeperLoadsBridge(outDir: string): Plugin {
  return {
    name: 'warrant:keeper-loads-bridge',
    apply: 'build',
    closeBundle() {
      const manifestPath = join(outDir, 'manifest.json');
      const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { content_scripts: { js: string[] }[] };
      const loaders = manifest.content_scripts.filter((script) => script.js.some((file) => /-loader-[^/]*\.js$/.test(file)));
      if (loaders.length !== 1 || loaders[0]!.js.length !== 1)
        throw new Error(`expected one bridge loader content script, found ${loaders.length}`);
      const loader = loaders[0]!.js[0]!;
      const module = /getURL\(\s*"([^"]+)"\s*\)/.exec(readFileSync(join(outDir, loader), 'utf8'))?.[1];
      if (!module || !existsSync(join(outDir, module))) throw new Error(`the bridge loader ${loader} names no module that was built`);
      const keeperPath = join(outDir, 'src', 'content', 'bridge.iife.js');
      const keeper = readFileSync(keeperPath, 'utf8');
      if (keeper.split(BRIDGE_PLACEHOLDER).length !== 2) throw new Error(`${keeperPath} must name ${BRIDGE_PLACEHOLDER} exactly once`);
      writeFileSync(
        keeperPath,
        keeper.replace(BRIDGE_PLACEHOLDER, () => module),
      );
      manifest.content_scripts = manifest.content_scripts.filter((script) => script !== loaders[0]);
      writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
      rmSync(join(outDir, loader));
    },
  };
}

/**
 * Nothing that ships builds code from strings. MV3's extension-page CSP forbids eval
 * (`script-src 'self' 'wasm-unsafe-eval'`), so every `Function` constructor left in a bundled
 * library is dead code that only throws — but it is still eval to a reviewer and to `web-ext lint`
 * (DANGEROUS_EVAL), and the store review reads the code, not the CSP. Each one is replaced by its
 * eval-free meaning below (the build fails if a library update moves one, so none comes back
 * unseen), and generateBundle fails the build if any other appears.
 */
const EVAL_FREE: { module: RegExp; from: string; to: string; why: string }[] = [
  {
    // zod's probe for a JIT: answering false is zod's jitless mode (schemas are interpreted), which the CSP forces anyway.
    module: /zod\/v4\/core\/util\.js$/,
    from: 'const F = Function;\n        new F("");\n        return true;',
    to: 'return false;',
    why: 'zod allowsEval probe',
  },
  {
    module: /zod\/v4\/core\/doc\.js$/,
    from: 'const F = Function;',
    to: 'const F = function () { throw new EvalError("code generation is disabled in Warrant"); };',
    why: 'zod Doc.compile (only reached when allowsEval is true)',
  },
  {
    module: /zod\/v4\/core\/compile\.js$/,
    from: 'const F = Function;',
    to: 'const F = function () { throw new EvalError("code generation is disabled in Warrant"); };',
    why: 'zod compile (its caller falls back to the interpreter on this error)',
  },
  {
    // Dead branch: every browser Warrant supports has globalThis.
    module: /regenerator-runtime\/runtime\.js$/,
    from: 'Function("r", "regeneratorRuntime = r")(runtime);',
    to: 'globalThis.regeneratorRuntime = runtime;',
    why: 'regenerator-runtime global fallback',
  },
];

/** The tesseract worker ships prebuilt (minified by webpack): its two constructors, replaced the same way. */
const WORKER_EVAL_FREE: { from: string; to: string }[] = [
  { from: 'Function("r","regeneratorRuntime = r")(i)', to: 'globalThis.regeneratorRuntime=i' },
  { from: 'this||new Function("return this")()', to: 'this||globalThis' },
];

const EVAL_PATTERN = /(?<![\w$.])Function\s*\(|\bnew\s+Function\b|=\s*Function\s*[;,)]/;

export function withoutEval(code: string, rules: readonly { from: string; to: string }[], where: string): string {
  let out = code;
  for (const { from, to } of rules) {
    if (!out.includes(from)) throw new Error(`${where}: expected "${from}" to replace; the library changed, review its eval use`);
    out = out.split(from).join(to);
  }
  return out;
}

function noEval(): Plugin {
  return {
    name: 'warrant:no-eval',
    apply: 'build',
    transform(code, id) {
      const rules = EVAL_FREE.filter((rule) => rule.module.test(id.replaceAll('\\', '/')));
      if (rules.length === 0) return null;
      return { code: withoutEval(code, rules, id), map: null };
    },
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!fileName.endsWith('.js')) continue;
        const code = output.type === 'chunk' ? output.code : String(output.source);
        const found = EVAL_PATTERN.exec(code);
        if (found) this.error(`${fileName} constructs a Function (…${code.slice(Math.max(0, found.index - 60), found.index + 40)}…)`);
      }
    },
  };
}

function managedSchema(): Plugin {
  const fileName = baseManifest.storage.managed_schema;
  return {
    name: 'warrant:managed-schema',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: readFileSync(new URL(fileName, import.meta.url)) });
    },
  };
}

/**
 * The scripts the background registers for the sites of each interception mode
 * (src/background/site-mode-scripts.ts): src/content/site-mode.ts built once per mode (off and
 * observe; enforce is the page API's default), with the mode as a constant, because a registered
 * script cannot be given arguments.
 */
function siteModeScripts(): Plugin {
  return {
    name: 'warrant:site-mode-scripts',
    apply: 'build',
    async generateBundle() {
      for (const mode of SCRIPTED_MODES) {
        const result = await build({
          entryPoints: ['src/content/site-mode.ts'],
          bundle: true,
          write: false,
          format: 'iife',
          platform: 'browser',
          target: 'es2022',
          minify: true,
          legalComments: 'none',
          define: { __SITE_MODE__: JSON.stringify(mode) },
        });
        this.emitFile({ type: 'asset', fileName: siteModeScriptPath(mode), source: result.outputFiles[0]!.text });
      }
    },
  };
}

function withProbeBackground(target: Target): ManifestV3Export {
  const manifest = manifestFor(target) as unknown as { background: Record<string, unknown> };
  if (target === 'chrome') manifest.background.service_worker = OCR_PROBE_BACKGROUND;
  else manifest.background.scripts = [OCR_PROBE_BACKGROUND];
  return manifest as unknown as ManifestV3Export;
}

export default defineConfig(({ mode }) => {
  const target: Target = mode === 'firefox' ? 'firefox' : 'chrome';
  const probe = process.env[OCR_PROBE_ENV] === '1';
  // Pages not named in the manifest: the offscreen document exists only in Chrome.
  const input: Record<string, string> = {};
  if (target === 'chrome') input.offscreen = 'src/offscreen/index.html';
  if (probe) input.probe = 'test/support/ocr-probe/index.html';
  return {
    define: { __TARGET__: JSON.stringify(target) },
    build: {
      outDir: probe ? `dist/ocr-probe/${target}` : `dist/${target}`,
      emptyOutDir: true,
      target: 'es2022',
      minify: false,
      sourcemap: false,
      // Vite's preload helper would add <link rel=modulepreload href="/assets/…"> to the *page*
      // when a content script imports a chunk on demand (bridge.ts): visible to the page, and
      // fetched from the page's own server.
      modulePreload: false,
      // The probe's stand-in worker must stay a file: extension CSP refuses data: scripts.
      ...(probe ? { assetsInlineLimit: 0 } : {}),
      rolldownOptions: { input },
    },
    plugins: [
      crx({ manifest: probe ? withProbeBackground(target) : manifestFor(target), browser: target }),
      tesseractAssets(),
      managedSchema(),
      siteModeScripts(),
      // Before noEval: its check reads the frame modules as they are written.
      frameModules({ target, evalFree: EVAL_FREE, withoutEval }),
      noEval(),
      keeperLoadsBridge(probe ? `dist/ocr-probe/${target}` : `dist/${target}`),
      minifyDocumentStartScripts(probe ? `dist/ocr-probe/${target}` : `dist/${target}`),
    ],
  };
});

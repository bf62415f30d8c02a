import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { build, type Plugin as EsbuildPlugin } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * Every module a content script loads on demand (the bridge the loader imports, and what the bridge
 * imports when needed: bridge-main, evidence, and agent-check where an in-page assistant is detected) is written as one self-contained
 * file: no `import … from "./chunk.js"`, only its own on-demand `import("./other-frame-module.js")`.
 *
 * Why: in Firefox ESR, once content scripts have imported a module *graph* (rolldown's chunks,
 * which the bridge shared with the background), a later document now and then gets none of its
 * content scripts — no page API — and its load event never fires, so the page never finishes
 * loading. Measured in Firefox ESR 140 with a 150-page probe (test/browser/page-loads.test.ts):
 * 9–17 of 150 documents stalled with the chunked bridge, 0 of 150 with the same code as one file,
 * 0 with the bridge not loaded and 0 with a one-file module imported in its place. No Firefox bug
 * report was found for it; the regression test and `npm run budget` (no static imports in a frame
 * module) keep it from coming back. Chromium gets the same files: one build, one shape of code.
 *
 * Rolldown still builds these chunks (crxjs names them and lists them as web-accessible); this
 * replaces each one's code with esbuild's bundle of its source, minified (every frame parses
 * them, issue 13 §1). Code a module shares with another is copied into both, so frame modules are
 * few: the frame chain's handler is part of the evidence module, which alone holds the verifiers.
 */
export const FRAME_ENTRY = 'src/content/bridge.ts';

type Rule = { module: RegExp; from: string; to: string };

export function frameModules(options: {
  target: 'chrome' | 'firefox';
  evalFree: readonly Rule[];
  withoutEval: (code: string, rules: readonly Rule[], where: string) => string;
}): Plugin {
  let files = new Set<string>();
  let outDir = '';
  return {
    name: 'warrant:frame-modules',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const facade = (chunk: (typeof chunks)[number]) => chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
      // The frame modules: the loader's entry, and every chunk a frame module imports on demand.
      const modules = new Map<string, (typeof chunks)[number]>();
      const stack = chunks.filter((chunk) => facade(chunk).endsWith(FRAME_ENTRY));
      if (stack.length !== 1) this.error(`expected one chunk for ${FRAME_ENTRY}, found ${stack.length}`);
      // What a module imports on demand, its statically imported chunks included (esbuild folds those in).
      const onDemand = (chunk: (typeof chunks)[number], seen = new Set<string>()): string[] => {
        if (seen.has(chunk.fileName)) return [];
        seen.add(chunk.fileName);
        const inner = chunk.imports.flatMap((name) => (byName.has(name) ? onDemand(byName.get(name)!, seen) : []));
        return [...chunk.dynamicImports, ...inner];
      };
      while (stack.length > 0) {
        const chunk = stack.pop()!;
        if (!chunk.facadeModuleId) this.error(`${chunk.fileName}: a frame module without a source module`);
        const source = resolve(chunk.facadeModuleId);
        if (modules.has(source)) continue;
        modules.set(source, chunk);
        for (const name of onDemand(chunk)) if (byName.has(name)) stack.push(byName.get(name)!);
      }
      for (const [source, chunk] of modules) {
        chunk.code = await bundleAlone(source, modules, options);
      }
      files = new Set([...modules.values()].map((chunk) => chunk.fileName));
    },
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    /**
     * Web-accessible: only the frame modules. crxjs lists every chunk of the graph it saw (the
     * chunks now folded into them included); each listed file is one more a page can fetch to tell
     * that Warrant is installed. The manifest is written after generateBundle, so it is edited here.
     */
    closeBundle() {
      const path = join(outDir, 'manifest.json');
      if (files.size === 0 || !existsSync(path)) return;
      const manifest = JSON.parse(readFileSync(path, 'utf8')) as { web_accessible_resources?: { resources: string[] }[] };
      for (const entry of manifest.web_accessible_resources ?? []) {
        entry.resources = entry.resources.filter((file) => !file.endsWith('.js') || files.has(file));
      }
      writeFileSync(path, `${JSON.stringify(manifest, null, 2)}\n`);
    },
  };
}

async function bundleAlone(
  source: string,
  modules: Map<string, { fileName: string }>,
  options: Parameters<typeof frameModules>[0],
): Promise<string> {
  const lazy: EsbuildPlugin = {
    name: 'frame-modules',
    setup(builder) {
      // An on-demand import stays one, of the other frame module's file.
      builder.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== 'dynamic-import') return undefined;
        const base = resolve(args.resolveDir, args.path);
        const found = [base, `${base}.ts`, `${base}/index.ts`].find((path) => modules.has(path) && existsSync(path));
        if (!found) return { errors: [{ text: `${args.path}: imported on demand by a frame module, but not built as one` }] };
        return { path: `./${basename(modules.get(found)!.fileName)}`, external: true };
      });
      // The same eval-free replacements the main build makes (vite.config.ts, noEval).
      builder.onLoad({ filter: /\.js$/ }, (args) => {
        const path = args.path.replaceAll('\\', '/');
        const rules = options.evalFree.filter((rule) => rule.module.test(path));
        if (rules.length === 0) return undefined;
        return { contents: options.withoutEval(readFileSync(args.path, 'utf8'), rules, path), loader: 'js' };
      });
    },
  };
  const result = await build({
    entryPoints: [source],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: { __TARGET__: JSON.stringify(options.target) },
    plugins: [lazy],
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

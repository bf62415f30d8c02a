import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** What the fixture pages get: `window.PageAgentBundle = { PageAgentCore, PageController }`. */
const ENTRY = `
import { PageAgentCore } from '@page-agent/core';
import { PageController } from '@page-agent/page-controller';
window.PageAgentBundle = { PageAgentCore, PageController };
`;

let built: Promise<Uint8Array> | null = null;

/**
 * page-agent (@page-agent/core and page-controller, pinned dev dependencies) as one IIFE script,
 * bundled from node_modules on first use and kept for the rest of the run: the fixture pages never
 * load anything from the network, and the only "LLM" is the scripted customFetch they pass in.
 */
export function pageAgentBundle(): Promise<Uint8Array> {
  built ??= (async () => {
    const { build } = await import('esbuild');
    const result = await build({
      stdin: { contents: ENTRY, resolveDir: ROOT, sourcefile: 'page-agent-entry.js', loader: 'js' },
      bundle: true,
      format: 'iife',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const file = result.outputFiles[0];
    if (!file) throw new Error('esbuild produced no page-agent bundle');
    return file.contents;
  })();
  built.catch(() => {
    built = null;
  });
  return built;
}

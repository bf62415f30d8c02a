import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REASONS } from '../../src/core/contracts';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

/** Where a relative import lands, as a path under src/. */
const landing = (file: string, specifier: string) => relative(SRC, resolve(dirname(file), specifier));

describe('conventions', () => {
  const files = sourceFiles(SRC);

  // Pure libraries only, none touching the DOM or an extension API (README, "Libraries").
  const CORE_LIBRARIES = ['zod', 'tldts', 'fflate', '@noble/hashes/sha2.js', '@noble/hashes/utils.js', 'punycode/punycode.es6.js'];
  it('keeps src/core pure: it imports only itself and a few pure libraries', () => {
    for (const file of files.filter((f) => relative(SRC, f).startsWith('core/'))) {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) expect(landing(file, specifier), relative(ROOT, file)).toMatch(/^core\//);
        else expect(CORE_LIBRARIES, relative(ROOT, file)).toContain(specifier);
      }
    }
  });

  it('lets no web page or other extension connect: no externally_connectable in the manifest', () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    expect(manifest).not.toHaveProperty('externally_connectable');
    // The background refuses what other extensions send anyway (test/browser/external.test.ts).
    const router = readFileSync(join(SRC, 'background', 'index.ts'), 'utf8');
    expect(router).toMatch(/onMessageExternal\.addListener/);
    expect(router).toMatch(/onConnectExternal\.addListener\(\(port\) => port\.disconnect\(\)\)/);
  });

  // A form's controls shadow its DOM members in Chromium's isolated world (node-reads.ts): the
  // tree's accessors are read through the prototypes there, never through a node.
  it("reads a node's place in the tree in the isolated world only through node-reads.ts", () => {
    const SHADOWED =
      /(?<![\w$])[\w$\])!]+\??\.(parentNode|parentElement|assignedSlot|isConnected|nextSibling|childNodes|nodeType|shadowRoot|namespaceURI|offsetWidth|offsetHeight|clientWidth|clientHeight|clientLeft|clientTop|scrollWidth|scrollHeight|scrollLeft|scrollTop)\b/gu;
    for (const file of files.filter((f) => /^content\/(?!main-world\/)/u.test(relative(SRC, f)) && !f.endsWith('node-reads.ts'))) {
      const code = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gmu, '');
      expect(
        [...code.matchAll(SHADOWED)].map((m) => m[0]),
        relative(ROOT, file),
      ).toEqual([]);
    }
  });

  it('keeps background code out of every other context', () => {
    for (const file of files.filter((f) => !relative(SRC, f).startsWith('background/'))) {
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        expect(landing(file, specifier), relative(ROOT, file)).not.toMatch(/^background(\/|$)/);
      }
    }
  });

  it('keeps the MAIN-world page API free of dependencies a page could reach', () => {
    for (const file of files.filter((f) => relative(SRC, f).startsWith('content/main-world/'))) {
      for (const specifier of importsOf(file))
        expect(landing(file, specifier)).toMatch(
          /^(messages\/handshake|core\/plan\/(amounts|currency-symbols.generated|commit-words|commit-lexicon|commit-match|commit-index.generated|payment-hints)|core\/text\/(normalize|skeleton-ops|css-identifier|data\/confusables.generated)|content\/main-world\/([a-z-]+\/)?[a-z-]+)$/,
        );
    }
  });

  it('keeps zod, tldts, the confusables table, the resolver and the polyfill out of the bridge (issue 13 §1)', () => {
    // Value imports only (type imports are erased), followed through src; agent-check.ts loads apart.
    const valueImports = (file: string) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|import\(['"]([^'"]+)['"]\)/gm,
        ),
      ].map((m) => (m[1] ?? m[2])!);
    const fileOf = (from: string, specifier: string) => {
      const base = resolve(dirname(from), specifier);
      return [`${base}.ts`, join(base, 'index.ts'), base].find((path) => existsSync(path) && path.endsWith('.ts'))!;
    };
    const FORBIDDEN =
      /^(zod|tldts|webextension-polyfill)$|^core\/(resolver\/(resolve|builtins|registry)|text\/(confusables|data\/confusables\.generated|domains))\.ts$/;
    const seen = new Set<string>();
    const stack = [join(SRC, 'content', 'bridge.ts')];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file) || file.endsWith(join('content', 'agent-check.ts'))) continue;
      seen.add(file);
      for (const specifier of valueImports(file)) {
        const landed = specifier.startsWith('.') ? relative(SRC, fileOf(file, specifier)) : specifier;
        expect(landed, `${relative(ROOT, file)} imports ${specifier}`).not.toMatch(FORBIDDEN);
        if (specifier.startsWith('.')) stack.push(fileOf(file, specifier));
      }
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('keeps files small', () => {
    for (const file of files) {
      const lines = readFileSync(file, 'utf8').split('\n').length;
      expect(lines, relative(ROOT, file)).toBeLessThan(300);
    }
  });

  it('documents exactly the closed list of reason codes in the README', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8').split('## Reason codes')[1]!.split('\n## ')[0]!;
    const table = Object.fromEntries([...readme.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| (.+) \|$/gm)].map((m) => [m[1]!, m[2]!.trim()]));
    expect(table).toEqual(REASONS);
  });
});

/**
 * `npm run budget` (and a step of `npm test`): what every frame loads, measured in the built
 * extension (dist/chrome, dist/firefox), against the per-frame budget (issue 13 §1, docs/design.md §2).
 *
 * - document_start, isolated world: the manifest's content scripts that are not the loader.
 * - the bridge: everything the loader's chunk imports, statically or on demand, followed through
 *   the built files (`import … from "./x.js"`, `import("./x.js")`), except the in-page assistant
 *   check (agent-check-*.js), which loads only where an assistant was detected and is reported apart.
 * - none of it may hold zod, tldts, the confusables table or the resolver (markers below), and
 *   none of it may import another chunk statically (each module a frame loads is one file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** Bytes as built (minified: scripts/vite/frame-modules.ts). Raise only with a reason in docs/design.md. */
export const BUDGET = { documentStart: 2_048, bridge: 123 * 1024, mainWorld: 90 * 1024, agentCheck: 293 * 1024 } as const;

/**
 * What the in-page assistant check may not hold either: it loads between page-agent's announcement
 * of a click and the click (some 400 ms), so a schema library there (zod was 454 of its 718 kB)
 * made the first click of a run miss its answer on a slow machine and be held. It needs the
 * lookalike-domain and confusables tables, so those two are allowed.
 */
const AGENT_CHECK_EXCLUDES = ['zod', 'resolver'] as const;

const AGENT_CHECK = /^agent-check-/;

/** Code that must never load in a frame, each found by a string only it carries. */
function markers(): Record<string, string> {
  const table = readFileSync(join(ROOT, 'src/core/text/data/confusables.generated.ts'), 'utf8');
  const confusables = /CONFUSABLES_TABLE =\s*'([^']{60})/.exec(table)![1]!;
  const trie = readFileSync(join(ROOT, 'node_modules/tldts/dist/es6/src/data/trie.js'), 'utf8');
  const tldts = /new Uint8Array\(\[([^\]]{0,400})/.exec(trie)![1]!.replace(/\s+/g, '');
  return { zod: '"$ZodType"', tldts, confusables, resolver: 'Nearest registered names' };
}

export type FrameReport = {
  target: string;
  documentStart: Record<string, number>;
  bridge: Record<string, number>;
  agentCheck: Record<string, number>;
  mainWorld: number;
  problems: string[];
};

const STATIC_IMPORT = /(?:^|[;}\s])import\s*(?:[\w$*{][^;]*?\bfrom\s*)?["']\.\//m;
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*)["']\.\/([^"']+\.js)["']/g;

export function measure(target: 'chrome' | 'firefox'): FrameReport {
  const dist = join(ROOT, 'dist', target);
  const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as {
    content_scripts: { js: string[]; world?: string }[];
  };
  const size = (file: string) => readFileSync(join(dist, file)).length;
  const report: FrameReport = { target, documentStart: {}, bridge: {}, agentCheck: {}, mainWorld: 0, problems: [] };
  let loader: string | null = null;
  for (const script of manifest.content_scripts) {
    for (const file of script.js) {
      if (script.world === 'MAIN') report.mainWorld += size(file);
      else if (file.includes('-loader')) loader = file;
      else report.documentStart[file] = size(file);
    }
  }
  if (loader === null) throw new Error(`${target}: no bridge loader among the content scripts`);
  report.documentStart[loader] = size(loader);
  const entry = /getURL\("([^"]+)"\)/.exec(readFileSync(join(dist, loader), 'utf8'))?.[1];
  if (!entry) throw new Error(`${target}: the loader names no chunk`);
  const read = (file: string) => readFileSync(join(dist, file), 'utf8');
  const importsOf = (file: string) => [...read(file).matchAll(IMPORTS)].map((match) => join(file, '..', match[1]!));
  const isAgent = (file: string) => AGENT_CHECK.test(file.split('/').pop()!);
  // The bridge first, without the assistant check; then what only the assistant check adds.
  const walk = (roots: string[], skip: (file: string) => boolean, seen: Set<string>) => {
    const stack = [...roots];
    while (stack.length > 0) {
      const file = stack.pop()!;
      if (seen.has(file) || skip(file)) continue;
      seen.add(file);
      stack.push(...importsOf(file));
    }
    return seen;
  };
  const bridge = walk([entry], isAgent, new Set());
  const agentRoots = [...bridge].flatMap(importsOf).filter(isAgent);
  const agent = walk(agentRoots, (file) => bridge.has(file), new Set());
  const found = markers();
  /** Which of the named markers a built file holds (whitespace ignored on both sides). */
  const held = (code: string, names: readonly string[]) => {
    const compact = code.replace(/\s+/g, '');
    return names.filter((what) => compact.includes(found[what]!.replace(/\s+/g, '')));
  };
  for (const file of bridge) {
    const code = read(file);
    report.bridge[file] = code.length;
    for (const what of held(code, Object.keys(found))) report.problems.push(`${target}: ${file} holds ${what}`);
  }
  for (const file of agent) {
    const code = read(file);
    report.agentCheck[file] = code.length;
    for (const what of held(code, AGENT_CHECK_EXCLUDES)) report.problems.push(`${target}: ${file} (assistant check) holds ${what}`);
  }
  // Each module a frame imports is one file (scripts/vite/frame-modules.ts: Firefox stalls documents
  // once content scripts have imported a module graph).
  for (const file of [...bridge, ...agent]) {
    if (STATIC_IMPORT.test(read(file))) report.problems.push(`${target}: ${file} imports another chunk statically`);
  }
  const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
  const over = (what: string, bytes: number, budget: number) => {
    if (bytes > budget) report.problems.push(`${target}: ${what} is ${kB(bytes)}, over its budget of ${kB(budget)}`);
  };
  over('document_start (isolated world)', total(report.documentStart), BUDGET.documentStart);
  over('the bridge', total(report.bridge), BUDGET.bridge);
  over('the MAIN world', report.mainWorld, BUDGET.mainWorld);
  over('the assistant check', total(report.agentCheck), BUDGET.agentCheck);
  return report;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function print(report: FrameReport): void {
  const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(`${report.target}:`);
  console.log(`  document_start, isolated world  ${kB(total(report.documentStart))} (budget ${kB(BUDGET.documentStart)})`);
  console.log(`  document_start, MAIN world      ${kB(report.mainWorld)} (budget ${kB(BUDGET.mainWorld)})`);
  console.log(`  the bridge, loaded on demand    ${kB(total(report.bridge))} (budget ${kB(BUDGET.bridge)})`);
  for (const [file, bytes] of Object.entries(report.bridge).sort((a, b) => b[1] - a[1]))
    console.log(`    ${kB(bytes).padStart(9)}  ${file}`);
  console.log(`  assistant check (only where one was detected)  ${kB(total(report.agentCheck))} (budget ${kB(BUDGET.agentCheck)})`);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const problems: string[] = [];
  for (const target of ['chrome', 'firefox'] as const) {
    if (!existsSync(join(ROOT, 'dist', target, 'manifest.json'))) {
      problems.push(`dist/${target} is not built: npm run build`);
      continue;
    }
    const report = measure(target);
    print(report);
    problems.push(...report.problems);
  }
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(problems.length > 0 ? 1 : 0);
}

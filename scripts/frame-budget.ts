/**
 * `npm run budget` (and a step of `npm test`): what every frame loads, measured in the built
 * extension (dist/chrome, dist/firefox), against the per-frame budget (issue 13 §1, docs/design.md §2).
 *
 * - document_start, isolated world: the manifest's content scripts (the port keeper).
 * - the bridge: the module the port keeper imports on demand (its path, written into the keeper by
 *   the build: vite.config.ts, keeperLoadsBridge) and everything it imports, statically or on demand, followed through
 *   the built files (`import … from "./x.js"`, `import("./x.js")`), except the evidence module and
 *   the in-page assistant check, which are reported apart: a frame loads the bridge once its page
 *   talks to Warrant or it vouches for a child frame; the evidence module (evidence-*.js: verifiers, executor, frame chain) only in a
 *   frame that certifies, executes or vouches for a child frame; the assistant check
 *   (agent-check-*.js) only where an assistant was detected.
 * - none of it may hold zod, tldts, the confusables table or the resolver (markers below), and
 *   none of it may import another chunk statically (each module a frame loads is one file).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');

/** Bytes as built (minified: scripts/vite/frame-modules.ts). Raise only with a reason in docs/design.md. */
export const BUDGET = {
  documentStart: 3_072,
  bridge: 14 * 1024,
  evidence: 140 * 1024,
  mainWorld: 93 * 1024,
  agentCheck: 325 * 1024,
} as const;

/**
 * What the in-page assistant check may not hold either: it loads between page-agent's announcement
 * of a click and the click (some 400 ms), so a schema library there (zod was 454 of its 718 kB)
 * made the first click of a run miss its answer on a slow machine and be held. It needs the
 * lookalike-domain and confusables tables, so those two are allowed.
 */
const AGENT_CHECK_EXCLUDES = ['zod', 'resolver'] as const;

const AGENT_CHECK = /^agent-check-/;
const EVIDENCE = /^evidence-/;

/** Code that must never load in a frame, each found by a string only it carries. */
function markers(): Record<string, string> {
  const table = readFileSync(join(ROOT, 'src/core/text/data/confusables.generated.ts'), 'utf8');
  const confusables = /confusablesTable = \(\): string =>\s*'([^']{60})/.exec(table)![1]!;
  const trie = readFileSync(join(ROOT, 'node_modules/tldts/dist/es6/src/data/trie.js'), 'utf8');
  const tldts = /new Uint8Array\(\[([^\]]{0,400})/.exec(trie)![1]!.replace(/\s+/g, '');
  return { zod: '"$ZodType"', tldts, confusables, resolver: 'Nearest registered names' };
}

export type FrameReport = {
  target: string;
  documentStart: Record<string, number>;
  bridge: Record<string, number>;
  evidence: Record<string, number>;
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
  const report: FrameReport = { target, documentStart: {}, bridge: {}, evidence: {}, agentCheck: {}, mainWorld: 0, problems: [] };
  let entry: string | null = null;
  for (const script of manifest.content_scripts) {
    for (const file of script.js) {
      if (script.world === 'MAIN') {
        report.mainWorld += size(file);
        continue;
      }
      report.documentStart[file] = size(file);
      const named = /"(assets\/[^"]+\.js)"/.exec(readFileSync(join(dist, file), 'utf8'))?.[1];
      if (named !== undefined) {
        if (entry !== null) throw new Error(`${target}: two content scripts name a bridge module`);
        entry = named;
      }
    }
  }
  if (entry === null) throw new Error(`${target}: no content script names the bridge module`);
  const read = (file: string) => readFileSync(join(dist, file), 'utf8');
  const importsOf = (file: string) => [...read(file).matchAll(IMPORTS)].map((match) => join(file, '..', match[1]!));
  const named = (pattern: RegExp) => (file: string) => pattern.test(file.split('/').pop()!);
  const isAgent = named(AGENT_CHECK);
  const isEvidence = named(EVIDENCE);
  // The bridge first, without the evidence module or the assistant check; then what only each adds.
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
  const bridge = walk([entry], (file) => isAgent(file) || isEvidence(file), new Set());
  const evidenceRoots = [...bridge].flatMap(importsOf).filter(isEvidence);
  if (evidenceRoots.length === 0) report.problems.push(`${target}: the bridge imports no evidence module`);
  const evidence = walk(evidenceRoots, (file) => bridge.has(file) || isAgent(file), new Set());
  const agentRoots = [...bridge, ...evidence].flatMap(importsOf).filter(isAgent);
  const agent = walk(agentRoots, (file) => bridge.has(file) || evidence.has(file), new Set());
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
  for (const file of evidence) {
    const code = read(file);
    report.evidence[file] = code.length;
    for (const what of held(code, Object.keys(found))) report.problems.push(`${target}: ${file} (evidence) holds ${what}`);
  }
  for (const file of agent) {
    const code = read(file);
    report.agentCheck[file] = code.length;
    for (const what of held(code, AGENT_CHECK_EXCLUDES)) report.problems.push(`${target}: ${file} (assistant check) holds ${what}`);
  }
  // Each module a frame imports is one file (scripts/vite/frame-modules.ts: Firefox stalls documents
  // once content scripts have imported a module graph).
  for (const file of [...bridge, ...evidence, ...agent]) {
    if (STATIC_IMPORT.test(read(file))) report.problems.push(`${target}: ${file} imports another chunk statically`);
  }
  const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
  const over = (what: string, bytes: number, budget: number) => {
    if (bytes > budget) report.problems.push(`${target}: ${what} is ${kB(bytes)}, over its budget of ${kB(budget)}`);
  };
  over('document_start (isolated world)', total(report.documentStart), BUDGET.documentStart);
  over('the bridge', total(report.bridge), BUDGET.bridge);
  over('the evidence module', total(report.evidence), BUDGET.evidence);
  over('the MAIN world', report.mainWorld, BUDGET.mainWorld);
  over('the assistant check', total(report.agentCheck), BUDGET.agentCheck);
  return report;
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

function print(report: FrameReport): void {
  const total = (sizes: Record<string, number>) => Object.values(sizes).reduce((a, b) => a + b, 0);
  console.log(`${report.target}:`);
  console.log(`  document_start, isolated world    ${kB(total(report.documentStart))} (budget ${kB(BUDGET.documentStart)})`);
  console.log(`  document_start, MAIN world        ${kB(report.mainWorld)} (budget ${kB(BUDGET.mainWorld)})`);
  console.log(`  the bridge, at a first message    ${kB(total(report.bridge))} (budget ${kB(BUDGET.bridge)})`);
  for (const [file, bytes] of Object.entries(report.bridge).sort((a, b) => b[1] - a[1]))
    console.log(`    ${kB(bytes).padStart(9)}  ${file}`);
  console.log(`  evidence, only where needed       ${kB(total(report.evidence))} (budget ${kB(BUDGET.evidence)})`);
  console.log(`  assistant check, where detected   ${kB(total(report.agentCheck))} (budget ${kB(BUDGET.agentCheck)})`);
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

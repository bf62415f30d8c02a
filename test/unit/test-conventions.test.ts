import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path);
    return /\.[cm]?[jt]s$/.test(entry.name) ? [path] : [];
  });
}

/** From a loop's head at `lines[start]` to where its braces close (the next line, for a one-statement body). */
function loopAt(lines: string[], start: number, column: number): string {
  let depth = 0;
  let opened = false;
  for (let end = start; end < lines.length; end++) {
    for (const c of lines[end]!.slice(end === start ? column : 0)) {
      if (c === '{') [depth, opened] = [depth + 1, true];
      else if (c === '}') depth -= 1;
    }
    if ((opened && depth <= 0) || (!opened && end > start)) return lines.slice(start, end + 1).join('\n');
  }
  return lines.slice(start).join('\n');
}

/**
 * The hand-written ways of waiting for something that test/support/wait.ts replaces: a `Date.now() +`
 * deadline, a loop that reads the clock, and a loop that pauses (`setTimeout(r, …)`, `sleep(…)`)
 * and stops on a condition (`while`, `i < N && …`, `break`, `return`). A loop that pauses a fixed
 * number of times with no way out, spacing out measurements, is not waiting for anything.
 */
function handWrittenWaits(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const at = `${i + 1}: ${line.trim()}`;
    if (/Date\.now\(\)\s*\+/.test(line)) return [at];
    const head = /\b(for|while)\s*\(/.exec(line);
    if (!head) return [];
    if (/Date\.now\(\)/.test(line)) return [at];
    const loop = loopAt(lines, i, head.index);
    const pauses = /setTimeout\(\s*(r|res|resolve)\s*,|\bsleep\(|\bsettle\(/.test(loop);
    const stops = head[1] === 'while' || /&&/.test(line) || /\b(break|return)\b/.test(loop);
    return pauses && stops ? [at] : [];
  });
}

describe('test conventions', () => {
  it('finds the hand-written waits it forbids', () => {
    const deadline = ['const deadline = Date.now() + 5_000;', 'while (!ready() && Date.now() < deadline) await tick();'].join('\n');
    expect(handWrittenWaits(deadline)).toHaveLength(2);
    const counted = 'for (let i = 0; i < 50 && shown.hidden; i++) await new Promise((r) => setTimeout(r, 100));';
    expect(handWrittenWaits(counted)).toHaveLength(1);
    const breaking = [
      'for (let i = 0; i < 50; i++) {',
      '  if (await done()) break;',
      '  await new Promise((resolve) => setTimeout(resolve, 100));',
      '}',
    ].join('\n');
    expect(handWrittenWaits(breaking)).toEqual(['1: for (let i = 0; i < 50; i++) {']);
    // Spacing out a fixed number of measurements, a timeout raced against a promise, a busy handler: not waits.
    const spaced = ['for (let i = 0; i < 6; i++) {', '  await sleep(600);', '  warm.push(await measure());', '}'].join('\n');
    const raced = [
      'for (let attempt = 0; attempt < 3; attempt++) {',
      '  if (await Promise.race([closed, new Promise<false>((resolve) => setTimeout(() => resolve(false), 1_000))])) return;',
      '}',
    ].join('\n');
    const busy = 'while (performance.now() - began < 6_000) {\n  // busy\n}';
    expect(handWrittenWaits([spaced, raced, busy].join('\n'))).toEqual([]);
  });

  it('waits one way in browser tests and their support: waitFor, waitOrTimeout or sleep from test/support/wait.ts', () => {
    const found = ['test/browser', 'test/support']
      .flatMap((dir) => files(join(ROOT, dir)))
      .filter((file) => relative(ROOT, file) !== join('test', 'support', 'wait.ts'))
      .flatMap((file) => handWrittenWaits(readFileSync(file, 'utf8')).map((at) => `${relative(ROOT, file)}:${at}`));
    expect(found).toEqual([]);
  });
});

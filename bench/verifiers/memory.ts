import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory of the browser this process launched, from /proc (Linux): every descendant process of
 * this Node process except the bundler's helper. PSS shares pages fairly between processes, so
 * the sum over the tree is the browser's footprint; the extension process alone is reported too
 * where the command line names it (Chromium's --extension-process).
 */
export type MemorySample = { totalPssMiB: number; totalRssMiB: number; extensionPssMiB: number | null; processes: number };

function children(): Map<number, number[]> {
  const byParent = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  return byParent;
}

export function descendants(root = process.pid): number[] {
  const byParent = children();
  const out: number[] = [];
  const queue = [...(byParent.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return out;
}

function kib(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

/** `exclude`: processes that existed before the browser was launched (a previous browser still exiting). */
export function sampleMemory(exclude: ReadonlySet<number> = new Set()): MemorySample | null {
  if (process.platform !== 'linux') return null;
  let pss = 0;
  let rss = 0;
  let extension: number | null = null;
  let processes = 0;
  for (const pid of descendants(process.pid)) {
    if (exclude.has(pid)) continue;
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (cmdline.includes('esbuild')) continue;
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const own = kib(rollup, 'Pss');
      pss += own;
      rss += kib(rollup, 'Rss');
      processes += 1;
      if (cmdline.includes('--extension-process')) extension = (extension ?? 0) + own;
    } catch {
      // gone, or not ours to read
    }
  }
  const mib = (k: number) => Math.round((k / 1024) * 10) / 10;
  return { totalPssMiB: mib(pss), totalRssMiB: mib(rss), extensionPssMiB: extension === null ? null : mib(extension), processes };
}

/** The median of a few samples a little apart: one sample catches the collector mid-flight. */
export async function settledMemory(exclude: ReadonlySet<number> = new Set(), samples = 5, gapMs = 250): Promise<MemorySample | null> {
  const taken: MemorySample[] = [];
  for (let i = 0; i < samples; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const sample = sampleMemory(exclude);
    if (sample) taken.push(sample);
  }
  if (taken.length === 0) return null;
  taken.sort((a, b) => a.totalPssMiB - b.totalPssMiB);
  return taken[Math.floor(taken.length / 2)]!;
}

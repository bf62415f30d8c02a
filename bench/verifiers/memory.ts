import { readdirSync, readFileSync } from 'node:fs';

/**
 * Memory of one browser this process launched, from /proc (Linux): its main process and every
 * descendant. The other browser may run at the same time, so the tree is rooted at the browser's
 * own main process (a new child of this Node process running that browser's binary). The
 * extension process alone is reported too where the command line names it (Chromium's
 * --extension-process).
 */
export type MemorySample = { totalPssMiB: number; totalRssMiB: number; extensionPssMiB: number | null; processes: number };

function parents(): Map<number, number[]> {
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

function tree(root: number): number[] {
  const byParent = parents();
  const out = [root];
  const queue = [...(byParent.get(root) ?? [])];
  while (queue.length > 0) {
    const pid = queue.shift()!;
    out.push(pid);
    queue.push(...(byParent.get(pid) ?? []));
  }
  return out;
}

const cmdline = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

/** This process's direct children now: taken before a launch, to tell the new browser from others. */
export function childProcesses(): Set<number> {
  return process.platform === 'linux' ? new Set(parents().get(process.pid) ?? []) : new Set();
}

/** The main process of the browser launched since `before`, recognised by its binary's name. */
export function browserRoot(before: ReadonlySet<number>, binary: 'chromium' | 'firefox'): number | null {
  if (process.platform !== 'linux') return null;
  const fresh = (parents().get(process.pid) ?? []).filter((pid) => !before.has(pid) && cmdline(pid).split('\0')[0]!.includes(binary));
  return fresh.length === 1 ? fresh[0]! : null;
}

function kib(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text);
  return match ? Number(match[1]) : 0;
}

export function sampleMemory(root: number): MemorySample | null {
  let pss = 0;
  let rss = 0;
  let extension: number | null = null;
  let processes = 0;
  for (const pid of tree(root)) {
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const own = kib(rollup, 'Pss');
      pss += own;
      rss += kib(rollup, 'Rss');
      processes += 1;
      if (cmdline(pid).includes('--extension-process')) extension = (extension ?? 0) + own;
    } catch {
      // gone, or not ours to read
    }
  }
  if (processes === 0) return null;
  const mib = (k: number) => Math.round((k / 1024) * 10) / 10;
  return { totalPssMiB: mib(pss), totalRssMiB: mib(rss), extensionPssMiB: extension === null ? null : mib(extension), processes };
}

/** The median (by RSS) of a few samples a little apart: one sample catches the collector mid-flight. */
export async function settledMemory(root: number | null, samples = 5, gapMs = 250): Promise<MemorySample | null> {
  if (root === null) return null;
  const taken: MemorySample[] = [];
  for (let i = 0; i < samples; i++) {
    if (i > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const sample = sampleMemory(root);
    if (sample) taken.push(sample);
  }
  if (taken.length === 0) return null;
  taken.sort((a, b) => a.totalRssMiB - b.totalRssMiB);
  return taken[Math.floor(taken.length / 2)]!;
}

import { spawnSync } from 'node:child_process';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { ROOT } from '../test/support/browsers';

/** What a browser bench report says about where it ran (bench/interception, bench/latency). */
export type Machine = {
  cores: number;
  cpu: string;
  memoryGiB: number;
  os: string;
  node: string;
  loadAverage: { before: number[]; after: number[] };
};

/** The commit the extension was built from, and how many source files differed from it. */
export type Source = { commit: string; uncommittedSrcFiles: number };

/** The machine now, with the load average taken before the run began. */
export function machine(loadBefore: number[]): Machine {
  const cpu = cpus();
  return {
    cores: cpu.length,
    cpu: cpu[0]?.model.trim() ?? '?',
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    os: `${process.platform} ${release()}`,
    node: process.version,
    loadAverage: { before: loadBefore, after: loadavg() },
  };
}

export function source(): Source {
  const git = (...args: string[]) => spawnSync('git', args, { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  const changed = git('status', '--porcelain', '--', 'src', 'manifest.json', 'vite.config.ts').split('\n').filter(Boolean).length;
  return { commit: git('rev-parse', '--short', 'HEAD') || '?', uncommittedSrcFiles: changed };
}

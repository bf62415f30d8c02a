import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Summarises the CDP traces bench/interception/probe.ts records (issue 13 §8):
 * `npx tsx bench/interception/trace-summary.ts PREFIX`. For each trace, in the page's renderer main
 * thread, from commitNavigationEnd to domContentLoadedEventStart: wall time, the wall time inside
 * tasks and their CPU time (trace `tdur`, pro rata; `cpu` is the CPU of the tasks that start in the
 * window, whole), the rendering updates (UpdateLifecycle: style, layout, paint of the
 * page parsed so far) with their wall durations, and the CPU spent injecting content scripts,
 * running the page's scripts and rendering. Medians per arm at the end.
 */

type Event = {
  name: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: Record<string, unknown>;
};

type Row = {
  wall: number;
  inTasks: number;
  onCpu: number;
  cpu: number;
  frames: number;
  frameMs: string;
  renderCpu: number;
  injectCpu: number;
  scriptCpu: number;
  parseCpu: number;
};

/** The most frequent value of `key` among `events`. */
function mode<T>(events: Event[], key: (e: Event) => T): T {
  const counts = new Map<T, number>();
  for (const e of events) counts.set(key(e), (counts.get(key(e)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
}

function summarise(path: string): Row {
  const events = (JSON.parse(readFileSync(path, 'utf8')) as { traceEvents: Event[] }).traceEvents;
  const parse = events.filter((e) => e.name === 'ParseHTML');
  const pid = mode(parse, (e) => e.pid);
  const tid = mode(
    parse.filter((e) => e.pid === pid),
    (e) => e.tid,
  );
  const mark = (name: string) => events.filter((e) => e.pid === pid && e.name === name).map((e) => e.ts);
  const commit = mark('commitNavigationEnd')[0]!;
  const dcl = mark('domContentLoadedEventStart').at(-1)!;
  const main = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && e.ts >= commit && e.ts < dcl)
    .sort((a, b) => a.ts - b.ts);
  /** CPU (ms) of the outermost events with these names (nested ones are counted once). */
  const cpu = (names: string[]) => {
    let total = 0;
    let end = -1;
    for (const e of main) {
      if (!names.includes(e.name) || e.ts < end) continue;
      total += e.tdur ?? 0;
      end = e.ts + (e.dur ?? 0);
    }
    return total / 1000;
  };
  const frames = main.filter((e) => e.name === 'WebFrameWidgetImpl::UpdateLifecycle');
  // Every task that overlaps the window, clipped to it: wall time in tasks, and their CPU time pro rata.
  let inTasks = 0;
  let onCpu = 0;
  for (const e of events) {
    if (e.pid !== pid || e.tid !== tid || e.ph !== 'X' || e.name !== 'ThreadControllerImpl::RunTask' || !e.dur) continue;
    const clipped = Math.min(e.ts + e.dur, dcl) - Math.max(e.ts, commit);
    if (clipped <= 0) continue;
    inTasks += clipped;
    onCpu += ((e.tdur ?? 0) * clipped) / e.dur;
  }
  return {
    wall: (dcl - commit) / 1000,
    inTasks: inTasks / 1000,
    onCpu: onCpu / 1000,
    cpu: cpu(['ThreadControllerImpl::RunTask']),
    frames: frames.length,
    frameMs: frames.map((e) => ((e.dur ?? 0) / 1000).toFixed(0)).join('/'),
    renderCpu: cpu(['WebFrameWidgetImpl::UpdateLifecycle']),
    injectCpu: cpu(['ScriptInjection::InjectJs']),
    scriptCpu: cpu(['PendingScript::ExecuteScriptBlock']),
    parseCpu: cpu(['ParseHTML']),
  };
}

const prefix = process.argv[2];
if (!prefix) throw new Error('usage: trace-summary.ts PREFIX (the --trace of probe.ts)');
const files = readdirSync(dirname(prefix))
  .filter((f) => f.startsWith(`${basename(prefix)}-`) && f.endsWith('.json'))
  .sort();
const byArm = new Map<string, Row[]>();
for (const file of files) {
  const arm = file.slice(basename(prefix).length + 1).split('-')[0]!;
  const row = summarise(join(dirname(prefix), file));
  byArm.set(arm, [...(byArm.get(arm) ?? []), row]);
  const { frameMs, ...numbers } = row;
  console.log(
    `${file}\t${Object.entries(numbers)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join('\t')}\tframes (wall ms) ${frameMs}`,
  );
}
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2;
};
for (const [arm, rows] of byArm) {
  const keys = ['wall', 'inTasks', 'onCpu', 'cpu', 'frames', 'renderCpu', 'injectCpu', 'scriptCpu', 'parseCpu'] as const;
  console.log(
    `arm ${arm} (n ${rows.length}, medians, ms)\t${keys.map((k) => `${k} ${median(rows.map((r) => r[k])).toFixed(1)}`).join('\t')}`,
  );
}

/**
 * Bench-only stage marks (bench/latency/stages.ts): when a bench has put an array at
 * `globalThis.__warrantMarks` in the background (through the DevTools protocol; no page or frame
 * can reach the background's globals), each decision's stages are pushed onto it as
 * [requestId, stage, epoch ms]. Otherwise a mark does nothing.
 */
export function mark(requestId: string, stage: string): void {
  const sink: unknown = Reflect.get(globalThis, '__warrantMarks');
  if (Array.isArray(sink) && sink.length < 200_000) sink.push([requestId, stage, performance.timeOrigin + performance.now()]);
}

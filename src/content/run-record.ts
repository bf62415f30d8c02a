/**
 * What a frame did for each request: the runs under way, and how the latest ones ended (bounded,
 * the oldest dropped). A background that stopped before an answer reached it, and the one started
 * after it, can still learn the truth, and the page's verdict says executed when it was. One
 * keeper for the frame's commands (executor.ts) and its page tools (page-tools.ts).
 */
export type RunRecord<T> = {
  /** The run of this request under way, or how it ended; undefined when none was seen here. */
  known(requestId: string): Promise<T> | T | undefined;
  /** Records `run` as this request's: under way until it settles, then how it ended (if it did not throw). */
  track(requestId: string, run: Promise<T>): Promise<T>;
  /** How this request's run ended, once any run of it here has ended; null where none ran here. */
  settled(requestId: string): Promise<T | null>;
};

export function runRecord<T>(kept: number): RunRecord<T> {
  const running = new Map<string, Promise<T>>();
  const ended = new Map<string, T>();
  return {
    known: (requestId) => running.get(requestId) ?? ended.get(requestId),
    track(requestId, run) {
      const tracked = run.then((result) => {
        ended.delete(requestId);
        ended.set(requestId, result);
        if (ended.size > kept) ended.delete(ended.keys().next().value!);
        return result;
      });
      running.set(requestId, tracked);
      const done = () => {
        if (running.get(requestId) === tracked) running.delete(requestId);
      };
      tracked.then(done, done);
      return tracked;
    },
    async settled(requestId) {
      await running.get(requestId)?.catch(() => undefined);
      return ended.get(requestId) ?? null;
    },
  };
}

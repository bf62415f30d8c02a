/**
 * Runs read-modify-write sections on one key one after another, so that concurrent messages
 * (several frames registering tools at once) cannot lose each other's writes.
 */
const tails = new Map<string, Promise<unknown>>();

export function serially<T>(key: string, section: () => Promise<T>): Promise<T> {
  const run = (tails.get(key) ?? Promise.resolve()).then(section);
  const tail = run.catch(() => undefined);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}

import { describe, expect, it } from 'vitest';
import { runRecord } from '../../src/content/run-record';

describe('runRecord: what a frame did for each request', () => {
  it('knows a run while it is under way and how it ended after, and waits for it when asked how it settled', async () => {
    const record = runRecord<string>(4);
    let finish!: (value: string) => void;
    const run = record.track('r1', new Promise<string>((resolve) => (finish = resolve)));
    expect(record.known('r1')).toBe(run);
    const settled = record.settled('r1');
    finish('executed');
    expect(await settled).toBe('executed');
    expect(record.known('r1')).toBe('executed');
    expect(record.known('r2')).toBeUndefined();
    expect(await record.settled('r2')).toBeNull();
  });

  it('keeps only the latest endings, and records none for a run that threw', async () => {
    const record = runRecord<number>(2);
    for (const [at, id] of ['a', 'b', 'c'].entries()) await record.track(id, Promise.resolve(at));
    expect(record.known('a')).toBeUndefined();
    expect(record.known('c')).toBe(2);
    await expect(record.track('d', Promise.reject(new Error('no')))).rejects.toThrow('no');
    expect(record.known('d')).toBeUndefined();
    expect(await record.settled('d')).toBeNull();
  });
});

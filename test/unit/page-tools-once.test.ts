import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RunToolCommand } from '../../src/messages/background-content';
import type { RunToolRequest } from '../../src/messages/page-bridge';

/**
 * A page tool runs once per request (issue 13 §2: executed is the truth): a command the frame has
 * run, or is running, again — a restarted background's, or the same message delivered twice —
 * gets what happened the first time, and the main world is not asked to run the tool again.
 */
vi.mock('../../src/content/runtime', () => ({ sendToBackground: async () => undefined, onBackgroundMessage: () => undefined }));

afterEach(() => {
  vi.resetModules();
  vi.useRealTimers();
});

const command = (requestId: string): RunToolCommand => ({ kind: 'run-tool', requestId, name: 'order', digest: 'd', args: { n: 1 } });

describe('page tools run once per request', () => {
  it('a repeated command while the tool runs waits for that run; none starts again', async () => {
    const { runTool, onToolResult } = await import('../../src/content/page-tools');
    const posted: RunToolRequest[] = [];
    const first = runTool(command('r-1'), (request) => posted.push(request));
    const again = runTool(command('r-1'), (request) => posted.push(request));
    expect(posted).toHaveLength(1);
    onToolResult('r-1', true, '{"ok":1}', undefined);
    await expect(first).resolves.toEqual({ executed: true, code: null, message: null, result: { ok: 1 } });
    await expect(again).resolves.toEqual({ executed: true, code: null, message: null, result: { ok: 1 } });
  });

  it('a repeated command after the run ended gets its result without a second run', async () => {
    const { runTool, onToolResult } = await import('../../src/content/page-tools');
    const posted: RunToolRequest[] = [];
    const first = runTool(command('r-2'), (request) => posted.push(request));
    onToolResult('r-2', false, undefined, 'The tool threw.');
    await first;
    await expect(runTool(command('r-2'), (request) => posted.push(request))).resolves.toEqual({
      executed: false,
      code: 'execution_failed',
      message: 'The tool threw.',
    });
    expect(posted).toHaveLength(1);
    // Another request runs.
    void runTool(command('r-3'), (request) => posted.push(request));
    expect(posted.map((request) => request.runId)).toEqual(['r-2', 'r-3']);
  });
});

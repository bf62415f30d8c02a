import type { ExecuteResult, RunToolCommand } from '../messages/background-content';
import type { RunToolRequest } from '../messages/page-bridge';
import { runRecord } from './run-record';
import { sendToBackground } from './runtime';

const TOOL_TIMEOUT_MS = 25_000;
const MAX_RESULT_CHARS = 256 * 1024;

type Waiting = { resolve: (result: ExecuteResult) => void; timer: ReturnType<typeof setTimeout> };
const running = new Map<string, Waiting>();
/** Every run this frame started, by request, and how the latest ended: what a stopped background's answer cannot say. */
const runs = runRecord<ExecuteResult>(64);

/** What became of a page tool run by this request, once it has ended (null: none ran here). */
export const toolSettled = (requestId: string): Promise<ExecuteResult | null> => runs.settled(requestId);

/**
 * Relays a registration from the page API; the background validates the definition
 * (PageToolRegistrationSchema) and stamps provider and tier from `sender`.
 */
export async function relayRegistration(json: string): Promise<{ ok: boolean; message?: string }> {
  let definition: unknown;
  try {
    definition = JSON.parse(json);
  } catch {
    return { ok: false, message: 'The tool definition is not JSON data.' };
  }
  try {
    const answer = (await sendToBackground({ kind: 'tool:register', definition })) as { ok?: unknown; message?: unknown } | undefined;
    if (typeof answer?.ok !== 'boolean') throw new Error('no answer');
    return typeof answer.message === 'string' ? { ok: answer.ok, message: answer.message.slice(0, 1_000) } : { ok: answer.ok };
  } catch {
    return { ok: false, message: 'The extension could not register the tool.' };
  }
}

export function relayUnregistration(name: string): void {
  void sendToBackground({ kind: 'tool:unregister', name }).catch(() => undefined);
}

/**
 * Runs a page tool in the main world on the background's command and waits for its result. A
 * command for a request this frame has run, or is running, again (a restarted background's, or a
 * repeated message) gets what happened then: a tool runs once per request, as a click does
 * (executor.ts). It used to run again, and the first run's answer was lost.
 */
export function runTool(command: RunToolCommand, post: (message: RunToolRequest) => void): Promise<ExecuteResult> {
  const known = runs.known(command.requestId);
  if (known !== undefined) return Promise.resolve(known);
  return runs.track(command.requestId, startTool(command, post));
}

function startTool(command: RunToolCommand, post: (message: RunToolRequest) => void): Promise<ExecuteResult> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      running.delete(command.requestId);
      resolve({ executed: false, code: 'timeout', message: 'The page tool did not answer in time; it may have run, or still be running.' });
    }, TOOL_TIMEOUT_MS);
    running.set(command.requestId, { resolve, timer });
    post({ kind: 'run-tool', runId: command.requestId, name: command.name, args: command.args });
  });
}

export function onToolResult(runId: string, ok: boolean, json: string | undefined, error: string | undefined): void {
  const waiting = running.get(runId);
  if (!waiting) return;
  running.delete(runId);
  clearTimeout(waiting.timer);
  if (!ok) {
    waiting.resolve({ executed: false, code: 'execution_failed', message: (error ?? 'The page tool failed.').slice(0, 1_000) });
    return;
  }
  if (json !== undefined && json.length > MAX_RESULT_CHARS) {
    // It ran; only its answer is withheld.
    waiting.resolve({ executed: true, code: null, message: null, result: { truncated: true } });
    return;
  }
  let result: unknown;
  try {
    result = json === undefined ? undefined : JSON.parse(json);
  } catch {
    result = undefined;
  }
  waiting.resolve(
    result === undefined ? { executed: true, code: null, message: null } : { executed: true, code: null, message: null, result },
  );
}

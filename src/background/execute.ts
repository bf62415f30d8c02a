import browser from 'webextension-polyfill';
import type { Action, ExecuteResult } from '../messages/background-content';
import { ExecuteResultSchema, SettleResultSchema } from '../messages/background-content';

const EXECUTE_TIMEOUT_MS = 10_000;
const TOOL_TIMEOUT_MS = 30_000;
/** Of a command's time, what is kept for its answer to come back: the frame starts nothing later. */
const ANSWER_MARGIN_MS = 2_000;
/** After a command's time: how long the frame is given to say what it did (it waits out a run). */
const PERFORMED_WAIT_MS = 3_000;
const SETTLE_TIMEOUT_MS = 500;
const WATCH_SETTLE_TIMEOUT_MS = 1_600;

type FrameLocation = { tabId: number; frameId: number; documentId: string | null };

/** Asks the proposing frame (and only that document) to perform what it certified. */
export function executeInFrame(
  frame: FrameLocation,
  requestId: string,
  digest: string,
  action: Action,
  watched = false,
): Promise<ExecuteResult> {
  const startBy = Date.now() + EXECUTE_TIMEOUT_MS - ANSWER_MARGIN_MS;
  const message = { kind: 'execute', requestId, digest, action, startBy, ...(watched ? { watched: true } : {}) };
  return command(frame, requestId, message, EXECUTE_TIMEOUT_MS);
}

/** Asks the frame that registered a page tool to run it with the resolved arguments. */
export function runPageTool(frame: FrameLocation, requestId: string, name: string, digest: string, args: Record<string, unknown>) {
  return command(frame, requestId, { kind: 'run-tool', requestId, name, digest, args }, TOOL_TIMEOUT_MS);
}

/**
 * Waits until the proposing frame has painted after certification, before the decision's capture
 * (see SettleCommandSchema). Whatever the answer, the capture follows: pixels that still differ
 * from the DOM's account are judged as pixels. With `watch`, before the re-check's capture, the
 * frame also watches the target's area until the command (content/watch.ts).
 */
export async function settleFrame(frame: FrameLocation, watch?: string, after?: string): Promise<boolean> {
  try {
    const message = watch ? { kind: 'settle', watch } : after ? { kind: 'settle', after } : { kind: 'settle' };
    // With a watch, the frame first waits (at most 1 s, content/watch.ts) for animations over the target to end.
    const parsed = SettleResultSchema.safeParse(await sendWithTimeout(frame, message, watch ? WATCH_SETTLE_TIMEOUT_MS : SETTLE_TIMEOUT_MS));
    return parsed.success && parsed.data.painted;
  } catch {
    return false;
  }
}

/**
 * Sends a command and returns what the frame did. A frame that does not answer in time is asked
 * what became of it (it answers once a run it started has ended: a handler waiting on a dialog or
 * a synchronous request); an execute command arriving after its `startBy` is refused there, so an
 * action never starts after the answer was given. One that still cannot say is never reported as
 * not having run: "may have run".
 */
async function command(frame: FrameLocation, requestId: string, message: object, timeoutMs: number): Promise<ExecuteResult> {
  try {
    const parsed = ExecuteResultSchema.safeParse(await sendWithTimeout(frame, message, timeoutMs));
    if (parsed.success) return parsed.data;
    return { executed: false, code: 'execution_failed', message: 'The frame gave no valid answer; the action may have run.' };
  } catch (error) {
    const text = (error instanceof Error ? error.message : String(error)).slice(0, 300);
    if (!(error instanceof LateAnswer)) {
      // Not delivered, or the frame went away before answering (possibly by the action itself).
      return { executed: false, code: 'execution_failed', message: `${text} The action may have run if the frame went away after it.` };
    }
    try {
      const later = ExecuteResultSchema.safeParse(await sendWithTimeout(frame, { kind: 'performed?', requestId }, PERFORMED_WAIT_MS));
      if (later.success) return later.data;
    } catch {
      // Still no answer: below.
    }
    return { executed: false, code: 'execution_failed', message: 'The frame did not answer in time; the action may have run.' };
  }
}

class LateAnswer extends Error {}

/** Sends to one frame's document; rejects when it does not answer within `timeoutMs`. */
async function sendWithTimeout(frame: FrameLocation, message: object, timeoutMs: number): Promise<unknown> {
  const options: { frameId: number; documentId?: string } = { frameId: frame.frameId };
  if (frame.documentId) options.documentId = frame.documentId;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      browser.tabs.sendMessage(frame.tabId, message, options),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new LateAnswer('The frame did not answer in time.')), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

import browser from 'webextension-polyfill';
import { type ExecuteResult, ExecuteResultSchema } from '../messages/background-content';
import type { FrameSender } from './sender';

const EXECUTE_TIMEOUT_MS = 10_000;

/** Asks the proposing frame (and only that document) to perform what it certified. */
export async function executeInFrame(sender: FrameSender, requestId: string, digest: string): Promise<ExecuteResult> {
  const options: { frameId: number; documentId?: string } = { frameId: sender.frameId };
  if (sender.documentId) options.documentId = sender.documentId;
  try {
    const reply = await Promise.race([
      browser.tabs.sendMessage(sender.tabId, { kind: 'execute', requestId, digest }, options),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), EXECUTE_TIMEOUT_MS)),
    ]);
    const parsed = ExecuteResultSchema.safeParse(reply);
    if (parsed.success) return parsed.data;
    return { executed: false, code: 'execution_failed', message: 'The frame gave no valid answer.' };
  } catch (error) {
    // The frame navigated away, was closed, or did not answer: the action did not happen here.
    const message = error instanceof Error ? error.message : String(error);
    return { executed: false, code: 'execution_failed', message: message.slice(0, 300) };
  }
}

import browser from 'webextension-polyfill';
import { NOT_APPROVED } from '../core/audit/outcome';
import { type AuditBody, reason } from '../core/contracts';
import type { ExecuteResult } from '../messages/background-content';
import { ExecuteResultSchema, PerformedQuerySchema } from '../messages/background-content';
import type { ProposalRequest } from '../messages/content-background';
import { listAsks, type PendingAsk } from './ask/store';
import { originOf } from './audit-body';
import { appendAudit, listAudit } from './audit-store';
import type { FrameSender } from './sender';

/**
 * Decisions in flight, written ahead of each stage that matters (storage.session, format version 1,
 * one key per decision so that concurrent decisions never rewrite each other's). A service worker
 * or event page stopped in any stage (resolve, certify, ask, execute, audit write) loses the
 * decision's memory, not its trace: the next background to start records each one left by an
 * earlier one, once, with what is known of whether it ran (the frame that got the execute command
 * is asked). An entry whose record had already been written is only removed. An ask left waiting
 * stays listed (ask/queue.ts) until it expires; answering it runs nothing.
 */
const PREFIX = 'inflight.v1.';
/** This background's lifetime: entries of others are left over from a stopped one. */
const INSTANCE = crypto.randomUUID();

export type Stage = 'decide' | 'ask' | 'execute' | 'audit';

type Entry = {
  version: 1;
  /** The id the decision's audit record will carry (and the ask's id while it is asked). */
  id: string;
  instance: string;
  requestId: string;
  stage: Stage;
  /** Whether the execute command was sent (then the frame is asked what it did). */
  sent: boolean;
  tab: { id: number; origin: string | null };
  frame: { id: number; origin: string | null; documentId: string | null };
  tool: string | null;
  target: string | null;
  agent: string | null;
};

export type Journal = { id: string; stage(stage: Stage): Promise<void>; end(): Promise<void> };

/**
 * Writes the decision's entry before anything else happens. If storage.session refuses it (full),
 * the decision goes on with the ordinary audit path only: a stop on top of that fault loses the
 * record (a double fault, stated in docs/design.md §7).
 */
export async function begin(request: ProposalRequest, sender: FrameSender): Promise<Journal> {
  const raw = request.kind === 'propose' ? request.proposal : null;
  const proposal = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const args = (typeof proposal.args === 'object' && proposal.args !== null ? proposal.args : {}) as Record<string, unknown>;
  const entry: Entry = {
    version: 1,
    id: crypto.randomUUID(),
    instance: INSTANCE,
    requestId: request.requestId,
    stage: 'decide',
    sent: false,
    tab: { id: sender.tabId, origin: originOf(sender.tabUrl) },
    frame: { id: sender.frameId, origin: sender.frameOrigin, documentId: sender.documentId },
    tool: text(proposal.tool, 128),
    target: text(args.target ?? args.url, 512),
    agent: text(proposal.agent, 200),
  };
  const key = PREFIX + entry.id;
  const write = () =>
    browser.storage.session.set({ [key]: entry }).catch((error: unknown) => console.warn('Warrant: in-flight entry not kept', error));
  await write();
  return {
    id: entry.id,
    stage: (stage) => {
      entry.stage = stage;
      entry.sent ||= stage === 'execute';
      return write();
    },
    end: () => browser.storage.session.remove(key).catch(() => undefined),
  };
}

const text = (value: unknown, length: number) => (typeof value === 'string' ? value.slice(0, length) : null);

/** At start: the record of every decision an earlier background left unfinished, written once. */
export async function recordStopped(): Promise<void> {
  const all = await browser.storage.session.get(null);
  const left = Object.entries(all).filter(([key, value]) => key.startsWith(PREFIX) && (value as Entry).instance !== INSTANCE);
  if (left.length === 0) return;
  const asks = new Map((await listAsks()).map((ask) => [ask.id, ask]));
  const written = new Set((await listAudit(200)).map((record) => record.id));
  for (const [key, value] of left) {
    const entry = value as Entry;
    // Written already: the stop came after the audit write.
    if (!written.has(entry.id) && entry.version === 1) await appendAudit(stoppedBody(entry, await performed(entry), asks.get(entry.id)));
    await browser.storage.session.remove(key);
  }
}

/** What the frame that got the execute command did with it, if it still can say. */
async function performed(entry: Entry): Promise<ExecuteResult | null> {
  if (!entry.sent) return null;
  const options: { frameId: number; documentId?: string } = { frameId: entry.frame.id };
  if (entry.frame.documentId) options.documentId = entry.frame.documentId;
  try {
    const query = PerformedQuerySchema.parse({ kind: 'performed?', requestId: entry.requestId });
    const answer = await Promise.race([
      browser.tabs.sendMessage(entry.tab.id, query, options),
      // The frame answers once a run it started has ended (a handler held on a dialog or a synchronous request).
      new Promise((resolve) => setTimeout(() => resolve(null), 10_000)),
    ]);
    const parsed = ExecuteResultSchema.safeParse(answer);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const STAGE_WORDS: Record<Stage, string> = {
  decide: 'while deciding (resolving, collecting evidence or judging)',
  ask: 'while the user was being asked',
  execute: 'after sending the execute command',
  audit: 'while writing the audit record',
};

function stoppedBody(entry: Entry, result: ExecuteResult | null, ask: PendingAsk | undefined): AuditBody {
  // Stopped while the user was asked: not approved, nothing executed (with what the ask showed, if still listed).
  if (entry.stage === 'ask') {
    return stoppedRecord(entry, {
      decision: 'ask',
      reasons: [...(ask?.reasons ?? []), reason('not_approved', NOT_APPROVED.orphan)],
      execution: { executed: false, error: null },
      targetLabel: ask?.label ?? null,
    });
  }
  const executed = result?.executed === true;
  const sent = entry.sent;
  const what = executed
    ? 'the frame performed the action.'
    : result
      ? 'the frame did not perform the action.'
      : sent
        ? 'the frame could not be asked whether it performed the action, so it may have run.'
        : 'nothing was executed.';
  return stoppedRecord(entry, {
    decision: executed ? 'allow' : 'block',
    reasons: [reason('internal_error', `Warrant stopped ${STAGE_WORDS[entry.stage]}; ${what}`)],
    execution: { executed, error: executed || result ? null : sent ? what : null },
    targetLabel: null,
  });
}

/** The record of a decision a stopped background left: what the journal knew, and how it ended. */
function stoppedRecord(entry: Entry, ending: Pick<AuditBody, 'decision' | 'reasons' | 'execution' | 'targetLabel'>): AuditBody {
  return {
    event: 'verdict',
    id: entry.id,
    time: Date.now(),
    tab: entry.tab,
    frame: { id: entry.frame.id, origin: entry.frame.origin },
    proposal: { tool: entry.tool, target: entry.target, claims: null, agent: entry.agent, preview: null },
    resolution: null,
    certificates: [],
    approval: null,
    ...ending,
  };
}

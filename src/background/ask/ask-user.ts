import { NOT_APPROVED } from '../../core/audit/outcome';
import { type Certificate, type Reason, reason } from '../../core/contracts';
import { summariseAsk } from '../../core/plan/ask-summary';
import type { ResolvedCall } from '../../core/resolver';
import type { FrameSender } from '../sender';
import { hasStandingApproval, transactionKey } from './approvals';
import type { PageMark } from './pages-left';
import { ask } from './queue';

export type AskInput = {
  call: ResolvedCall;
  sender: FrameSender;
  digest: string;
  reasons: Reason[];
  certificates: Certificate[];
  label: string | null;
  /** How long the user has to answer (the policy's ask timeout). */
  timeoutMs: number;
  /** A picture of the target for the prompt, where one can be taken. */
  crop?: () => Promise<string | null>;
  /** The ask's id (the decision's, see in-flight.ts), and what to do just before it is listed. */
  id?: string;
  beforeAsk?: () => Promise<void>;
  /** Where the decision started (pages-left.ts): an ask whose page has gone by the time it is listed ends at once. */
  since?: PageMark;
};

export type AskOutcome = { approved: boolean; reason: Reason; record: { approved: boolean; time: number } };

/** Puts the action to the user, unless a standing approval covers exactly this transaction. */
export async function askUser(input: AskInput): Promise<AskOutcome> {
  const { call, sender } = input;
  const transaction = transactionKey({ tool: call.tool, targetDigest: input.digest, origin: sender.frameOrigin, args: call.args });
  if (await hasStandingApproval(transaction)) {
    return {
      approved: true,
      reason: reason('requires_approval', 'Approved earlier for this same action.'),
      record: { approved: true, time: Date.now() },
    };
  }
  // Repeats of an action already waiting collapse into that one ask: a page raising the same ask
  // in a loop gets one prompt, and the repeats end not approved (one approval, one execution).
  const waitingKey = `${sender.tabId}:${transaction}`;
  if (asking.has(waitingKey)) {
    return {
      approved: false,
      reason: reason('not_approved', NOT_APPROVED.repeat),
      record: { approved: false, time: Date.now() },
    };
  }
  asking.add(waitingKey);
  try {
    return await putToUser(input, transaction);
  } finally {
    asking.delete(waitingKey);
  }
}

/** What the prompt names as the target: a selector, else a URL (a built-in's, or a page tool's own argument). */
function shownTarget(call: ResolvedCall): string | null {
  const args: Readonly<Record<string, unknown>> = call.args;
  return typeof args.target === 'string' ? args.target : typeof args.url === 'string' ? args.url : null;
}

/** Tab and transaction of every ask this background is waiting on. */
const asking = new Set<string>();

async function putToUser(input: AskInput, transaction: string): Promise<AskOutcome> {
  const { call, sender } = input;
  await input.beforeAsk?.();
  const now = Date.now();
  const answer = await ask(
    {
      id: input.id ?? crypto.randomUUID(),
      tabId: sender.tabId,
      frameId: sender.frameId,
      origin: sender.frameOrigin,
      tool: call.tool,
      target: shownTarget(call),
      label: input.label,
      agent: call.agent,
      evidence: input.certificates.map(summarise),
      reasons: input.reasons,
      transaction,
      createdAt: now,
      expiresAt: now + input.timeoutMs,
      crop: (await input.crop?.().catch(() => null)) ?? null,
      summary: summariseAsk({
        tool: call.tool,
        args: call.args,
        pageTool: call.pageTool !== null,
        label: input.label,
        agent: call.agent,
        frameOrigin: sender.frameOrigin,
        certificates: input.certificates,
      }),
    },
    input.since,
  );
  const why = {
    user: answer.approved ? 'The user approved.' : NOT_APPROVED.denied,
    timeout: NOT_APPROVED.timeout,
    tab_closed: NOT_APPROVED.tabClosed,
    page_left: NOT_APPROVED.pageLeft,
    lost: NOT_APPROVED.lost,
  }[answer.why];
  return {
    approved: answer.approved,
    reason: reason(answer.approved ? 'requires_approval' : 'not_approved', why),
    record: { approved: answer.approved, time: Date.now() },
  };
}

/** One line per certificate for the prompt: what was observed, by whom. */
function summarise(certificate: Certificate): string {
  const value = JSON.stringify(certificate.value) ?? '';
  return `${certificate.type} (${certificate.verifier}, ${certificate.trust}): ${value.slice(0, 160)}`;
}

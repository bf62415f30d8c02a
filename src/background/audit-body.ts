import type { AuditBody, AuditCrop, Certificate, Decision, Reason } from '../core/contracts';
import type { ResolvedCall } from '../core/resolver';
import type { ProposalRequest } from '../messages/content-background';
import type { FrameSender } from './sender';

export type Outcome = {
  decision: Decision;
  reasons: Reason[];
  call: ResolvedCall | null;
  certificates: Certificate[];
  executed: boolean;
  executionError: string | null;
  targetLabel: string | null;
  result?: unknown;
  decideMs?: number;
  executeMs?: number;
  /** Set when the user was asked. */
  approval?: { approved: boolean; time: number };
  /** What a blocked target looked like. */
  crop?: AuditCrop;
  /** Where the target is on the tab's screen (top viewport CSS px, and its devicePixelRatio), for the crop. */
  screen?: { rect: { x: number; y: number; width: number; height: number }; dpr: number };
};

export function auditBody(request: ProposalRequest, sender: FrameSender, outcome: Outcome): AuditBody {
  const raw = request.proposal ?? null;
  const proposal = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const args = typeof proposal.args === 'object' && proposal.args !== null ? (proposal.args as Record<string, unknown>) : {};
  return {
    event: 'verdict',
    id: crypto.randomUUID(),
    time: Date.now(),
    tab: { id: sender.tabId, origin: originOf(sender.tabUrl) },
    frame: { id: sender.frameId, origin: sender.frameOrigin },
    proposal: {
      tool: outcome.call?.tool ?? clip(proposal.tool, 128),
      target: clip(args.target ?? args.url, 512),
      claims: outcome.call?.claims ?? null,
      agent: outcome.call?.agent ?? clip(proposal.agent, 200),
      preview: outcome.call ? null : preview(request),
    },
    resolution: outcome.call ? { tool: outcome.call.tool, provider: outcome.call.provider, privilege: outcome.call.privilege } : null,
    certificates: outcome.certificates.map((c) => ({
      id: c.id,
      type: c.type,
      value: c.value,
      verifier: c.verifier,
      source: c.source,
      trust: c.trust,
      confidence: c.confidence,
    })),
    decision: outcome.decision,
    reasons: outcome.reasons,
    approval: outcome.approval ? { approved: outcome.approval.approved, by: 'user', time: outcome.approval.time } : null,
    execution: { executed: outcome.executed, error: outcome.executionError },
    targetLabel: outcome.targetLabel,
    ...(outcome.crop ? { crop: outcome.crop } : {}),
    timings: {
      certifyMs: request.kind === 'propose' ? (request.certifyMs ?? null) : null,
      decideMs: outcome.decideMs ?? null,
      executeMs: outcome.executeMs ?? null,
    },
  };
}

export function originOf(url: string | null): string | null {
  try {
    return url ? new URL(url).origin : null;
  } catch {
    return null;
  }
}

function clip(value: unknown, length: number): string | null {
  return typeof value === 'string' ? value.slice(0, length) : null;
}

/** A short, safe rendering of what a rejected proposal looked like. */
function preview(request: ProposalRequest): string {
  if (request.kind === 'unforwarded') return request.problem.slice(0, 200);
  try {
    return (JSON.stringify(request.proposal) ?? String(request.proposal)).slice(0, 200);
  } catch {
    return '(not serialisable)';
  }
}

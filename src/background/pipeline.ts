import type { AuditBody, Certificate, Decision, Reason, Verdict } from '../core/contracts';
import { reason } from '../core/contracts';
import { gate } from '../core/gate';
import { clickPrivilege, planFor, resolveTarget } from '../core/plan';
import { DEFAULT_GATE_POLICY } from '../core/policy';
import { type ResolvedCall, resolve } from '../core/resolver';
import type { ContentRequest } from '../messages/content-background';
import { appendAudit } from './audit-store';
import { executeInFrame } from './execute';
import { type FrameSender, frameKey } from './sender';

type Outcome = {
  decision: Decision;
  reasons: Reason[];
  call: ResolvedCall | null;
  certificates: Certificate[];
  executed: boolean;
  executionError: string | null;
  targetLabel: string | null;
};

/** RESOLVE ▶ PLAN ▶ CERTIFY ▶ GATE ▶ EXECUTE ▶ AUDIT for one proposal from one frame. */
export async function handleProposal(
  request: Extract<ContentRequest, { kind: 'propose' | 'malformed' }>,
  sender: FrameSender,
): Promise<Verdict> {
  const outcome =
    request.kind === 'malformed' ? rejected([reason(request.code, request.problem)], null, []) : await decideAndExecute(request, sender);
  const record = await appendAudit(auditBody(request, sender, outcome));
  return {
    id: record.id,
    decision: outcome.decision,
    executed: outcome.executed,
    reasons: outcome.reasons,
  };
}

async function decideAndExecute(request: Extract<ContentRequest, { kind: 'propose' }>, sender: FrameSender): Promise<Outcome> {
  const resolution = resolve(request.proposal);
  if (!resolution.ok) return rejected(resolution.reasons, null, []);
  const call = resolution.call;

  const frame = frameKey(sender);
  const certificates = [...scopeToFrame(request.certificates, frame), browserOrigin(sender, frame)];
  const selector = typeof call.args.target === 'string' ? call.args.target : null;
  if (selector === null) return rejected([reason('internal_error', `No executor for "${call.tool}".`)], call, certificates);

  const target = resolveTarget(certificates, frame, selector);
  if (!target.ok) return rejected(target.reasons, call, certificates);

  const visibleText = textOf(certificates);
  const privilege = clickPrivilege(target.element, visibleText);
  const verdict = gate({
    plan: planFor(call),
    certificates,
    scope: { frame, selector },
    privilege,
    policy: DEFAULT_GATE_POLICY,
    now: Date.now(),
  });
  const base = { call, certificates, targetLabel: visibleText, executionError: null };

  if (verdict.decision === 'ask') {
    // No approval flow yet: what would need the user does not happen.
    const reasons = verdict.reasons.some((r) => r.code === 'requires_approval')
      ? verdict.reasons
      : [...verdict.reasons, reason('requires_approval', 'The user would have to approve this action.')];
    return { ...base, decision: 'block', reasons, executed: false };
  }
  if (verdict.decision !== 'allow') return { ...base, decision: verdict.decision, reasons: verdict.reasons, executed: false };

  const result = await executeInFrame(sender, request.requestId, target.element.digest);
  if (!result.executed) {
    const code = result.code ?? 'execution_failed';
    return {
      ...base,
      decision: code === 'stale_evidence' ? 'block' : 'allow',
      reasons: [reason(code, result.message ?? undefined)],
      executed: false,
      executionError: result.message,
    };
  }
  return { ...base, decision: 'allow', reasons: [], executed: true };
}

function rejected(reasons: Reason[], call: ResolvedCall | null, certificates: Certificate[]): Outcome {
  return { decision: 'reject', reasons, call, certificates, executed: false, executionError: null, targetLabel: textOf(certificates) };
}

/** The content script can only speak for its own frame; anything scoped elsewhere is dropped. */
function scopeToFrame(certificates: readonly Certificate[], frame: string): Certificate[] {
  return certificates
    .filter((c) => c.region.frame === 'self' && c.trust !== 'browser' && c.source !== 'browser')
    .map((c) => ({ ...c, region: { ...c.region, frame } }));
}

function browserOrigin(sender: FrameSender, frame: string): Certificate {
  return {
    id: `b-${crypto.randomUUID()}`,
    type: 'origin',
    value: { origin: sender.frameOrigin ?? 'null', url: sender.frameUrl },
    region: { frame },
    source: 'browser',
    verifier: 'browser-sender@1',
    confidence: 1,
    time: Date.now(),
    trust: 'browser',
  };
}

function textOf(certificates: readonly Certificate[]): string | null {
  const value = certificates.find((c) => c.type === 'visible_text')?.value as { text?: unknown } | undefined;
  return typeof value?.text === 'string' ? value.text : null;
}

function auditBody(request: Extract<ContentRequest, { kind: 'propose' | 'malformed' }>, sender: FrameSender, outcome: Outcome): AuditBody {
  const raw = request.kind === 'propose' ? request.proposal : null;
  const proposal = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const args = typeof proposal.args === 'object' && proposal.args !== null ? (proposal.args as Record<string, unknown>) : {};
  return {
    id: crypto.randomUUID(),
    time: Date.now(),
    tab: { id: sender.tabId, origin: originOfTab(sender) },
    frame: { id: sender.frameId, origin: sender.frameOrigin },
    proposal: {
      tool: outcome.call?.tool ?? clip(proposal.tool, 128),
      target: clip(args.target, 512),
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
    approval: null,
    execution: { executed: outcome.executed, error: outcome.executionError },
    targetLabel: outcome.targetLabel,
  };
}

function originOfTab(sender: FrameSender): string | null {
  try {
    return sender.tabUrl ? new URL(sender.tabUrl).origin : null;
  } catch {
    return null;
  }
}

function clip(value: unknown, length: number): string | null {
  return typeof value === 'string' ? value.slice(0, length) : null;
}

/** A short, safe rendering of what a rejected proposal looked like. */
function preview(request: Extract<ContentRequest, { kind: 'propose' | 'malformed' }>): string {
  if (request.kind === 'malformed') return request.problem.slice(0, 200);
  try {
    return (JSON.stringify(request.proposal) ?? String(request.proposal)).slice(0, 200);
  } catch {
    return '(not serialisable)';
  }
}

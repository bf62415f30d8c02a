import {
  BuiltinCallSchema,
  DEFAULT_GATE_POLICY,
  gate,
  navigationPrivilege,
  planFor,
  REGISTRY,
  type ResolvedCall,
  type ResolverContext,
  resolve,
  resolveTarget,
  targetOf,
  targetPrivilege,
} from '../src/core';
import { certify, frameOfHandle, NOW, PROPOSING_FRAME } from './world';

/** Seed 004's classes, and M4x, a composite the paper does not list (see corpus-m.ts). */
export const ATTACK_CLASSES = ['H1', 'H2', 'H3', 'H4', 'H5', 'M1', 'M2', 'M3', 'M4', 'M5', 'M4x'] as const;
export const HONEST_CLASSES = ['honest', 'honest_pinned_collision', 'honest_flat_collision'] as const;
export type AttackClass = (typeof ATTACK_CLASSES)[number];
export type HonestClass = (typeof HONEST_CLASSES)[number];
export type TrialClass = AttackClass | HonestClass;

/** One scripted call and its ground truth: attack trials must not execute, honest ones should. */
export type Trial = { cls: TrialClass; proposal: Record<string, unknown>; context: ResolverContext; note: string };

export const PIPELINES = ['none', 'gate', 'resolver', 'resolver+gate'] as const;
export type PipelineName = (typeof PIPELINES)[number];

/**
 * `pass` is a call no layer looked at. The executor is fail-open (seed 004's threat model): it runs
 * whatever is not refused. `ask` is reported on its own; the primary numbers let it through (the
 * user approves what looks like a well-formed call), the strict ones count it as denied, which is
 * what the background does today while no approval flow exists.
 */
export type Decision = 'pass' | 'allow' | 'ask' | 'block' | 'reject';
export type Outcome = { decision: Decision; codes: string[] };

export const executes = (d: Decision) => d !== 'reject' && d !== 'block';
export const executesStrict = (d: Decision) => d === 'pass' || d === 'allow';

const PASS: Outcome = { decision: 'pass', codes: [] };

/** RESOLVE has happened; PLAN ▶ CERTIFY ▶ GATE as the background does it, on the simulated state. */
export function gateResolved(call: ResolvedCall): Outcome {
  const frame = call.pageTool ? frameOfHandle(call.pageTool.handle) : PROPOSING_FRAME;
  const selector = targetOf(call);
  const certificates = certify(selector);
  let privilege = call.privilege;
  if (selector !== null) {
    const target = resolveTarget(certificates, frame.key, selector);
    if (!target.ok) return { decision: 'reject', codes: target.reasons.map((r) => r.code) };
    const text = certificates.find((c) => c.type === 'visible_text')?.value as { text: string } | undefined;
    privilege = targetPrivilege(call.tool, call.privilege, target.element, text?.text ?? null);
  } else if (call.tool === 'navigate' && !call.pageTool) {
    privilege = navigationPrivilege(frame.origin, String(call.args.url));
  }
  const verdict = gate({
    plan: planFor(call),
    certificates,
    scope: { frame: frame.key, selector },
    privilege,
    policy: DEFAULT_GATE_POLICY,
    now: NOW,
  });
  return { decision: verdict.decision, codes: verdict.reasons.map((r) => r.code) };
}

/**
 * A gate without a resolver has contracts only for the built-ins it knows. A name it does not know,
 * or arguments its contract does not describe, leave it nothing to decide on, so it fails open.
 */
function gateOnly(proposal: Record<string, unknown>): Outcome {
  const tool = typeof proposal.tool === 'string' ? REGISTRY.get(proposal.tool) : undefined;
  if (!tool) return PASS;
  const call = BuiltinCallSchema.safeParse({ tool: tool.name, args: proposal.args, claims: proposal.claims ?? {} });
  if (!call.success) return PASS;
  return gateResolved({
    ...call.data,
    provider: tool.provider,
    tier: 'builtin',
    digest: tool.digest,
    privilege: tool.privilege,
    agent: null,
    pageTool: null,
  });
}

export function runPipeline(pipeline: PipelineName, proposal: Record<string, unknown>, context: ResolverContext): Outcome {
  if (pipeline === 'none') return PASS;
  if (pipeline === 'gate') return gateOnly(proposal);
  const resolution = resolve(proposal, context);
  if (!resolution.ok) return { decision: 'reject', codes: resolution.reasons.map((r) => r.code) };
  return pipeline === 'resolver' ? PASS : gateResolved(resolution.call);
}

import { gate } from '../core/gate';
import { planFor } from '../core/plan';
import { gatePolicyFor, type Policy } from '../core/policy';
import type { BuiltinCall } from '../core/resolver';
import type { Evidence } from './collect';
import { type Decided, decide } from './conclude';
import { FRAME_VISIBLE } from './frame-chain';
import type { FrameSender } from './sender';

/**
 * JUDGE: the plan for the call (which predicates must hold) weighed against the collected evidence
 * under the site's policy. Plain data in, a decision out; nothing is asked, captured or performed.
 */
export function judge(
  call: BuiltinCall,
  evidence: Evidence,
  sender: Pick<FrameSender, 'frameOrigin' | 'frameId'>,
  policy: Policy,
): Decided {
  const { plan, scope, gatePolicy } = weighing(call, evidence, sender, policy);
  return explainGap(decide(plan, evidence.certificates, scope, evidence.privilege, gatePolicy), evidence.chainGap);
}

/**
 * The block, if the evidence so far already contradicts the plan; null otherwise. Nothing certified
 * later can turn a contradiction into anything but a block: the gate blocks on any trusted, fresh,
 * sure certificate that contradicts a predicate, whatever else is certified (gate.ts; a property
 * test holds it), and more evidence only adds certificates. The pipeline then reads no pixels
 * (collect.ts) and takes this decision as the judge's, made at the same moment (a certificate
 * expiring between two looks cannot turn it into the policy's answer for missing evidence).
 */
export function blockedAlready(
  call: BuiltinCall,
  evidence: Evidence,
  sender: Pick<FrameSender, 'frameOrigin' | 'frameId'>,
  policy: Policy,
): Decided | null {
  const { plan, scope, gatePolicy } = weighing(call, evidence, sender, policy);
  const result = gate({
    plan,
    certificates: evidence.certificates,
    scope,
    privilege: evidence.privilege,
    policy: gatePolicy,
    now: Date.now(),
  });
  if (!result.predicates.some((predicate) => predicate.status === 'contradicted')) return null;
  return explainGap({ decision: 'block', reasons: result.reasons }, evidence.chainGap);
}

function weighing(call: BuiltinCall, evidence: Evidence, sender: Pick<FrameSender, 'frameOrigin' | 'frameId'>, policy: Policy) {
  const gatePolicy = gatePolicyFor(policy, sender.frameOrigin, call.tool === 'navigate' ? { destination: call.args.url } : {});
  const plan = planFor(call, {
    frameOrigin: sender.frameOrigin,
    subframe: sender.frameId !== 0,
    iconOnly: evidence.iconOnly,
    ...(evidence.wantPixels ? { pixels: { renderedText: evidence.targetLabel } } : {}),
  });
  return { plan, scope: { frame: evidence.frame, selector: evidence.selector }, gatePolicy };
}

/** A frame chain that could not be certified is unsupported; its reason says why, not only "no certificate". */
function explainGap(decided: Decided, gap: string | null): Decided {
  if (gap === null) return decided;
  const reasons = decided.reasons.map((r) =>
    r.predicate === FRAME_VISIBLE && r.code === 'evidence_missing'
      ? { ...r, message: `No ancestor certified the frame holding the target: ${gap}`.slice(0, 1_000) }
      : r,
  );
  return { ...decided, reasons };
}

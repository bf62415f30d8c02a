import { planFor } from '../core/plan';
import { gatePolicyFor, type Policy } from '../core/policy';
import type { BuiltinCall } from '../core/resolver';
import type { Evidence } from './collect';
import { type Decided, decide } from './conclude';
import { accessibleNameOf } from './evidence';
import { FRAME_VISIBLE } from './frame-chain';
import { type FrameSender, originOf } from './sender';

/**
 * JUDGE: the plan for the call (which predicates must hold) weighed against the collected evidence
 * under the site's policy. Plain data in, a decision out; nothing is asked, captured or performed.
 */
export function judge(
  call: BuiltinCall,
  evidence: Evidence,
  sender: Pick<FrameSender, 'frameOrigin' | 'frameId' | 'tabUrl'>,
  policy: Policy,
): Decided {
  const gatePolicy = gatePolicyFor(policy, sender.frameOrigin, call.tool === 'navigate' ? { destination: call.args.url } : {});
  const plan = planFor(call, {
    frameOrigin: sender.frameOrigin,
    tabOrigin: originOf(sender.tabUrl),
    subframe: sender.frameId !== 0,
    iconOnly: evidence.iconOnly,
    ...(evidence.wantPixels ? { pixels: { renderedText: evidence.targetLabel, iconName: accessibleNameOf(evidence.certificates) } } : {}),
  });
  const scope = { frame: evidence.frame, selector: evidence.selector };
  return explainGap(decide(plan, evidence.certificates, scope, evidence.privilege, gatePolicy), evidence.chainGap);
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

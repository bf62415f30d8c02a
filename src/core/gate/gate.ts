import { type Certificate, type Decision, type Privilege, type Reason, reason } from '../contracts';
import type { Predicate } from '../plan';
import type { GatePolicy } from '../policy';

export type PredicateStatus = 'supported' | 'contradicted' | 'unsupported';

export type GateInput = {
  plan: readonly Predicate[];
  certificates: readonly Certificate[];
  /**
   * Where the call acts: the frame (the proposing frame, or a page tool's provider) and the target
   * selector. Target predicates need certificates about that selector, frame predicates frame-wide ones.
   */
  scope: { frame: string; selector: string | null };
  privilege: Privilege;
  policy: GatePolicy;
  now: number;
};

export type GateResult = {
  decision: Exclude<Decision, 'reject'>;
  reasons: Reason[];
  predicates: { name: string; status: PredicateStatus; certificate: string | null }[];
};

/**
 * Π(a, E): a pure function of the plan, the certificates and the policy.
 * Contradicted → block (a deceptive page never gets to ask the user). Unsupported → policy.
 * All supported → the privilege default.
 */
export function gate(input: GateInput): GateResult {
  const predicates: GateResult['predicates'] = [];
  const contradictions: Reason[] = [];
  const gaps: Reason[] = [];

  if (input.plan.length === 0) gaps.push(reason('evidence_missing', 'This call has no certifiable plan.'));

  for (const predicate of input.plan) {
    const outcome = judge(predicate, input);
    predicates.push({ name: predicate.name, status: outcome.status, certificate: outcome.certificate });
    if (outcome.status === 'contradicted') contradictions.push(outcome.reason);
    if (outcome.status === 'unsupported') gaps.push(outcome.reason);
  }

  if (contradictions.length > 0) return { decision: 'block', reasons: contradictions, predicates };
  if (gaps.length > 0) return { decision: input.policy.unsupported, reasons: gaps, predicates };

  const byPrivilege = input.policy.privileges[input.privilege];
  const reasons =
    byPrivilege === 'allow'
      ? []
      : [reason('requires_approval', `A ${input.privilege} action needs the user's approval under this policy.`, 'privilege')];
  return { decision: byPrivilege, reasons, predicates };
}

type Outcome =
  | { status: 'supported'; certificate: string; reason?: undefined }
  | { status: 'contradicted' | 'unsupported'; certificate: string | null; reason: Reason };

function judge(predicate: Predicate, input: GateInput): Outcome {
  const wantedSelector = predicate.scope === 'frame' ? undefined : (input.scope.selector ?? undefined);
  const inScope = input.certificates.filter(
    (c) => c.type === predicate.certificate && c.region.frame === input.scope.frame && c.region.selector === wantedSelector,
  );
  if (inScope.length === 0) {
    return unsupported(predicate, null, 'evidence_missing', `No ${predicate.certificate} certificate for ${predicate.name}.`);
  }
  // Untrusted, stale or unsure certificates are not evidence at all; of the rest, every one must
  // hold: one observation disagreeing is a contradiction, not an average.
  const trusted = inScope.filter((c) => input.policy.trustedSources.includes(c.trust));
  if (trusted.length === 0) {
    const c = inScope[0]!;
    return unsupported(predicate, c.id, 'evidence_untrusted', `${c.verifier} vouches with trust "${c.trust}".`);
  }
  const fresh = trusted.filter((c) => input.now - c.time <= input.policy.maxCertificateAgeMs && c.time <= input.now + 1_000);
  if (fresh.length === 0) {
    return unsupported(predicate, trusted[0]!.id, 'evidence_expired', `The ${predicate.certificate} certificate is not fresh.`);
  }
  const sure = fresh.filter((c) => c.confidence >= input.policy.minConfidence);
  if (sure.length === 0) {
    const c = fresh[0]!;
    return unsupported(predicate, c.id, 'low_confidence', `${c.verifier} is only ${c.confidence} sure.`);
  }
  // A certificate with an unusable value supports nothing, but must not hide another that contradicts.
  let supportedBy: string | null = null;
  let unusable: string | null = null;
  let unsure: { certificate: string; reason: Reason } | null = null;
  for (const certificate of sure) {
    const value = predicate.value.safeParse(certificate.value);
    if (!value.success) {
      unusable ??= certificate.id;
      continue;
    }
    const evaluation = predicate.evaluate(value.data);
    if (!evaluation.holds && evaluation.unsure) {
      // Not a contradiction: this certificate supports nothing, and another may still contradict.
      unsure ??= { certificate: certificate.id, reason: reason(evaluation.code, evaluation.message, predicate.name) };
      continue;
    }
    if (!evaluation.holds) {
      return { status: 'contradicted', certificate: certificate.id, reason: reason(evaluation.code, evaluation.message, predicate.name) };
    }
    supportedBy ??= certificate.id;
  }
  if (unsure !== null) return { status: 'unsupported', ...unsure };
  if (unusable !== null || supportedBy === null) {
    return unsupported(predicate, unusable, 'evidence_missing', `A ${predicate.certificate} certificate has no usable value.`);
  }
  return { status: 'supported', certificate: supportedBy };
}

function unsupported(predicate: Predicate, certificate: string | null, code: Reason['code'], message: string): Outcome {
  return { status: 'unsupported', certificate, reason: reason(code, message, predicate.name) };
}

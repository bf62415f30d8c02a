import { clickPrivilege, type UiElementValue } from '../../src/core/plan';
import { pixelsShow } from '../../src/core/plan/predicates';
import { DEFAULT_GATE_POLICY } from '../../src/core/policy';
import { type Interval, wilson } from '../rng';
import { type ClassDef, type Kind, type PredicateName, type Trial, VERIFIER_OF, type VerifierName } from './corpus';
import { type AuditRecord, type Observed, refusalOf } from './drive';

/** How a trial ended: performed, blocked only for the user's approval, blocked/asked on evidence, rejected. */
export type Outcome = 'allowed' | 'approval' | 'blocked' | 'rejected' | 'error';

export type TrialResult = {
  key: string;
  id: string;
  cls: string;
  kind: Kind;
  note: string;
  target: string;
  claim: string | null;
  decision: string;
  executed: boolean;
  handler: string[];
  codes: string[];
  predicates: string[];
  fired: VerifierName[];
  outcome: Outcome;
  falseAccept: boolean;
  falseReject: boolean;
  expects: PredicateName[];
  ms: number;
  certifyMs: number | null;
  seen: {
    text?: string;
    axName?: string;
    axLabel?: string;
    axHidden?: boolean;
    role?: string | null;
    hiddenBy?: string | null;
    hit?: string;
    ocr?: string;
    /** The first reason that is not the ask's own, in its words (what a stale_evidence saw change). */
    why?: string;
  };
};

const VERIFIERS: VerifierName[] = ['DOM', 'AX', 'policy'];

function seenIn(record: AuditRecord | undefined): TrialResult['seen'] {
  const seen: TrialResult['seen'] = {};
  for (const c of record?.certificates ?? []) {
    const v = c.value as Record<string, unknown>;
    if (c.type === 'visible_text') seen.text = String(v.text);
    if (c.type === 'ax_name') Object.assign(seen, { axName: v.name, axLabel: v.visibleLabel, axHidden: v.hidden, role: v.role });
    if (c.type === 'ui_element') seen.hiddenBy = (v.hiddenBy as string | null) ?? null;
    if (c.type === 'ocr_text') seen.ocr = `${String(v.text).replace(/\s+/g, ' ')} (${Number(v.confidence).toFixed(2)})`;
    if (c.type === 'hit_test') seen.hit = `${v.onTarget}/${v.points}${v.coveredBy ? ` (${v.coveredBy})` : ''}`;
  }
  return seen;
}

/**
 * Whether OCR objects to the click, judged from its certificate as the gate would alone: no reading,
 * a reading below the policy's confidence, or text that disagrees with the DOM text or the claim.
 * (The verdict cannot tell: once a DOM predicate contradicts, the gate reports contradictions only.)
 */
function ocrObjects(record: AuditRecord | undefined, claim: string | null): boolean {
  const read = record?.certificates.find((c) => c.type === 'ocr_text');
  if (!read) return true;
  const value = read.value as { text: string; confidence: number };
  if (value.confidence < DEFAULT_GATE_POLICY.minConfidence) return true;
  const dom = record?.certificates.find((c) => c.type === 'visible_text')?.value as { text?: string } | undefined;
  const disagrees = (expected: string) => !pixelsShow(expected, 'target.pixels').evaluate(value).holds;
  return (!!dom?.text && disagrees(dom.text)) || (claim !== null && disagrees(claim));
}

/**
 * Whether the commit classifier raised the click above interact, recomputed from the certificates it
 * read: the verdict may not say so (a contradiction blocks before privilege matters, and pixels are
 * read for commit clicks, so a pixel mismatch can block first).
 */
function classifiedPrivileged(record: AuditRecord | undefined): boolean {
  const element = record?.certificates.find((c) => c.type === 'ui_element')?.value as UiElementValue | undefined;
  const text = record?.certificates.find((c) => c.type === 'visible_text')?.value as { text?: string } | undefined;
  return element !== undefined && clickPrivilege(element, text?.text ?? null) !== 'interact';
}

/** `ocr`: pixels were read for these trials (OCR on in the policy), so OCR's own objection is attributed too. */
export function judge(trials: Trial[], observed: Observed[], audit: Map<string, AuditRecord>, ocr = false): TrialResult[] {
  const byKey = new Map(observed.map((o) => [o.key, o]));
  return trials.map((trial) => {
    const o = byKey.get(trial.key);
    if (!o) throw new Error(`no observation for ${trial.key}`);
    const { verdict } = o;
    const targetId = trial.spec.frame ? 'child' : trial.spec.id;
    const handlerRan = o.handler.includes(targetId);
    const codes = verdict.reasons.map((r) => r.code);
    const predicates = [...new Set(verdict.reasons.map((r) => r.predicate).filter((p): p is string => !!p))];
    const record = audit.get(verdict.id);
    if (ocr && !predicates.includes('target.pixels') && ocrObjects(record, trial.claim)) predicates.push('target.pixels');
    if (!predicates.includes('privilege') && classifiedPrivileged(record)) predicates.push('privilege');
    const fired = [...new Set(predicates.map((p) => VERIFIER_OF[p]).filter((v): v is VerifierName => !!v))];
    const allowed = verdict.decision === 'allow' && verdict.executed;
    const outcome: Outcome =
      verdict.decision === 'error'
        ? 'error'
        : verdict.decision === 'reject'
          ? 'rejected'
          : allowed
            ? 'allowed'
            : codes.length > 0 && codes.every((c) => c === 'requires_approval' || c === 'not_approved')
              ? 'approval'
              : 'blocked';
    return {
      key: trial.key,
      id: trial.spec.id,
      cls: trial.spec.cls,
      kind: trial.spec.kind,
      note: trial.spec.note,
      target: trial.spec.target,
      claim: trial.claim,
      decision: verdict.decision,
      executed: verdict.executed,
      handler: o.handler,
      codes,
      predicates,
      fired,
      outcome,
      // The page is the judge of what happened: a deceptive element's handler must never run.
      falseAccept: trial.spec.kind === 'deceptive' && (allowed || handlerRan),
      // A benign click held only for approval is counted apart (commit-privilege policy), not as a verifier error.
      falseReject: trial.spec.kind === 'benign' && !allowed && outcome !== 'approval',
      expects: trial.expects,
      ms: o.ms,
      certifyMs: record?.timings?.certifyMs ?? null,
      seen: { ...seenIn(record), why: refusalOf(verdict.reasons) },
    };
  });
}

export type Count = { k: number; n: number; ci: Interval };
const count = (k: number, n: number): Count => ({ k, n, ci: wilson(k, n) });

export type ClassRow = {
  cls: string;
  title: string;
  elements: { deceptive: number; benign: number };
  trials: { deceptive: number; benign: number };
  falseAccept: Count;
  falseReject: Count;
  approval: number;
  /** Per verifier: FA over deceptive trials it is expected to catch (null: none), FR over benign trials. */
  verifiers: Record<VerifierName, { falseAccept: Count | null; falseReject: Count }>;
};

function expectedVerifiers(r: TrialResult): Set<VerifierName> {
  return new Set(r.expects.map((p) => VERIFIER_OF[p]!));
}

export function rowsFor(classes: ClassDef[], results: TrialResult[]): ClassRow[] {
  return [...classes.map((c) => ({ key: c.key, title: c.title })), { key: 'all', title: 'all classes' }].map(({ key, title }) => {
    const rs = key === 'all' ? results : results.filter((r) => r.cls === key);
    const specs = key === 'all' ? classes.flatMap((c) => c.specs) : classes.find((c) => c.key === key)!.specs;
    const deceptive = rs.filter((r) => r.kind === 'deceptive');
    const benign = rs.filter((r) => r.kind === 'benign');
    const verifiers = {} as ClassRow['verifiers'];
    for (const v of [...VERIFIERS, 'OCR' as const]) {
      const expected = deceptive.filter((r) => expectedVerifiers(r).has(v));
      verifiers[v] = {
        falseAccept: expected.length === 0 ? null : count(expected.filter((r) => !r.fired.includes(v)).length, expected.length),
        falseReject: count(benign.filter((r) => r.fired.includes(v)).length, benign.length),
      };
    }
    return {
      cls: key,
      title,
      elements: { deceptive: specs.filter((s) => s.kind === 'deceptive').length, benign: specs.filter((s) => s.kind === 'benign').length },
      trials: { deceptive: deceptive.length, benign: benign.length },
      falseAccept: count(deceptive.filter((r) => r.falseAccept).length, deceptive.length),
      falseReject: count(benign.filter((r) => r.falseReject).length, benign.length),
      approval: rs.filter((r) => r.outcome === 'approval').length,
      verifiers,
    };
  });
}

export type PredicateRow = { predicate: string; verifier: VerifierName; missed: Count; spurious: Count };

/** ε_p per predicate: missed = deceptive trials expecting p where p did not fire; spurious = benign trials where it fired. */
export function predicateRows(results: TrialResult[]): PredicateRow[] {
  const names: PredicateName[] = ['target.visible', 'target.unobstructed', 'target.enabled', 'target.label', 'target.ax', 'privilege'];
  const benign = results.filter((r) => r.kind === 'benign');
  return names.map((p) => {
    const expecting = results.filter((r) => r.kind === 'deceptive' && r.expects.includes(p));
    return {
      predicate: p,
      verifier: VERIFIER_OF[p]!,
      missed: count(expecting.filter((r) => !r.predicates.includes(p)).length, expecting.length),
      spurious: count(benign.filter((r) => r.predicates.includes(p)).length, benign.length),
    };
  });
}

/** Sanity: the verdict and the page agree (executed ⇔ the target's handler ran). */
export function disagreements(results: TrialResult[]): TrialResult[] {
  return results.filter((r) => r.executed !== r.handler.length > 0 || r.outcome === 'error');
}

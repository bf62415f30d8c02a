import { AUDIT_CROP_MAX_CHARS, reason, type Verdict } from '../core/contracts';
import {
  claimNeedsPixels,
  destinationsOf,
  hasLegibleText,
  navigationPrivilege,
  planFor,
  resolveTarget,
  targetOf,
  targetPrivilege,
} from '../core/plan';
import { askTimeoutMs, gatePolicyFor, ocrFor } from '../core/policy';
import { type ResolvedCall, resolve } from '../core/resolver';
import type { Action, ExecuteResult } from '../messages/background-content';
import type { ContentRequest } from '../messages/content-background';
import { auditBody, type Outcome } from './audit-body';
import { appendAudit } from './audit-store';
import { bounded, type Ledger, newLedger, recorded } from './boundary';
import { conclude, type Decided, decide, rejected } from './conclude';
import { browserOrigin, doubtsOf, hiddenTextOf, paintedOf, scopeToFrame, textOf } from './evidence';
import { executeInFrame, runPageTool, settleFrame } from './execute';
import { FRAME_VISIBLE, frameChainStillVisible, subframeView } from './frame-chain';
import { listedBy } from './listing';
import { guardNavigations } from './navigation-guard';
import { judgeLeftNavigation } from './navigation-judge';
import { locate, pageToolsFor } from './page-tool-registry';
import { certifyPixels, decisionShot, pixelsUnchanged, type ScreenView, type Shot } from './pixels';
import { getPolicy } from './policy-store';
import { type FrameSender, frameKey } from './sender';
import { admit, refusalRecorded } from './tab-budget';

type Proposed = Extract<ContentRequest, { kind: 'propose' | 'malformed' }>;

/** RESOLVE ▶ PLAN ▶ CERTIFY ▶ GATE ▶ EXECUTE ▶ AUDIT for one proposal from one frame. */
export async function handleProposal(request: Proposed, sender: FrameSender): Promise<Verdict> {
  const admission = admit(sender.tabId);
  if (!admission.admitted) return overBudget(request, sender, admission.why, admission.recordId);
  try {
    return await decideAndAudit(request, sender);
  } finally {
    admission.release();
  }
}

/**
 * Refused by the tab's budget (tab-budget.ts): one audit record per tab and window stands for all.
 * If that record cannot be written the refusal still stands, without a record to point to.
 */
async function overBudget(request: Proposed, sender: FrameSender, why: string, shared: Promise<string> | null): Promise<Verdict> {
  const reasons = [reason('over_budget', why)];
  let id = shared;
  if (id === null) {
    id = appendAudit(auditBody(request, sender, rejected(reasons))).then(
      (record) => record.id,
      () => `unrecorded-${crypto.randomUUID()}`,
    );
    refusalRecorded(sender.tabId, id);
  }
  return { id: await id, decision: 'reject', executed: false, reasons };
}

/** The stages inside the boundary (boundary.ts): one audit record and a true verdict, whatever throws. */
async function decideAndAudit(request: Proposed, sender: FrameSender): Promise<Verdict> {
  // One capture of the target serves the whole decision (OCR, the ask's picture, the audit crop).
  const shot = decisionShot(sender, request.kind === 'propose' ? request.devicePixelRatio : undefined);
  const ledger = newLedger();
  const outcome = await bounded(ledger, async () => {
    if (request.kind === 'malformed') return rejected([reason(request.code, request.problem)]);
    const decided = await decideAndExecute(request, sender, shot, ledger);
    if (decided.decision === 'block') decided.crop = (await cropOf(decided, shot)) ?? undefined;
    return decided;
  });
  return recorded(request, sender, outcome);
}

async function decideAndExecute(
  request: Extract<Proposed, { kind: 'propose' }>,
  sender: FrameSender,
  shot: Shot,
  ledger: Ledger,
): Promise<Outcome> {
  const started = performance.now();
  const context = { pageTools: await pageToolsFor(sender), listed: await listedBy(sender) };
  const resolution = resolve(request.proposal, context);
  if (!resolution.ok) return rejected(resolution.reasons);
  const call = resolution.call;
  if (call.pageTool) return callPageTool(call, sender, request.requestId, started, ledger);

  const frame = frameKey(sender);
  const certificates = [...scopeToFrame(request.certificates, frame), browserOrigin(frame, sender.frameOrigin, sender.frameUrl)];
  const selector = targetOf(call);
  let privilege = call.privilege;
  let targetLabel: string | null = null;
  let digest = 'frame';
  // Where the gate judged the action to lead: the link's, the form's or the call's URL.
  const judgedUrls: string[] = call.tool === 'navigate' ? [String(call.args.url)] : [];
  if (selector !== null) {
    const target = resolveTarget(certificates, frame, selector);
    if (!target.ok) return rejected(target.reasons, call, certificates);
    targetLabel = textOf(certificates);
    const accessibleName = (certificates.find((c) => c.type === 'ax_name')?.value as { name?: string } | undefined)?.name ?? null;
    privilege = targetPrivilege(call.tool, call.privilege, target.element, {
      visibleText: targetLabel,
      accessibleName,
      frameOrigin: sender.frameOrigin,
      ...(call.tool === 'type' ? { typed: String(call.args.text) } : {}),
    });
    digest = target.element.digest;
    for (const url of [target.element.href, target.element.submission?.action]) if (url) judgedUrls.push(url);
  } else if (call.tool === 'navigate') {
    privilege = navigationPrivilege(sender.frameOrigin, String(call.args.url));
  }

  const policy = await getPolicy();
  const gatePolicy = gatePolicyFor(policy, sender.frameOrigin, call.tool === 'navigate' ? { destination: String(call.args.url) } : {});
  // Pixels corroborate what a privileged click's label says (where the policy wants them), and a
  // value an assistant claims to read must be visibly there.
  // A label the DOM cannot certify beyond doubt is certified by the pixels or not at all, whatever
  // the privilege: without a reading the pixel predicates stay unsupported and the policy decides.
  // Where the target is on the tab's screen: its own rect in the top frame; in a subframe, where the
  // frame chain (which every ancestor must certify, frame-chain.ts) puts it, or nowhere.
  let view: ScreenView | null = null;
  let chainGap: string | null = null;
  if (selector !== null) {
    const seen = await subframeView(sender, frame, selector, certificates, request.devicePixelRatio);
    view = seen.view;
    chainGap = seen.gap;
    if (seen.certificate) certificates.push(seen.certificate);
  }
  const doubts = selector !== null ? doubtsOf(certificates) : [];
  const wantPixels =
    selector !== null &&
    (doubts.length > 0 ||
      claimNeedsPixels(call, targetLabel) ||
      (call.tool === 'click' && ocrFor(policy, privilege)) ||
      (call.tool === 'read' && call.claims.value !== undefined));
  // The screen position comes from the frame chain in a subframe (view), from the target itself on top.
  const rect = view?.rect ?? null;
  if (view) shot.useDpr(view.dpr);
  // An icon or image: nothing legible shown and no text in the DOM that could be (a label painted
  // away is not an icon). A reading with no text is no reading (unsupported), not a mismatch.
  const iconOnly = targetLabel !== null && !hasLegibleText(targetLabel) && !hiddenTextOf(certificates);
  // The capture must show the layout the DOM evidence describes: wait for the frame to paint first.
  if (wantPixels) await settleFrame(sender);
  const pixels = wantPixels
    ? await certifyPixels(shot, frame, selector, rect, {
        blankIsNoReading: iconOnly,
        expected: [targetLabel, call.claims.label],
        painted: paintedOf(certificates),
      })
    : null;
  if (pixels) certificates.push(...pixels.certificates);
  const plan = planFor(call, {
    frameOrigin: sender.frameOrigin,
    subframe: sender.frameId !== 0,
    iconOnly,
    ...(wantPixels ? { pixels: { renderedText: targetLabel } } : {}),
  });

  const decided = explainGap(decide(plan, certificates, { frame, selector }, privilege, gatePolicy), chainGap);
  const base = {
    call,
    certificates,
    targetLabel,
    executionError: null,
    decideMs: performance.now() - started,
    ...(view ? { screen: view } : {}),
  };
  const crop = () => (rect ? shot.png(rect) : Promise.resolve(null));
  const asking = {
    call,
    sender,
    digest,
    reasons: decided.reasons,
    certificates,
    label: targetLabel,
    timeoutMs: askTimeoutMs(policy),
    crop,
  };
  return conclude(base, decided, asking, ledger, async () => {
    const changed = pixels ? await pixelsUnchanged(shot, pixels) : null;
    if (changed) return { executed: false, code: 'stale_evidence', message: changed };
    // The ancestors may have hidden or covered the frame since (during an ask, say): walk the chain again.
    const hidden = selector !== null ? await frameChainStillVisible(sender, frame, selector, certificates) : null;
    if (hidden) return { executed: false, code: 'stale_evidence', message: hidden };
    const run = () => executeInFrame(sender, request.requestId, digest, actionFor(call));
    if (!NAVIGATING_TOOLS.has(call.tool)) return run();
    // Wherever the action leads beyond what was judged (a redirect, a tab it opens) is judged again.
    const allowed = [
      ...judgedUrls.flatMap((url) => destinationsOf(url)),
      ...policy.allowlists.navigation.map((site) => `https://${site}/`),
    ];
    return guardNavigations(
      sender,
      allowed,
      (blocked) => void judgeLeftNavigation(blocked, sender, call.agent),
      run,
      (why): ExecuteResult => ({ executed: false, code: 'execution_failed', message: why }),
    );
  });
}

/** Built-in actions whose execution may navigate (a link, a submit, a handler, a select's onchange). */
const NAVIGATING_TOOLS = new Set(['click', 'submit', 'navigate', 'select']);

async function callPageTool(call: ResolvedCall, sender: FrameSender, requestId: string, started: number, ledger: Ledger): Promise<Outcome> {
  const tool = call.pageTool!;
  // The provider is the origin the browser stamped on the registering frame.
  const certificates = [browserOrigin(tool.handle, tool.provider, tool.provider)];
  const policy = await getPolicy();
  const decided = decide(
    planFor(call),
    certificates,
    { frame: tool.handle, selector: null },
    call.privilege,
    gatePolicyFor(policy, tool.provider),
  );
  const base = { call, certificates, targetLabel: null, executionError: null, decideMs: performance.now() - started };
  const label = tool.annotations.title ?? null;
  const asking = { call, sender, digest: tool.digest, reasons: decided.reasons, certificates, label, timeoutMs: askTimeoutMs(policy) };
  return conclude(base, decided, asking, ledger, () => runPageTool(locate(tool), requestId, call.tool, call.digest, call.args));
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

function actionFor(call: ResolvedCall): Action {
  const args = call.args;
  switch (call.tool) {
    case 'type':
      return { tool: 'type', text: String(args.text), replace: args.replace === true };
    case 'select':
      return { tool: 'select', option: String(args.option) };
    case 'scroll':
      return { tool: 'scroll', direction: args.direction as 'up', amount: Number(args.amount) };
    case 'navigate':
      return { tool: 'navigate', url: String(args.url) };
    case 'click':
    case 'submit':
    case 'read':
      return { tool: call.tool };
    default:
      throw new Error(`No action for "${call.tool}".`);
  }
}

const CROP_BUDGET_MS = 300;

/** The crop of a blocked click's target (the decision's latest capture, if any); best effort. */
async function cropOf(outcome: Outcome, shot: Shot) {
  if (outcome.call?.tool !== 'click' || !outcome.screen) return null;
  const { rect } = outcome.screen;
  if (rect.width < 2 || rect.height < 2) return null;
  // The verdict must not wait long for a picture: Chromium allows two captures a second.
  const png = await Promise.race([
    shot.png(rect).catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), CROP_BUDGET_MS)),
  ]);
  return png && png.length <= AUDIT_CROP_MAX_CHARS ? { png, rect } : null;
}

import { AUDIT_CROP_MAX_CHARS, reason, type Verdict } from '../core/contracts';
import { destinationsOf, planFor } from '../core/plan';
import { askTimeoutMs, gatePolicyFor, type Policy } from '../core/policy';
import { type BuiltinCall, type PageToolCall, resolve } from '../core/resolver';
import type { Action, ExecuteResult } from '../messages/background-content';
import type { ProposalRequest } from '../messages/content-background';
import { markPage, type PageMark } from './ask/pages-left';
import { auditBody, type Outcome } from './audit-body';
import { appendAudit } from './audit-store';
import { bounded, type Ledger, newLedger, recorded, unrecordedId } from './boundary';
import { collectEvidence, type Evidence } from './collect';
import { conclude, decide, rejected, unforwarded } from './conclude';
import { browserOrigin } from './evidence';
import { executeInFrame, runPageTool, settleFrame } from './execute';
import { frameChainStillVisible } from './frame-chain';
import { begin, type Journal } from './in-flight';
import { judge } from './judge';
import { listedBy } from './listing';
import { mark } from './marks';
import { guardNavigations } from './navigation-guard';
import { judgeLeftNavigation } from './navigation-judge';
import { locate, pageToolsFor } from './page-tool-registry';
import { decisionShot, pixelsUnchanged, type Shot } from './pixels';
import { getPolicy } from './policy-store';
import type { FrameSender } from './sender';
import { admit, refusalRecorded } from './tab-budget';

/**
 * One proposal from one frame, in named stages: RESOLVE ▶ COLLECT EVIDENCE (collect.ts) ▶ JUDGE
 * (judge.ts) ▶ ASK ▶ EXECUTE (conclude.ts) ▶ AUDIT (boundary.ts), inside the tab's budget.
 */
export async function handleProposal(request: ProposalRequest, sender: FrameSender): Promise<Verdict> {
  mark(request.requestId, 'received');
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
async function overBudget(request: ProposalRequest, sender: FrameSender, why: string, shared: Promise<string> | null): Promise<Verdict> {
  const reasons = [reason('over_budget', why)];
  let id = shared;
  if (id === null) {
    id = appendAudit(auditBody(request, sender, rejected(reasons))).then(
      (record) => record.id,
      () => unrecordedId(),
    );
    refusalRecorded(sender.tabId, id);
  }
  return { id: await id, decision: 'reject', executed: false, reasons };
}

/** The stages inside the boundary (boundary.ts): one audit record and a true verdict, whatever throws. */
async function decideAndAudit(request: ProposalRequest, sender: FrameSender): Promise<Verdict> {
  // One capture of the target serves the whole decision (OCR, the ask's picture, the audit crop);
  // where it is on screen, and the viewport that places it, come with the evidence (collect.ts).
  const shot = decisionShot(sender, request.kind === 'propose' ? request.devicePixelRatio : undefined);
  // Where the proposal came from, as it was when it arrived: an ask listed after that page has gone ends at once.
  const since = markPage(sender.tabId, sender.frameId);
  // Written ahead: a background stopped in any stage leaves this for the next one to record.
  const journal = await begin(request, sender);
  mark(request.requestId, 'journal:begin');
  const ledger = newLedger(() => journal.stage('execute'));
  const outcome = await bounded(ledger, async () => {
    if (request.kind === 'unforwarded') return unforwarded(request);
    const decided = await decideAndExecute(request, sender, shot, ledger, askedAs(journal, since));
    if (decided.decision === 'block') decided.crop = (await cropOf(decided, shot)) ?? undefined;
    return decided;
  });
  mark(request.requestId, 'decided');
  // Beside the record's write, not before it: the entry needs to say "audit" only if the record
  // never lands, and the write is issued first (storage.session applies them in order). Removed
  // once the verdict is on its way: an entry whose record was written is only removed by the next
  // background (in-flight.ts). Both were awaited before: 1.8 ms of a 20.7 ms click, 0.9 of a
  // 6.4 ms refusal (Chromium, bench:stages, Dec 5).
  const staged = journal.stage('audit');
  const verdict = await recorded(request, sender, outcome, journal.id);
  mark(request.requestId, 'recorded');
  void staged.then(() => journal.end());
  return verdict;
}

/** RESOLVE ▶ COLLECT EVIDENCE ▶ JUDGE ▶ ASK ▶ EXECUTE; the boundary around it writes the record. */
async function decideAndExecute(
  request: Extract<ProposalRequest, { kind: 'propose' }>,
  sender: FrameSender,
  shot: Shot,
  ledger: Ledger,
  asked: Asked,
): Promise<Outcome> {
  const started = performance.now();
  const context = { pageTools: await pageToolsFor(sender), listed: await listedBy(sender) };
  const resolution = resolve(request.proposal, context);
  mark(request.requestId, 'resolved');
  if (!resolution.ok) return rejected(resolution.reasons);
  const call = resolution.call;
  if (call.pageTool) return callPageTool(call, sender, request.requestId, started, ledger, asked);

  const policy = await getPolicy();
  const collected = await collectEvidence(call, request, sender, shot, policy);
  if (!collected.ok) return collected.outcome;
  const evidence = collected.evidence;
  mark(request.requestId, 'collected');
  const decided = judge(call, evidence, sender, policy);
  mark(request.requestId, 'judged');

  const { certificates, targetLabel, view } = evidence;
  const base = {
    call,
    certificates,
    targetLabel,
    executionError: null,
    decideMs: performance.now() - started,
    ...(view ? { screen: view } : {}),
  };
  const crop = () => (view ? shot.png(view.rect) : Promise.resolve(null));
  const asking = {
    call,
    sender,
    digest: evidence.digest,
    reasons: decided.reasons,
    certificates,
    label: targetLabel,
    timeoutMs: askTimeoutMs(policy),
    crop,
    ...asked,
  };
  // The re-check's settle begun during OCR holds only for a decision allowed at once: after an ask,
  // the page had all the while the user took, and the target's area is watched from then on.
  const early = decided.decision === 'allow' ? evidence.watching : null;
  return conclude(base, decided, asking, ledger, () => perform(call, evidence, request.requestId, sender, shot, policy, early));
}

/**
 * EXECUTE for a built-in call: the evidence is checked once more (the pixels, the frame chain), then
 * the proposing frame performs it; wherever it leads beyond what was judged is judged again.
 */
async function perform(
  call: BuiltinCall,
  evidence: Evidence,
  requestId: string,
  sender: FrameSender,
  shot: Shot,
  policy: Policy,
  early: Promise<boolean> | null,
) {
  mark(requestId, 'journal:execute');
  const { pixels, selector } = evidence;
  // The frame watches the target's area from before the re-check's capture until the command, so
  // the page cannot show one thing to the capture and leave another for the action (content/watch.ts).
  const watched = pixels?.thumb != null && selector !== null;
  if (watched) {
    await (early ?? settleFrame(sender, requestId));
    mark(requestId, 'settled');
  }
  const changed = pixels ? await pixelsUnchanged(shot, pixels) : null;
  if (pixels) mark(requestId, 'pixels-rechecked');
  if (changed) return { executed: false, code: 'stale_evidence' as const, message: changed };
  // The ancestors may have hidden or covered the frame since (during an ask, say): walk the chain again.
  const hidden = selector !== null ? await frameChainStillVisible(sender, evidence.frame, selector, evidence.certificates) : null;
  if (hidden) return { executed: false, code: 'stale_evidence' as const, message: hidden };
  mark(requestId, 'rechecked');
  const run = () => executeInFrame(sender, requestId, evidence.digest, actionFor(call), watched).finally(() => mark(requestId, 'executed'));
  if (!NAVIGATING_TOOLS.has(call.tool)) return run();
  const allowed = [
    ...evidence.judgedUrls.flatMap((url) => destinationsOf(url)),
    ...policy.allowlists.navigation.map((site) => `https://${site}/`),
  ];
  return guardNavigations(
    sender,
    allowed,
    (blocked) => void judgeLeftNavigation(blocked, sender, call.agent),
    run,
    (why): ExecuteResult => ({ executed: false, code: 'execution_failed', message: why }),
    call.tool === 'navigate' ? 'keep' : evidence.postsTo !== null ? { allow: evidence.postsTo } : 'block',
  );
}

/**
 * Built-in actions whose execution may navigate or submit: a link, a submit, and any that runs the
 * page's handlers (a click's, a select's onchange, typing's input events, a scroll's): a red team
 * (Dec 6) had a field's input handler post a form after Warrant's `type`, in both browsers.
 */
const NAVIGATING_TOOLS = new Set(['click', 'submit', 'navigate', 'select', 'type', 'scroll']);

/**
 * What an ask of this decision carries: the decision's id, its journal entry saying "asked" before
 * it is listed (in-flight.ts), and where the decision started (ask/pages-left.ts).
 */
type Asked = { id: string; beforeAsk: () => Promise<void>; since: PageMark };
const askedAs = (journal: Journal, since: PageMark): Asked => ({ id: journal.id, beforeAsk: () => journal.stage('ask'), since });

async function callPageTool(
  call: PageToolCall,
  sender: FrameSender,
  requestId: string,
  started: number,
  ledger: Ledger,
  asked: Asked,
): Promise<Outcome> {
  const tool = call.pageTool;
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
  const timeoutMs = askTimeoutMs(policy);
  const asking = { call, sender, digest: tool.digest, reasons: decided.reasons, certificates, label, timeoutMs, ...asked };
  return conclude(base, decided, asking, ledger, () => runPageTool(locate(tool), requestId, call.tool, call.digest, call.args));
}

function actionFor(call: BuiltinCall): Action {
  const tool: string = call.tool;
  switch (call.tool) {
    case 'type':
      return { tool: 'type', text: call.args.text, replace: call.args.replace === true };
    case 'select':
      return { tool: 'select', option: call.args.option };
    case 'scroll':
      return { tool: 'scroll', direction: call.args.direction, amount: call.args.amount };
    case 'navigate':
      return { tool: 'navigate', url: call.args.url };
    case 'click':
    case 'submit':
    case 'read':
      return { tool: call.tool };
    default:
      throw new Error(`No action for "${tool}".`);
  }
}

const CROP_BUDGET_MS = 300;

/** The crop of a blocked click's target (the decision's latest capture, if any); best effort. */
async function cropOf(outcome: Outcome, shot: Shot) {
  if (outcome.call?.tool !== 'click' || !outcome.screen) return null;
  const { rect } = outcome.screen;
  if (rect.width < 2 || rect.height < 2) return null;
  // The verdict must not wait long for a picture, nor take a capture evidence may need (Chromium
  // allows two a second): only spare quota (ocr/capture.ts), else no crop.
  const png = await Promise.race([
    shot.png(rect, { spare: true }).catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), CROP_BUDGET_MS)),
  ]);
  return png && png.length <= AUDIT_CROP_MAX_CHARS ? { png, rect } : null;
}

/**
 * Isolated world of every frame, the bridge proper: takes the page API's private port from the
 * port keeper (bridge.iife.ts took it at document_start), gathers DOM evidence for each proposal on
 * the way in, forwards it to the background, and performs what the background allows — nothing
 * else. Loaded on demand (bridge.ts): the page does not wait for it, and what it sent meanwhile waits.
 * Evidence and execution only (issue 13 §1): the background resolves and decides; no resolver,
 * schema library or text tables load here, and a test holds the bridge's chunks to a size budget
 * (scripts/frame-budget.ts, a step of npm test).
 */
import { PROPOSAL_LIMITS } from '../core/contracts/limits';
import type { Verdict } from '../core/contracts/verdict';
import { inspectShape } from '../core/resolver/shape';
import type { ExecuteResult } from '../messages/background-content';
import type { ContentRequest, ProposalRequest } from '../messages/content-background';
import type { BridgeReply, PageRequest } from '../messages/page-bridge';
import { admit } from './admission';
import { listenForAgentChecks } from './agent-listener';
import { announce, onAllowed } from './allowances';
import { backgroundCommand, verdict as verdictShape } from './checks/commands';
import { pageRequest } from './checks/page-request';
import { relayObservation } from './interception';
import { onToolResult, relayRegistration, relayUnregistration, runTool, toolSettled } from './page-tools';
import { portKeeper } from './port-keeper';
import { onBackgroundMessage, sendToBackground } from './runtime';

/** Longer than any decision the background makes, including a user's answer to an ask. */
const DECISION_TIMEOUT_MS = 3_700_000;

type EvidenceModule = typeof import('./evidence');
let evidenceModule: Promise<EvidenceModule> | null = null;
/** The verifiers and the executor (evidence.ts), loaded on this frame's first need for them. */
const evidence = (): Promise<EvidenceModule> => {
  evidenceModule ??= import('./evidence');
  return evidenceModule;
};
/** The module, if this frame has started loading it: what it never loaded, it never certified or performed. */
const loadedEvidence = (): Promise<EvidenceModule | null> => evidenceModule ?? Promise.resolve(null);

let pagePort: MessagePort | null = null;

export function takePort(): void {
  const keeper = portKeeper();
  if (!keeper?.port || keeper.deliver) return;
  pagePort = keeper.port;
  keeper.deliver = (data) => void onPageMessage(data);
  const waiting = keeper.queue.splice(0);
  for (const data of waiting) void onPageMessage(data);
}

async function onPageMessage(data: unknown): Promise<void> {
  const request = pageRequest(data);
  if (!request) return;
  if (request.kind === 'tool-result') return onToolResult(request.runId, request.ok, request.json, request.error);
  if (request.kind === 'observed') return relayObservation(request.json);
  if (request.kind === 'allowed') return onAllowed(request.id);
  if (request.kind === 'agent-check') return listenForAgentChecks(request.type);
  const reply = await answer(request);
  pagePort?.postMessage(reply);
}

async function answer(
  request: Exclude<PageRequest, { kind: 'tool-result' | 'observed' | 'allowed' | 'agent-check' }>,
): Promise<BridgeReply> {
  if (request.kind === 'register-tool') return { kind: 'registered', id: request.id, ...(await relayRegistration(request.json)) };
  if (request.kind === 'unregister-tool') {
    relayUnregistration(request.name);
    return { kind: 'registered', id: request.id, ok: true };
  }
  if (request.kind === 'tools') {
    const tools = await send({ kind: 'tools' }).catch(() => []);
    return { kind: 'tools', id: request.id, tools };
  }
  const requestId = `r-${crypto.getRandomValues(new Uint32Array(2)).join('-')}`;
  if (request.kind === 'malformed') {
    const malformed = { kind: 'unforwarded', requestId, code: 'malformed_proposal', problem: request.problem } as const;
    return { kind: 'verdict', id: request.id, verdict: await decide(malformed) };
  }
  if (request.kind === 'withheld') {
    const withheld = { kind: 'unforwarded', requestId, code: 'not_replayable', problem: request.problem } as const;
    return { kind: 'verdict', id: request.id, verdict: await decide(withheld) };
  }
  let certified: ProposalRequest;
  try {
    certified = await certify(requestId, request.json);
  } catch {
    // The evidence module did not load, or certification threw: the background still records the
    // proposal, as blocked with internal_error (issue 13 §2: one audit record per proposal).
    const problem = 'The extension could not gather evidence in this frame; nothing was executed.';
    certified = { kind: 'unforwarded', requestId, code: 'internal_error', problem, ...recordable(request.json) };
  }
  return { kind: 'verdict', id: request.id, verdict: await decide(certified) };
}

/**
 * Gathers evidence for built-in calls that name a target (admission.ts); the background resolves
 * the call itself, with what only it knows (page tools, listings, policy).
 */
async function certify(requestId: string, json: string): Promise<ProposalRequest> {
  const parsed = parseProposal(json);
  if ('problem' in parsed) return { kind: 'unforwarded', requestId, ...parsed.problem };
  const proposal = parsed.proposal;
  // Hostile shapes (huge, deep, odd keys) stop here and are reported, not forwarded.
  const shape = inspectShape(proposal);
  if (shape) return { kind: 'unforwarded', requestId, code: shape.code, problem: shape.message.slice(0, 300) };
  const admitted = admit(proposal);
  if (admitted === null) return { kind: 'propose', requestId, proposal, certificates: [] };
  const found = await (await evidence()).certifyAdmitted(requestId, admitted);
  return { kind: 'propose', requestId, proposal, ...found };
}

/**
 * The proposal a failed frame still hands over for the audit record (its tool and target), when it
 * parses and has a shape the background would take: the record says what was stopped.
 */
function recordable(json: string): { proposal?: unknown } {
  const parsed = parseProposal(json);
  return 'proposal' in parsed && inspectShape(parsed.proposal) === null ? { proposal: parsed.proposal } : {};
}

function parseProposal(
  json: string,
): { proposal: unknown } | { problem: { code: 'malformed_proposal' | 'payload_too_large'; problem: string } } {
  if (json.length > PROPOSAL_LIMITS.maxBytes) {
    return { problem: { code: 'payload_too_large', problem: `The proposal exceeds ${PROPOSAL_LIMITS.maxBytes} bytes.` } };
  }
  try {
    return { proposal: JSON.parse(json) };
  } catch {
    return { problem: { code: 'malformed_proposal', problem: 'The proposal is not JSON data.' } };
  }
}

async function decide(request: ProposalRequest): Promise<unknown> {
  try {
    const verdict = verdictShape(await withTimeout(send(request), DECISION_TIMEOUT_MS));
    if (verdict) return verdict.executed ? verdict : withWhatRan(verdict, request.requestId);
    throw new Error('The background gave no valid verdict.');
  } catch (error) {
    const module = await loadedEvidence().catch(() => null);
    // A command this frame is performing is waited out: the page hears what it did.
    const done = await settled(module, request.requestId);
    module?.forget(request.requestId);
    // The background stopped after this frame performed its command: the page is told so.
    if (done?.executed) {
      const none: Verdict = { id: request.requestId, decision: 'block', executed: false, reasons: [] };
      return performedAfterAll(none, 'The action was performed, then the extension stopped before it could answer.');
    }
    const timedOut = error instanceof TimeoutError;
    return {
      id: request.requestId,
      decision: 'block',
      executed: false,
      reasons: [
        timedOut
          ? { code: 'timeout', message: 'No decision arrived in time; nothing was executed.' }
          : { code: 'internal_error', message: 'The extension could not decide; nothing was executed.' },
      ],
    };
  }
}

/**
 * A verdict saying nothing ran, checked against this frame's own account: a command the background
 * stopped waiting for (a handler held on a dialog) may have run here, or still be running. The page
 * hears what this frame did, once it is done.
 */
async function withWhatRan(verdict: Verdict, requestId: string): Promise<Verdict> {
  const done = await settled(await loadedEvidence().catch(() => null), requestId);
  if (!done?.executed) return verdict;
  return performedAfterAll(verdict, 'The frame performed the action after Warrant had stopped waiting for it.');
}

/**
 * A verdict (or none: a blocked, not-executed one) corrected by what this frame did: performed, with
 * why the page hears it from the frame. An approved ask stays one; anything else said nothing would
 * run, and it did.
 */
function performedAfterAll(verdict: Verdict, message: string): Verdict {
  const decision = verdict.decision === 'ask' ? 'ask' : 'allow';
  return { ...verdict, decision, executed: true, reasons: [...verdict.reasons, { code: 'internal_error', message }] };
}

/** What this frame did under a request, once any run of it has ended: a command, or a page tool. */
async function settled(module: EvidenceModule | null, requestId: string): Promise<ExecuteResult | null> {
  const command = await Promise.resolve(module?.settledFor(requestId)).catch(() => null);
  return command ?? (await toolSettled(requestId).catch(() => null));
}

function send(request: ContentRequest): Promise<unknown> {
  return sendToBackground(request);
}

class TimeoutError extends Error {}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolvePromise, rejectPromise) => {
    const timer = setTimeout(() => rejectPromise(new TimeoutError()), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolvePromise(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        rejectPromise(error);
      },
    );
  });
}

// Commands come only from this extension's background, never from a tab (runtime.ts).
onBackgroundMessage((message) => {
  const command = backgroundCommand(message);
  if (command === null) return undefined;
  const port = pagePort;
  if (command.kind === 'execute') {
    const announcer = port
      ? (allowance: { selector?: string; url?: string }) => announce((message) => port.postMessage(message), allowance)
      : null;
    return evidence().then((module) => module.execute(command.command, announcer));
  }
  if (command.kind === 'settle') return evidence().then((module) => module.settle(command.watch, command.after));
  // A restarted background asking what became of a command its stopped predecessor sent.
  if (command.kind === 'performed?') return loadedEvidence().then((module) => settled(module, command.requestId));
  if (!port) return Promise.resolve({ executed: false, code: 'not_connected', message: 'No page API in this frame.' });
  return runTool(command.command, (request) => port.postMessage(request));
});

/**
 * Isolated world of every frame, the bridge proper: takes the page API's private port from the
 * port keeper (bridge.iife.ts took it at document_start), gathers DOM evidence for each proposal on
 * the way in, forwards it to the background, and performs what the background allows — nothing
 * else. Loaded on demand (bridge.ts): the page does not wait for it, and what it sent meanwhile waits.
 */
import browser from 'webextension-polyfill';
import { PROPOSAL_LIMITS, VerdictSchema } from '../core/contracts';
import { targetOf } from '../core/plan';
import { inspectShape, resolve } from '../core/resolver';
import { ExecuteCommandSchema, PerformedQuerySchema, RunToolCommandSchema, SettleCommandSchema } from '../messages/background-content';
import type { ContentRequest } from '../messages/content-background';
import { type BridgeReply, type PageRequest, PageRequestSchema } from '../messages/page-bridge';
import { listenForAgentChecks } from './agent-check';
import { announce, onAllowed } from './allowances';
import { execute, forget, performedFor, rememberCertified } from './executor';
import { relayObservation } from './interception';
import { onToolResult, relayRegistration, relayUnregistration, runTool } from './page-tools';
import { portKeeper } from './port-keeper';
import { certifyTarget } from './verifiers/dom';

/** Longer than any decision the background makes, including a user's answer to an ask. */
const DECISION_TIMEOUT_MS = 3_700_000;

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
  const parsed = PageRequestSchema.safeParse(data);
  if (!parsed.success) return;
  const request = parsed.data;
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
    const malformed = { kind: 'malformed', requestId, code: 'malformed_proposal', problem: request.problem } as const;
    return { kind: 'verdict', id: request.id, verdict: await decide(malformed) };
  }
  if (request.kind === 'withheld') {
    const withheld = { kind: 'malformed', requestId, code: 'not_replayable', problem: request.problem } as const;
    return { kind: 'verdict', id: request.id, verdict: await decide(withheld) };
  }
  return { kind: 'verdict', id: request.id, verdict: await decide(certify(requestId, request.json)) };
}

/** Gathers evidence for calls that name a target; the background resolves the call again itself. */
function certify(requestId: string, json: string): Extract<ContentRequest, { requestId: string }> {
  const parsed = parseProposal(json);
  if ('problem' in parsed) return { kind: 'malformed', requestId, ...parsed.problem };
  const proposal = parsed.proposal;
  // Hostile shapes (huge, deep, odd keys) stop here and are reported, not forwarded.
  const shape = inspectShape(proposal);
  if (shape) return { kind: 'malformed', requestId, code: shape.code, problem: shape.message.slice(0, 300) };
  const resolution = resolve(proposal);
  if (!resolution.ok) return { kind: 'propose', requestId, proposal, certificates: [] };
  const target = targetOf(resolution.call);
  if (target === null) {
    // Page-wide actions (navigate, scroll without a target) have nothing to certify here.
    rememberCertified(requestId, null, null, 'frame');
    return { kind: 'propose', requestId, proposal, certificates: [] };
  }
  const started = performance.now();
  const evidence = certifyTarget(target, resolution.call.tool);
  const certifyMs = performance.now() - started;
  if (evidence.element) rememberCertified(requestId, target, evidence.element, evidence.digest, evidence.submission);
  return {
    kind: 'propose',
    requestId,
    proposal,
    certificates: evidence.certificates,
    certifyMs,
    devicePixelRatio: window.devicePixelRatio,
  };
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

async function decide(request: Extract<ContentRequest, { requestId: string }>): Promise<unknown> {
  try {
    const verdict = VerdictSchema.safeParse(await withTimeout(send(request), DECISION_TIMEOUT_MS));
    if (verdict.success) return verdict.data;
    throw new Error('The background gave no valid verdict.');
  } catch (error) {
    forget(request.requestId);
    // The background stopped after this frame performed its command: the page is told so.
    if (performedFor(request.requestId)?.executed) {
      const message = 'The action was performed, then the extension stopped before it could answer.';
      return { id: request.requestId, decision: 'allow', executed: true, reasons: [{ code: 'internal_error', message }] };
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

function send(request: ContentRequest): Promise<unknown> {
  return browser.runtime.sendMessage(request);
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

browser.runtime.onMessage.addListener((message: unknown, sender: browser.Runtime.MessageSender) => {
  // Commands come only from this extension's background, never from a tab.
  if (sender.id !== browser.runtime.id || sender.tab !== undefined) return undefined;
  const command = ExecuteCommandSchema.safeParse(message);
  if (command.success) {
    const port = pagePort;
    return execute(command.data, port ? (allowance) => announce((message) => port.postMessage(message), allowance) : null);
  }
  if (SettleCommandSchema.safeParse(message).success) return nextPaint();
  const query = PerformedQuerySchema.safeParse(message);
  if (query.success) return Promise.resolve(performedFor(query.data.requestId));
  const run = RunToolCommandSchema.safeParse(message);
  if (run.success) {
    const port = pagePort;
    if (!port) return Promise.resolve({ executed: false, code: 'not_connected', message: 'No page API in this frame.' });
    return runTool(run.data, (request) => port.postMessage(request));
  }
  return undefined;
});

/**
 * Resolves after the page has painted a frame: the second animation frame callback runs after the
 * first one's frame was painted. A tab that paints nothing (hidden) answers false after a while.
 */
function nextPaint(): Promise<{ painted: boolean }> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ painted: false }), 250);
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        clearTimeout(timer);
        resolve({ painted: true });
      }),
    );
  });
}

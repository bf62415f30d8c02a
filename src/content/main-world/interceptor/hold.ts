import { post, request } from '../channel';
import { encode } from '../encode';
import { apply, DOMExceptionCtor, now, WeakMapCtor, weakMapGet, weakMapSet } from '../primordials';
import { agentDetected, agentLabel } from './agent';
import { interceptionMode } from './mode';
import { selectorFor } from './selector';

/** The page calls the interceptor wraps, named in the audit. */
export type Via =
  | 'click'
  | 'dispatchEvent'
  | 'submit'
  | 'requestSubmit'
  | 'value'
  | 'beforeinput'
  | 'execCommand'
  | 'location'
  | 'window.open'
  | 'untrusted-click';

/** What the page asked for, in terms of a built-in tool Warrant can perform itself. */
export type Intercepted = { via: Via; privileged: boolean } & (
  | { tool: 'click' | 'submit'; target: Element }
  | { tool: 'type'; target: Element; text: string }
  | { tool: 'select'; target: Element; option: string }
  | { tool: 'navigate'; url: string }
  /** Something Warrant cannot perform on the page's behalf (a new window): held means dropped. */
  | { tool: 'withheld'; what: string }
);

/* `'json' in encoded` is safe: encode() answers with a null-prototype object. */

/** An Enter key sends keydown, keypress and keyup: one hold, one question to the user. */
const DEDUPE_MS = 1_000;
const recentlyHeld = new WeakMapCtor<object, { via: string; time: number }>();

/** Nonzero while the page's own call runs after the interceptor let it through. */
let passing = 0;

/** Whether an untrusted event now comes from a call the interceptor already decided on. */
export function passingThrough(): boolean {
  return passing > 0;
}

/** How many of the calls now running let this element through (nested calls may). */
const passingTargets = new WeakMapCtor<object, number>();

/**
 * Whether a call now running was decided on this very element. A navigation the browser starts from
 * another element during it (a link in a closed shadow tree that a slotted span activates, which
 * the decision never saw) was not decided on, and is judged as a navigation (a review, Dec 5).
 */
export function passingFor(element: Element): boolean {
  return passingCount(element) > 0;
}

const passingCount = (element: Element): number => (apply(weakMapGet, passingTargets, [element]) as number | undefined) ?? 0;

function countPassing(element: Element, by: number): void {
  apply(weakMapSet, passingTargets, [element, passingCount(element) + by]);
}

/**
 * The decision, made synchronously. Benign (or observe mode): the page's own function runs now,
 * and Warrant is told afterwards. Privileged under enforce: nothing runs, the caller gets a
 * NotAllowedError, and Warrant is asked to perform the action itself if the gate allows it.
 */
export function intercept<T>(action: Intercepted, perform: () => T): T {
  if (interceptionMode() === 'off') return perform();
  if (mustHold(action)) {
    hold(action);
    throw new DOMExceptionCtor(
      `Warrant holds this ${action.tool === 'withheld' ? action.what : action.tool} until it is allowed or approved; it was not performed.`,
      'NotAllowedError',
    );
  }
  passing += 1;
  const target = targetOf(action);
  if (target !== null) countPassing(target, 1);
  try {
    return perform();
  } finally {
    passing -= 1;
    if (target !== null) countPassing(target, -1);
    observe(action);
  }
}

/** Whether a privileged action must be held now (enforce), for callers that cannot throw. */
export function mustHold(action: Intercepted): boolean {
  return interceptionMode() === 'enforce' && action.privileged;
}

/** By the tool, not with `in`, which would find a `target` a page put on Object.prototype. */
const targetOf = (action: Intercepted): Element | null =>
  action.tool === 'navigate' || action.tool === 'withheld' ? null : (action as { target: Element }).target;

export function hold(action: Intercepted): void {
  const key = targetOf(action);
  if (key !== null) {
    const time = now();
    const last = apply(weakMapGet, recentlyHeld, [key]) as { via: string; time: number } | undefined;
    apply(weakMapSet, recentlyHeld, [key, { via: action.via, time }]);
    if (last !== undefined && last.via === action.via && time - last.time < DEDUPE_MS) return;
  }
  const agent = agentLabel();
  if (action.tool === 'withheld') {
    void request('withheld', { problem: `${agent}: ${action.what}; not performed.` });
    return;
  }
  if (action.tool === 'navigate') {
    sendProposal({ tool: 'navigate', args: { url: action.url }, agent });
    return;
  }
  const target = selectorFor(action.target);
  if (target === null) {
    // Detached, in a closed shadow root or in another document: Warrant cannot address it, so it
    // is never performed, and the audit says so.
    void request('withheld', {
      problem: `${agent}: a ${action.via} on an element Warrant cannot address (detached, closed shadow root or another document); not performed.`,
    });
    return;
  }
  if (action.tool === 'type') sendProposal({ tool: 'type', args: { target, text: action.text, replace: true }, agent });
  else if (action.tool === 'select') sendProposal({ tool: 'select', args: { target, option: action.option }, agent });
  else sendProposal({ tool: action.tool, args: { target }, agent });
}

function sendProposal(call: object): void {
  const encoded = encode(call);
  if ('json' in encoded) void request('propose', { json: encoded.json });
  else void request('withheld', { problem: `An intercepted action could not be encoded: ${encoded.problem}` });
}

/**
 * Performed actions are reported only where they matter: a detected assistant's, or a privileged
 * one let through by observe mode. A page's own benign clicks (carousels, menus) would otherwise
 * flood the audit log and rotate away the records of what was stopped.
 */
export function observe(action: Intercepted): void {
  if (!action.privileged && !agentDetected()) return;
  if (action.tool === 'withheld') return;
  const encoded = encode({
    tool: action.tool,
    target: targetOf(action) === null ? null : selectorFor(targetOf(action)!),
    url: action.tool === 'navigate' ? action.url : null,
    agent: agentLabel(),
    via: action.via,
    privileged: action.privileged,
  });
  if ('json' in encoded) post({ kind: 'observed', json: encoded.json });
}

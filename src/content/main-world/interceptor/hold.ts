import { post, request } from '../channel';
import { encode } from '../encode';
import { apply, DOMExceptionCtor, now, WeakMapCtor, weakMapGet, weakMapSet } from '../primordials';
import { agentDetected, agentLabel } from './agent';
import { interceptionMode } from './mode';
import { selectorFor } from './selector';

/** What the page asked for, in terms of a built-in tool Warrant can perform itself. */
export type Intercepted = {
  tool: 'click' | 'submit';
  /** The element the proposal targets (for a click, the activatable element that was hit). */
  target: Element;
  /** The page call that was intercepted, for the audit. */
  via: 'click' | 'dispatchEvent' | 'submit' | 'requestSubmit';
  privileged: boolean;
};

/** An Enter key sends keydown, keypress and keyup: one hold, one question to the user. */
const DEDUPE_MS = 1_000;
const recentlyHeld = new WeakMapCtor<Element, { via: string; time: number }>();

/**
 * The decision, made synchronously. Benign (or observe mode): the page's own function runs now,
 * and Warrant is told afterwards. Privileged under enforce: nothing runs, the caller gets a
 * NotAllowedError, and Warrant is asked to perform the action itself if the gate allows it.
 */
export function intercept<T>(action: Intercepted, perform: () => T): T {
  const mode = interceptionMode();
  if (mode === 'off') return perform();
  if (mode === 'enforce' && action.privileged) {
    hold(action);
    throw new DOMExceptionCtor(
      `Warrant holds this ${action.tool} until it is allowed or approved; it was not performed.`,
      'NotAllowedError',
    );
  }
  try {
    return perform();
  } finally {
    observe(action);
  }
}

function hold(action: Intercepted): void {
  const time = now();
  const last = apply(weakMapGet, recentlyHeld, [action.target]) as { via: string; time: number } | undefined;
  apply(weakMapSet, recentlyHeld, [action.target, { via: action.via, time }]);
  if (last !== undefined && last.via === action.via && time - last.time < DEDUPE_MS) return;
  const target = selectorFor(action.target);
  const agent = agentLabel();
  if (target === null) {
    // Detached, in a closed shadow root or in another document: Warrant cannot address it, so it
    // is never performed. Sent as malformed so the audit says why.
    void request('malformed', {
      problem: `${agent}: a ${action.via}() on an element Warrant cannot address (detached, closed shadow root or another document); not performed.`,
    });
    return;
  }
  const encoded = encode({ tool: action.tool, args: { target }, agent });
  if ('json' in encoded) void request('propose', { json: encoded.json });
}

/**
 * Performed actions are reported only where they matter: a detected assistant's, or a privileged
 * one let through by observe mode. A page's own benign clicks (carousels, menus) would otherwise
 * flood the audit log and rotate away the records of what was stopped.
 */
function observe(action: Intercepted): void {
  if (!action.privileged && !agentDetected()) return;
  const encoded = encode({
    tool: action.tool,
    target: selectorFor(action.target),
    agent: agentLabel(),
    via: action.via,
    privileged: action.privileged,
  });
  if ('json' in encoded) post({ kind: 'observed', json: encoded.json });
}

import browser from 'webextension-polyfill';
import { reason } from '../core/contracts';
import { navigationPrivilege, planFor } from '../core/plan';
import { askTimeoutMs, gatePolicyFor } from '../core/policy';
import { resolve } from '../core/resolver';
import type { ContentRequest } from '../messages/content-background';
import type { Outcome } from './audit-body';
import { bounded, newLedger, recorded } from './boundary';
import { conclude, decide, rejected } from './conclude';
import { browserOrigin } from './evidence';
import type { BlockedNavigation } from './navigation-guard';
import { getPolicy } from './policy-store';
import { type FrameSender, frameKey, originOf } from './sender';

/**
 * A navigation the guard stopped on its way to a site the action was not judged for (issue 11 §4):
 * judged as a `navigate` call to that URL from the acting frame would be (lookalike check, the
 * policy's navigate privilege, the user's approval), with `offsite_redirect` saying why; allowed or
 * approved, the tab goes there. Audited as its own record.
 */
export async function judgeLeftNavigation(blocked: BlockedNavigation, sender: FrameSender, agent: string | null): Promise<void> {
  const started = performance.now();
  const proposal = { tool: 'navigate', args: { url: blocked.url }, ...(agent ? { agent } : {}) };
  const request: Extract<ContentRequest, { kind: 'propose' }> = {
    kind: 'propose',
    requestId: crypto.randomUUID(),
    proposal,
    certificates: [],
  };
  const how = blocked.openedTab ? 'a new tab the action opened' : 'a redirect after the action';
  const why = reason('offsite_redirect', `The action led on to ${blocked.url.slice(0, 300)} (${how}); stopped before the request left.`);
  const ledger = newLedger();
  const outcome = await bounded(ledger, async (): Promise<Outcome> => {
    const resolution = resolve(proposal);
    if (!resolution.ok) return rejected([why, ...resolution.reasons]);
    const call = resolution.call;
    const frame = frameKey(sender);
    const certificates = [browserOrigin(frame, sender.frameOrigin, sender.frameUrl)];
    const policy = await getPolicy();
    const decided = decide(
      planFor(call, { frameOrigin: sender.frameOrigin, tabOrigin: originOf(sender.tabUrl), subframe: sender.frameId !== 0 }),
      certificates,
      { frame, selector: null },
      navigationPrivilege(sender.frameOrigin, blocked.url),
      gatePolicyFor(policy, sender.frameOrigin, { destination: blocked.url }),
    );
    const stopped = { ...decided, reasons: [why, ...decided.reasons] };
    const base = { call, certificates, targetLabel: null, executionError: null, decideMs: performance.now() - started };
    const asking = { call, sender, digest: 'frame', reasons: stopped.reasons, certificates, label: null, timeoutMs: askTimeoutMs(policy) };
    const outcome = await conclude(base, stopped, asking, ledger, async () => {
      try {
        await browser.tabs.update(blocked.tabId, { url: blocked.url });
        return { executed: true, code: null, message: null };
      } catch (error) {
        return { executed: false, code: 'execution_failed', message: error instanceof Error ? error.message : String(error) };
      }
    });
    if (outcome.executed) outcome.reasons = [why, ...outcome.reasons];
    return outcome;
  });
  await recorded(request, sender, outcome);
}

import type { AuditBody } from '../core/contracts';
import { type InterceptionMode, interceptionFor } from '../core/policy';
import type { Observation } from '../messages/content-background';
import { originOf } from './audit-body';
import { appendAudit } from './audit-store';
import { getPolicy } from './policy-store';
import { type FrameSender, frameKey } from './sender';

/** The mode for the site the browser says the frame is on; the frame's own word is never asked. */
export async function interceptionModeFor(sender: FrameSender): Promise<InterceptionMode> {
  return interceptionFor(await getPolicy(), sender.frameOrigin);
}

/**
 * A page decides how many observations it sends, so each frame gets a budget: the log must not
 * be flooded until what Warrant stopped rotates away.
 */
const WINDOW_MS = 60_000;
const PER_WINDOW = 30;
const budgets = new Map<string, { start: number; used: number }>();

/** Records an action a page script performed itself (benign, or let through by observe mode). */
export async function recordObservation(sender: FrameSender, observation: Observation): Promise<void> {
  const key = frameKey(sender);
  const time = Date.now();
  const budget = budgets.get(key);
  if (!budget || time - budget.start > WINDOW_MS) budgets.set(key, { start: time, used: 1 });
  else if (budget.used >= PER_WINDOW) return;
  else budget.used += 1;
  if (budgets.size > 1_000) budgets.clear();
  await appendAudit(observationBody(sender, observation, time));
}

function observationBody(sender: FrameSender, observation: Observation, time: number): AuditBody {
  return {
    event: 'verdict',
    id: crypto.randomUUID(),
    time,
    tab: { id: sender.tabId, origin: originOf(sender.tabUrl) },
    frame: { id: sender.frameId, origin: sender.frameOrigin },
    proposal: {
      tool: observation.tool,
      target: observation.target ?? observation.url,
      claims: null,
      agent: observation.agent,
      // Not Warrant's decision: what the page did on its own, as the interceptor rated it.
      preview: `observed ${observation.via}() (${observation.privileged ? 'privileged' : 'benign'}), performed by the page`,
    },
    resolution: null,
    certificates: [],
    decision: 'allow',
    reasons: [],
    approval: null,
    execution: { executed: true, error: null },
    targetLabel: null,
  };
}

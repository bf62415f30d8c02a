import { reason } from '../core/contracts';
import type { PageToolRegistration } from '../messages/content-background';
import { originOf } from './audit-body';
import { appendAudit } from './audit-store';
import { registerPageTool, unregisterPageTool } from './page-tool-registry';
import type { FrameSender } from './sender';

/**
 * Registers a page tool. Refusals (a page claiming a built-in name) and redefinitions (the same
 * provider changing a tool's schema: a possible rug pull) are written to the audit log.
 */
export async function handleRegistration(
  sender: FrameSender,
  registration: PageToolRegistration,
): Promise<{ ok: boolean; message?: string }> {
  const outcome = await registerPageTool(sender, registration);
  if (outcome.status === 'registered') return { ok: true };
  const refused = outcome.status === 'refused';
  await appendAudit({
    event: refused ? 'tool_refused' : 'tool_changed',
    id: crypto.randomUUID(),
    time: Date.now(),
    tab: { id: sender.tabId, origin: originOf(sender.tabUrl) },
    frame: { id: sender.frameId, origin: sender.frameOrigin },
    proposal: { tool: registration.name.slice(0, 128), target: null, claims: null, agent: null, preview: null },
    resolution: null,
    certificates: [],
    decision: refused ? 'reject' : 'allow',
    reasons: [
      refused
        ? reason(outcome.reason, outcome.message)
        : reason(
            'stale_definition',
            `Possible rug pull: "${registration.name}" was redefined (${outcome.previousDigest.slice(0, 19)}… → ${outcome.tool.digest.slice(0, 19)}…).`,
          ),
    ],
    approval: null,
    execution: { executed: false, error: null },
    targetLabel: null,
  });
  return refused ? { ok: false, message: outcome.message } : { ok: true };
}

export async function handleUnregistration(sender: FrameSender, name: string): Promise<{ ok: boolean }> {
  await unregisterPageTool(sender, name);
  return { ok: true };
}

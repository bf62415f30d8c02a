import browser from 'webextension-polyfill';
import { NOT_APPROVED } from '../../core/audit/outcome';
import { type AuditBody, reason } from '../../core/contracts';
import { appendAudit } from '../audit-store';
import { serially } from '../serial';
import { isWaiting } from './queue';
import { listAsks, type PendingAsk } from './store';

/**
 * An ask whose proposal nobody waits for any more (the service worker or event page stopped while
 * the user was deciding) never reaches the pipeline's audit stage. The restarted background writes
 * its record instead, once: not approved, nothing executed. The ids already recorded are kept in
 * storage.session beside the asks (version 1).
 */
const RECORDED = 'asks.v1.orphansRecorded';

export function recordOrphans(): Promise<void> {
  return serially(RECORDED, async () => {
    const done = new Set(await recordedIds());
    const listed = await listAsks();
    // Ids of asks no longer listed are dropped from the kept list as it is rewritten.
    const still = new Set(listed.map((a) => a.id));
    for (const ask of listed.filter((a) => !isWaiting(a.id) && !done.has(a.id))) {
      await appendAudit(orphanBody(ask));
      done.add(ask.id);
      // Written after each record: a stop between two records repeats none.
      await browser.storage.session.set({ [RECORDED]: [...done].filter((id) => still.has(id)) });
    }
  });
}

async function recordedIds(): Promise<string[]> {
  const stored = (await browser.storage.session.get(RECORDED))[RECORDED];
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

function orphanBody(ask: PendingAsk): AuditBody {
  return {
    event: 'verdict',
    id: crypto.randomUUID(),
    time: Date.now(),
    tab: { id: ask.tabId, origin: null },
    frame: { id: ask.frameId, origin: ask.origin },
    proposal: { tool: ask.tool, target: ask.target, claims: null, agent: ask.agent, preview: null },
    resolution: null,
    certificates: [],
    decision: 'ask',
    reasons: [...ask.reasons, reason('not_approved', NOT_APPROVED.orphan)],
    approval: null,
    execution: { executed: false, error: null },
    targetLabel: ask.label,
  };
}

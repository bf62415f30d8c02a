import type { AuditRecord } from '../core/contracts';
import { text } from './dom';

/** One audit record as a list item. Page-supplied strings only ever become text nodes. */
export function renderRecord(record: AuditRecord): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.decision = record.decision;
  item.dataset.id = record.id;

  const head = document.createElement('div');
  const decision = text('span', `decision ${record.decision}`, record.decision);
  const tool = text('strong', 'tool', ` ${record.proposal.tool ?? '(no tool)'}`);
  const label = record.targetLabel ? text('span', 'label', ` “${record.targetLabel.slice(0, 80)}”`) : null;
  head.append(decision, tool, ...(label ? [label] : []));

  const site = record.frame.origin ?? record.tab.origin ?? 'unknown site';
  const when = new Date(record.time).toLocaleTimeString();
  const meta = text('div', 'meta', `${site} · ${when}${record.execution.executed ? ' · executed' : ' · not executed'}`);

  const reasons = document.createElement('ul');
  reasons.className = 'reasons';
  for (const r of record.reasons) reasons.append(text('li', 'reason', `${r.code}: ${r.message}`));

  item.append(head, meta, reasons);
  return item;
}

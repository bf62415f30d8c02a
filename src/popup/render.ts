import type { AuditRecord } from '../core/contracts';

/** One audit record as a list item. Page-supplied strings only ever become text nodes. */
export function renderRecord(record: AuditRecord): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.decision = record.decision;
  item.dataset.id = record.id;

  const head = document.createElement('div');
  const decision = element('span', `decision ${record.decision}`, record.decision);
  const tool = element('strong', 'tool', ` ${record.proposal.tool ?? '(no tool)'}`);
  const label = record.targetLabel ? element('span', 'label', ` “${record.targetLabel.slice(0, 80)}”`) : null;
  head.append(decision, tool, ...(label ? [label] : []));

  const site = record.frame.origin ?? record.tab.origin ?? 'unknown site';
  const when = new Date(record.time).toLocaleTimeString();
  const meta = element('div', 'meta', `${site} · ${when}${record.execution.executed ? ' · executed' : ' · not executed'}`);

  const reasons = document.createElement('ul');
  reasons.className = 'reasons';
  for (const r of record.reasons) reasons.append(element('li', 'reason', `${r.code}: ${r.message}`));

  item.append(head, meta, reasons);
  return item;
}

function element(tag: string, className: string, text: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
}

import type { AuditRecord } from '../core/contracts';
import { t } from '../ui/i18n';
import { decisionWord, text } from './dom';
import { outcomeBadge } from './outcome';
import { reasonItem } from './plain-reasons';

/** One audit record as a list item. Page-supplied strings only ever become text nodes. */
export function renderRecord(record: AuditRecord): HTMLLIElement {
  const item = document.createElement('li');
  item.dataset.decision = record.decision;
  item.dataset.id = record.id;
  item.dataset.seq = String(record.seq);

  const head = document.createElement('div');
  const decision = text('span', `decision ${record.decision}`, decisionWord(record.decision));
  const tool = text('strong', 'tool', ` ${record.proposal.tool ?? t('noTool')}`);
  const label = record.targetLabel ? text('span', 'label', ` “${record.targetLabel.slice(0, 80)}”`) : null;
  head.append(decision, ' ', outcomeBadge(record), tool, ...(label ? [label] : []));

  const site = record.frame.origin ?? record.tab.origin ?? t('unknownSite');
  // Dates in the language of the words around them.
  const when = new Date(record.time).toLocaleTimeString(t('htmlLang'));
  const meta = text('div', 'meta', `${site} · ${when} · ${t(record.execution.executed ? 'recordExecuted' : 'recordNotExecuted')}`);

  const reasons = document.createElement('ul');
  reasons.className = 'reasons';
  reasons.append(...record.reasons.map(reasonItem));

  item.append(head, meta, reasons);
  return item;
}

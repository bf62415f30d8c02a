import type { AuditRecord } from '../core/contracts';
import { t } from '../ui/i18n';

/** An element holding `content` as text (page-supplied strings only ever become text nodes). */
export function text(tag: string, className: string, content: string): HTMLElement {
  const node = document.createElement(tag);
  if (className) node.className = className;
  node.textContent = content;
  return node;
}

/** A decision in the UI language (the record keeps the code). */
export function decisionWord(decision: AuditRecord['decision']): string {
  return t(`decision_${decision}`);
}

import type { AuditRecord } from '../core/contracts';
import { type MessageKey, t } from '../ui/i18n';
import { decisionWord, text } from './dom';
import { outcomeBadge } from './outcome';
import { reasonItem } from './plain-reasons';

const EVENTS: Record<string, MessageKey> = {
  tool_refused: 'event_tool_refused',
  tool_changed: 'event_tool_changed',
};

/**
 * One stopped action in full: what the agent tried, where, why, and the crop of the target.
 * Page-supplied strings (selectors, labels, agent text, reasons) only ever become text nodes.
 */
export function renderBlocked(record: AuditRecord): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'blocked';
  item.dataset.decision = record.decision;
  item.dataset.id = record.id;
  item.dataset.seq = String(record.seq);

  const head = document.createElement('div');
  head.append(
    text('span', `decision ${record.decision}`, decisionWord(record.decision)),
    ' ',
    outcomeBadge(record),
    text('strong', 'tool', ` ${record.proposal.tool ?? t('noTool')}`),
  );
  const event = record.event ? EVENTS[record.event] : undefined;
  if (event) head.append(text('span', 'event', ` — ${t(event)}`));

  const facts = document.createElement('dl');
  facts.className = 'facts';
  const fact = (term: MessageKey, value: string | null, className: string) => {
    if (value) facts.append(text('dt', '', t(term)), text('dd', className, value));
  };
  fact('factTarget', record.proposal.target?.slice(0, 200) ?? null, 'target');
  fact('factClaimed', claimsText(record.proposal.claims), 'claims');
  fact('factShows', record.targetLabel ? `“${record.targetLabel.slice(0, 120)}”` : null, 'shows');
  fact('factAgent', record.proposal.agent?.slice(0, 200) ?? null, 'agent');
  fact('factProposal', record.proposal.preview, 'preview');
  fact('factWhere', where(record), 'where');

  const reasons = document.createElement('ul');
  reasons.className = 'reasons';
  reasons.append(...record.reasons.map(reasonItem));

  item.append(head, facts, reasons);
  if (record.crop) item.append(crop(record.crop));
  return item;
}

function where(record: AuditRecord): string {
  const frame = record.frame.origin ?? t('unknownSite');
  const place = record.tab.origin && record.tab.origin !== record.frame.origin ? t('whereInFrame', frame, record.tab.origin) : frame;
  return `${place} · ${new Date(record.time).toLocaleString(t('htmlLang'))}`;
}

/** What the agent believed, e.g. label “Cancel” · origin https://bank.example. */
function claimsText(claims: unknown): string | null {
  if (typeof claims !== 'object' || claims === null) return null;
  const parts: string[] = [];
  for (const [key, value] of Object.entries(claims)) {
    if (typeof value === 'string') parts.push(`${key} “${value.slice(0, 120)}”`);
    else if (typeof value === 'object' && value !== null) {
      const fields = Object.entries(value).map(([name, shown]) => `${name} = “${String(shown).slice(0, 60)}”`);
      parts.push(`${key}: ${fields.slice(0, 5).join(', ')}`);
    }
  }
  return parts.length > 0 ? parts.join(' · ') : null;
}

/** The schema admits only data:image/png;base64 URLs here, and the crop was taken by Warrant. */
function crop(value: NonNullable<AuditRecord['crop']>): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'crop';
  const image = document.createElement('img');
  image.src = value.png;
  image.alt = t('blockedCropAlt');
  const { x, y, width, height } = value.rect;
  figure.append(
    image,
    text('figcaption', '', t('blockedCropCaption', Math.round(x), Math.round(y), Math.round(width), Math.round(height))),
  );
  return figure;
}

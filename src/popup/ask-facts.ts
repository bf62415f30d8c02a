import type { AskSummary, Quoted } from '../core/plan/ask-summary';
import { type MessageKey, t, tNodes } from '../ui/i18n';
import { text } from './dom';

/** The rows of an ask that show what Warrant certified (pending.ts lays out the rest). */

/** The certified facts, as rows: where it goes, what it sends or types, what the page and the assistant say. */
export function facts(summary: AskSummary): HTMLElement[] {
  const out: HTMLElement[] = [];
  const rows = document.createElement('dl');
  rows.className = 'facts';
  const row = (term: MessageKey, ...value: (Node | string)[]) => {
    const dd = document.createElement('dd');
    dd.append(...value);
    rows.append(text('dt', '', t(term)), dd);
  };
  if (summary.label) row('factPageShows', quote(summary.label, 'page-says'));
  if (summary.toolName) row('factToolNamed', quote(summary.toolName, 'page-says'));
  if (summary.destination) {
    const { destination } = summary;
    const host = destination.reads ?? destination.host;
    row('factGoesTo', strong(host || t('noHost')), document.createElement('br'), quote(destination.url, 'url'));
    if (destination.impersonates) out.push(warning(t('warnLookalike', destination.impersonates)));
    else if (destination.otherSite) out.push(warning(t('warnOtherSite', host, summary.site ?? t('thisSite'))));
    if (destination.reads) out.push(warning(t('warnReads', destination.host, destination.reads)));
  }
  if (summary.typed) row('factWillType', summary.typed.masked ? t('passwordHidden') : quote(summary.typed.text, 'page-says'));
  if (summary.option) row('factWillChoose', quote(summary.option, 'page-says'));
  if (rows.childElementCount > 0) out.push(rows);
  if (summary.action === 'submit' || summary.fields.length > 0) out.push(formTable(summary));
  if (summary.agent) {
    const agent = document.createElement('p');
    agent.className = 'assistant-line';
    agent.append(...tNodes('assistantLine', quote(summary.agent, 'assistant-says')));
    out.push(agent);
  }
  return out;
}

function formTable(summary: AskSummary): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'form-fields';
  const hidden = summary.fields.filter((field) => !field.shown).length;
  wrap.append(text('p', 'form-caption', caption(summary.fields.length, summary.moreFields, hidden)));
  const table = document.createElement('table');
  for (const field of summary.fields) {
    const tr = document.createElement('tr');
    if (!field.shown) tr.className = 'hidden-field';
    const name = document.createElement('th');
    name.scope = 'row';
    name.append(quote(field.label ?? field.name, 'page-says'));
    if (!field.shown) name.append(text('span', 'tag', t('hiddenFieldTag')));
    const value = document.createElement('td');
    value.append(field.masked ? t('hiddenHere') : quote(field.value, 'page-says'));
    tr.append(name, value);
    table.append(tr);
  }
  wrap.append(table);
  if (summary.moreFields > 0) wrap.append(text('p', 'form-more', t('formMore')));
  return wrap;
}

/** A page- or assistant-supplied string, set apart, with a visible mark for characters removed. */
function quote(value: Quoted, className: string): HTMLElement {
  const node = document.createElement('q');
  node.className = className;
  node.textContent = value.text;
  if (value.removed === 0) return node;
  const wrap = document.createElement('span');
  const mark = text('span', 'removed', value.removed === 1 ? t('removedOne') : t('removedMany', value.removed));
  wrap.append(node, ' ', mark);
  return wrap;
}

/** "The form sends 3 fields, 1 of them hidden from you:" (singular and plural are separate messages). */
function caption(listed: number, more: number, hidden: number): string {
  if (listed + more === 0) return t('formSendsNone');
  if (listed === 1) return hidden > 0 ? t('formSendsOneHidden') : t('formSendsOne');
  return hidden > 0 ? t('formSendsManyHidden', listed, hidden) : t('formSendsMany', listed);
}

function warning(content: string): HTMLElement {
  const node = text('p', 'warning', content);
  node.setAttribute('role', 'note');
  return node;
}

function strong(content: string): HTMLElement {
  return text('strong', '', content);
}

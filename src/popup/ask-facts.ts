import type { AskSummary, Quoted } from '../core/plan/ask-summary';
import { text } from './dom';

/** The rows of an ask that show what Warrant certified (pending.ts lays out the rest). */

/** The certified facts, as rows: where it goes, what it sends or types, what the page and the assistant say. */
export function facts(summary: AskSummary): HTMLElement[] {
  const out: HTMLElement[] = [];
  const rows = document.createElement('dl');
  rows.className = 'facts';
  const row = (term: string, ...value: (Node | string)[]) => {
    const dd = document.createElement('dd');
    dd.append(...value);
    rows.append(text('dt', '', term), dd);
  };
  if (summary.label) row('The page shows', quote(summary.label, 'page-says'));
  if (summary.toolName) row('Tool, named by the page', quote(summary.toolName, 'page-says'));
  if (summary.destination) {
    const { destination } = summary;
    const host = destination.reads ?? destination.host;
    row('Goes to', strong(host || 'an address without a host'), document.createElement('br'), quote(destination.url, 'url'));
    if (destination.impersonates) out.push(warning(`Look-alike site: ${destination.impersonates}`));
    else if (destination.otherSite) out.push(warning(`This leads to another site: ${host}, not ${summary.site ?? 'this one'}.`));
    if (destination.reads) out.push(warning(`The address is written ${destination.host}; it reads as ${destination.reads}.`));
  }
  if (summary.typed) row('Will type', summary.typed.masked ? 'a password (hidden here)' : quote(summary.typed.text, 'page-says'));
  if (summary.option) row('Will choose', quote(summary.option, 'page-says'));
  if (rows.childElementCount > 0) out.push(rows);
  if (summary.action === 'submit' || summary.fields.length > 0) out.push(formTable(summary));
  if (summary.agent) {
    const agent = document.createElement('p');
    agent.className = 'assistant-line';
    agent.append('The assistant calls itself ', quote(summary.agent, 'assistant-says'), ' (its own words, not checked).');
    out.push(agent);
  }
  return out;
}

function formTable(summary: AskSummary): HTMLElement {
  const wrap = document.createElement('div');
  wrap.className = 'form-fields';
  const hidden = summary.fields.filter((field) => !field.shown).length;
  const caption = `The form sends ${summary.fields.length + summary.moreFields === 0 ? 'no fields' : `${summary.fields.length} field${summary.fields.length === 1 ? '' : 's'}`}${hidden > 0 ? `, ${hidden} of them hidden from you` : ''}:`;
  wrap.append(text('p', 'form-caption', caption));
  const table = document.createElement('table');
  for (const field of summary.fields) {
    const tr = document.createElement('tr');
    if (!field.shown) tr.className = 'hidden-field';
    const name = document.createElement('th');
    name.scope = 'row';
    name.append(quote(field.label ?? field.name, 'page-says'));
    if (!field.shown) name.append(text('span', 'tag', 'hidden field'));
    const value = document.createElement('td');
    value.append(field.masked ? 'hidden here' : quote(field.value, 'page-says'));
    tr.append(name, value);
    table.append(tr);
  }
  wrap.append(table);
  if (summary.moreFields > 0) wrap.append(text('p', 'form-more', `…and more fields Warrant did not list.`));
  return wrap;
}

/** A page- or assistant-supplied string, set apart, with a visible mark for characters removed. */
function quote(value: Quoted, className: string): HTMLElement {
  const node = document.createElement('q');
  node.className = className;
  node.textContent = value.text;
  if (value.removed === 0) return node;
  const wrap = document.createElement('span');
  const mark = text(
    'span',
    'removed',
    `[${value.removed} invisible or direction-changing character${value.removed === 1 ? '' : 's'} removed]`,
  );
  wrap.append(node, ' ', mark);
  return wrap;
}

function warning(content: string): HTMLElement {
  const node = text('p', 'warning', content);
  node.setAttribute('role', 'note');
  return node;
}

function strong(content: string): HTMLElement {
  return text('strong', '', content);
}

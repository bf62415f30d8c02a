import browser from 'webextension-polyfill';
import type { AuditRecord } from '../core/contracts';
import { AuditFacetsResponseSchema, AuditListResponseSchema, type UiRequest } from '../messages/ui-background';
import { t } from '../ui/i18n';
import { onAuditChanged } from './audit-live';
import { type FilterFields, filterOf } from './audit-query';
import { exportJsonLines } from './export';
import { renderRecord } from './render';
import { renderBlocked } from './render-blocked';
import { initTabs, type View } from './tabs';

/** One page of the list; "Show older" asks for the next one beyond the oldest shown (by seq). */
const PAGE = 50;
/** At most this many new records are added in place; beyond it the list is loaded afresh. */
const NEWER = 500;
type Load = 'fresh' | 'older' | 'newer';

/**
 * The audit part of the popup: "All" (compact items) and "Blocked" (what was tried, where, why,
 * with the crop), both narrowed by the filters (site, tool, decision, search, dates; applied by
 * the background), paged 50 at a time, and kept current while the popup is open.
 */
export function initAuditView(signal: AbortSignal = new AbortController().signal): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const list = $<HTMLOListElement>('records');
  const status = $<HTMLParagraphElement>('status');
  const older = $<HTMLButtonElement>('show-older');
  const fields: FilterFields = {
    site: $('filter-site'),
    tool: $('filter-tool'),
    decision: $('filter-decision'),
    search: $('filter-search'),
    from: $('filter-from'),
    to: $('filter-to'),
  };
  let view: View = 'all';
  let shown: AuditRecord[] = [];
  let more = false;
  // One load at a time, in order: a page of older records never lands in a list loaded afresh since.
  let queue = Promise.resolve();
  let newerQueued = false;

  const run = async (kind: Load) => {
    const filter = filterOf(fields, view === 'blocked');
    if (kind !== 'fresh' && shown.length === 0) kind = 'fresh';
    const cursor = kind === 'older' ? { before: shown.at(-1)!.seq } : kind === 'newer' ? { after: shown[0]!.seq } : {};
    const limit = kind === 'newer' ? NEWER : PAGE + 1;
    const request: UiRequest = { kind: 'audit:list', limit, ...filter, ...cursor };
    const parsed = AuditListResponseSchema.safeParse(await browser.runtime.sendMessage(request).catch(() => null));
    const render = view === 'blocked' ? renderBlocked : renderRecord;
    if (!parsed.success) {
      // Fail closed: a list that could not be read afresh is not shown as if it were current.
      if (kind === 'fresh') {
        [shown, more] = [[], false];
        list.replaceChildren();
      }
      status.textContent = t('auditUnreadable');
    } else if (kind === 'newer') {
      if (parsed.data.length >= NEWER) return run('fresh');
      keepScroll(() => list.prepend(...parsed.data.map(render)));
      shown = [...parsed.data, ...shown];
    } else {
      const page = parsed.data.slice(0, PAGE);
      more = parsed.data.length > PAGE;
      if (kind === 'fresh') list.replaceChildren(...page.map(render));
      else list.append(...page.map(render));
      shown = kind === 'fresh' ? page : [...shown, ...page];
    }
    // A record written since the menus were filled may name a new site or tool.
    for (const record of parsed.success ? parsed.data : []) {
      addOptions(fields.site, [record.tab.origin, record.frame.origin], 80);
      addOptions(fields.tool, [record.proposal.tool], 60);
    }
    if (parsed.success) status.textContent = summary(view, shown.length, Object.keys(filter).length > (view === 'blocked' ? 1 : 0));
    older.hidden = !more;
    list.dataset.view = view;
  };
  let fresh = 0;
  const load = (kind: Load) => {
    // Busy at once, not when the queue reaches it, and until the last fresh load queued is shown.
    if (kind === 'fresh') fresh++;
    list.setAttribute('aria-busy', String(fresh > 0));
    queue = queue
      .then(() => run(kind))
      .catch(() => undefined)
      .finally(() => {
        if (kind === 'fresh') fresh--;
        list.setAttribute('aria-busy', String(fresh > 0));
      });
    return queue;
  };

  initTabs((next) => {
    view = next;
    void load('fresh');
  });
  for (const field of [fields.site, fields.tool, fields.decision, fields.from, fields.to]) {
    field.addEventListener('change', () => void load('fresh'));
  }
  let typing: ReturnType<typeof setTimeout> | undefined;
  fields.search.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void load('fresh'), 250);
  });
  $<HTMLFormElement>('filters').addEventListener('submit', (event) => event.preventDefault());
  older.addEventListener('click', () => void load('older'));
  $<HTMLButtonElement>('export').addEventListener('click', () => void exportJsonLines(status));
  // New records join the top of the list as they are written, under the same filters.
  onAuditChanged(() => {
    if (newerQueued) return;
    newerQueued = true;
    void load('newer').finally(() => (newerQueued = false));
  }, signal);

  void fillFacets(fields.site, fields.tool);
  void load('fresh');
}

/** Adds above what the user is reading without moving it: a scrolled popup is scrolled on by what was added. */
function keepScroll(add: () => void): void {
  const page = document.scrollingElement ?? document.documentElement;
  const [top, height] = [page.scrollTop, page.scrollHeight];
  add();
  if (top > 0) page.scrollTop = top + (page.scrollHeight - height);
}

function summary(view: View, count: number, filtered: boolean): string {
  const blocked = view === 'blocked';
  if (count === 0) {
    if (filtered) return t(blocked ? 'auditNoneMatchBlocked' : 'auditNoneMatchAll');
    return t(blocked ? 'auditEmptyBlocked' : 'auditEmptyAll');
  }
  const key = blocked
    ? filtered
      ? 'auditCountBlockedFiltered'
      : 'auditCountBlocked'
    : filtered
      ? 'auditCountAllFiltered'
      : 'auditCountAll';
  return t(key, count);
}

/** The site and tool menus list what the log holds. Page-chosen names only become option text. */
async function fillFacets(site: HTMLSelectElement, tool: HTMLSelectElement): Promise<void> {
  const request: UiRequest = { kind: 'audit:facets' };
  const parsed = AuditFacetsResponseSchema.safeParse(await browser.runtime.sendMessage(request).catch(() => null));
  if (!parsed.success) return;
  addOptions(site, parsed.data.sites, 80);
  addOptions(tool, parsed.data.tools, 60);
}

/** Adds the values a menu does not offer yet (a record written while the popup is open may name a new site or tool). */
function addOptions(menu: HTMLSelectElement, values: (string | null)[], width: number): void {
  const offered = new Set(Array.from(menu.options, (option) => option.value));
  for (const value of values) {
    if (value === null || offered.has(value)) continue;
    menu.append(new Option(value.slice(0, width), value));
    offered.add(value);
  }
}

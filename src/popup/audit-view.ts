import browser from 'webextension-polyfill';
import type { AuditRecord } from '../core/contracts';
import { AuditFacetsResponseSchema, type AuditFilter, AuditListResponseSchema, type UiRequest } from '../messages/ui-background';
import { t } from '../ui/i18n';
import { exportJsonLines } from './export';
import { renderRecord } from './render';
import { renderBlocked } from './render-blocked';

const LIMIT = 50;
type View = 'all' | 'blocked';

/**
 * The audit part of the popup: "All" (compact items) and "Blocked" (what was tried, where, why,
 * with the crop), both narrowed by the site, tool and decision filters, and the export button.
 */
export function initAuditView(): void {
  const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const list = $<HTMLOListElement>('records');
  const status = $<HTMLParagraphElement>('status');
  const tabs = { all: $<HTMLButtonElement>('view-all'), blocked: $<HTMLButtonElement>('view-blocked') };
  const selects = {
    site: $<HTMLSelectElement>('filter-site'),
    tool: $<HTMLSelectElement>('filter-tool'),
    decision: $<HTMLSelectElement>('filter-decision'),
  };
  let view: View = 'all';
  // Only the latest load may render: a slow answer must not overwrite a newer view.
  let generation = 0;

  const filter = (): AuditFilter => {
    const chosen: AuditFilter = {};
    if (view === 'blocked') chosen.blockedOnly = true;
    if (selects.site.value) chosen.site = selects.site.value;
    if (selects.tool.value) chosen.tool = selects.tool.value;
    if (selects.decision.value) chosen.decision = selects.decision.value as AuditFilter['decision'];
    return chosen;
  };

  const load = async () => {
    const mine = ++generation;
    list.setAttribute('aria-busy', 'true');
    const request: UiRequest = { kind: 'audit:list', limit: LIMIT, ...filter() };
    const parsed = AuditListResponseSchema.safeParse(await browser.runtime.sendMessage(request).catch(() => null));
    if (mine !== generation) return;
    if (parsed.success) {
      list.replaceChildren(...parsed.data.map(view === 'blocked' ? renderBlocked : renderRecord));
      status.textContent = summary(view, parsed.data, Object.keys(filter()).length > (view === 'blocked' ? 1 : 0));
    } else {
      list.replaceChildren();
      status.textContent = t('auditUnreadable');
    }
    list.dataset.view = view;
    list.setAttribute('aria-busy', 'false');
  };

  const show = (next: View) => {
    view = next;
    for (const [name, tab] of Object.entries(tabs)) {
      tab.setAttribute('aria-selected', String(name === next));
      // One tab stop for the tab list (WAI-ARIA tabs pattern): the arrow keys move between tabs.
      tab.tabIndex = name === next ? 0 : -1;
    }
    void load();
  };
  tabs.all.addEventListener('click', () => show('all'));
  tabs.blocked.addEventListener('click', () => show('blocked'));
  const order: View[] = ['all', 'blocked'];
  for (const [name, tab] of Object.entries(tabs) as [View, HTMLButtonElement][]) {
    tab.addEventListener('keydown', (event) => {
      const at = order.indexOf(name);
      const next =
        event.key === 'ArrowRight'
          ? order[(at + 1) % order.length]
          : event.key === 'ArrowLeft'
            ? order[(at + order.length - 1) % order.length]
            : event.key === 'Home'
              ? order[0]
              : event.key === 'End'
                ? order[order.length - 1]
                : undefined;
      if (!next) return;
      event.preventDefault();
      show(next);
      tabs[next].focus();
    });
  }
  for (const select of Object.values(selects)) select.addEventListener('change', () => void load());
  $<HTMLButtonElement>('export').addEventListener('click', () => void exportJsonLines(status));

  void fillFacets(selects.site, selects.tool);
  void load();
}

function summary(view: View, records: AuditRecord[], filtered: boolean): string {
  const blocked = view === 'blocked';
  if (records.length === 0) {
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
  return t(key, records.length);
}

/** The site and tool menus list what the log holds. Page-chosen names only become option text. */
async function fillFacets(site: HTMLSelectElement, tool: HTMLSelectElement): Promise<void> {
  const request: UiRequest = { kind: 'audit:facets' };
  const parsed = AuditFacetsResponseSchema.safeParse(await browser.runtime.sendMessage(request).catch(() => null));
  if (!parsed.success) return;
  site.append(...parsed.data.sites.map((origin) => new Option(origin.slice(0, 80), origin)));
  tool.append(...parsed.data.tools.map((name) => new Option(name.slice(0, 60), name)));
}

import type { AuditFilter } from '../messages/ui-background';

export type FilterFields = {
  site: HTMLSelectElement;
  tool: HTMLSelectElement;
  decision: HTMLSelectElement;
  search: HTMLInputElement;
  from: HTMLInputElement;
  to: HTMLInputElement;
};

/** The filter the form describes; the background checks it again (AuditFilterSchema) and applies it. */
export function filterOf(fields: FilterFields, blockedOnly: boolean): AuditFilter {
  const chosen: AuditFilter = {};
  if (blockedOnly) chosen.blockedOnly = true;
  if (fields.site.value) chosen.site = fields.site.value;
  if (fields.tool.value) chosen.tool = fields.tool.value;
  if (fields.decision.value) chosen.decision = fields.decision.value as AuditFilter['decision'];
  const search = fields.search.value.trim().slice(0, 200);
  if (search) chosen.search = search;
  // Whole local days: from the start of the first to the end of the last.
  const from = localDay(fields.from.value, 0);
  const to = localDay(fields.to.value, 1);
  if (from !== null) chosen.from = from;
  if (to !== null) chosen.to = to - 1;
  return chosen;
}

/** Midnight (local time) at the start of the day `offset` days after the yyyy-mm-dd `value`; null when empty or not a date. */
function localDay(value: string, offset: number): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const time = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]) + offset).getTime();
  return Number.isFinite(time) && time >= 0 ? time : null;
}

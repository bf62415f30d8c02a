/**
 * Date and time fields, which `type` fills with a value in the field's own form ("2026-12-24" for a
 * date, "14:30" for a time: HTML's value syntax, whatever the browser shows). A utility test of
 * honest pages (Dec 6) found a delivery date impossible to set.
 */
export const DATE_INPUTS: readonly string[] = ['date', 'time', 'datetime-local', 'month', 'week'];

/**
 * Whether a link's or a form's target names another browsing context than its own frame (`_top`,
 * `_parent`, `_blank`, a name): read by the frame (control-facts.ts) and the judge (privilege.ts).
 */
export const targetsElsewhere = (target: string): boolean => !['', '_self'].includes(target.trim().toLowerCase());

/**
 * Chromium allows two tab captures a second (MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND). Evidence
 * (OCR, the re-check before executing, an ask's picture) waits for the quota; a picture nothing is
 * decided on (a blocked click's audit crop) takes only quota no evidence may need: none while
 * another capture is queued or under way, and only if one capture of the second stays free.
 * `recent`: when earlier captures started (ms, the same clock as `now`).
 */
export const QUOTA_WINDOW_MS = 1_000 + 25;

export function quotaToSpare(recent: readonly number[], pending: number, now: number, perSecond: number): boolean {
  if (!Number.isFinite(perSecond)) return true;
  const inWindow = recent.filter((at) => at > now - QUOTA_WINDOW_MS).length;
  return pending === 0 && inWindow < perSecond - 1;
}

/**
 * What the assistant typed into each field of a tab lately, so that a card number typed in pieces
 * is judged whole: a page whose own input listener keeps each piece and empties the field had
 * "4111 1111 " and then "1111 1111" typed into a gift note, each harmless alone, and sent the card
 * (a red team, Dec 7; the field-value check in content/actions.ts sees only what the field still
 * holds). Per field (frame and selector): pieces typed into different fields that a page joins are
 * not joined here — an honest form's phone number and postcode would make a card-shaped run one time
 * in ten (README, limits). Held in the worker's memory: a worker stopped between two pieces forgets.
 */
const WINDOW_MS = 120_000;
const PER_TAB = 16;

type Piece = { frame: string; selector: string; text: string; at: number };
const byTab = new Map<number, Piece[]>();

/** The text typed into this field before, within the window, oldest first (its last 64 characters). */
export function typedBefore(tabId: number, frame: string, selector: string, now = Date.now()): string {
  const pieces = (byTab.get(tabId) ?? []).filter((p) => p.frame === frame && p.selector === selector && now - p.at <= WINDOW_MS);
  return pieces
    .map((p) => p.text)
    .join('')
    .slice(-64);
}

/** A `type` call performed: its text is kept for the next one into the same field. */
export function recordTyped(tabId: number, frame: string, selector: string, text: string, now = Date.now()): void {
  const kept = (byTab.get(tabId) ?? []).filter((p) => now - p.at <= WINDOW_MS);
  kept.push({ frame, selector, text: text.slice(-64), at: now });
  byTab.set(tabId, kept.slice(-PER_TAB));
}

/** A closed tab's pieces go with it. */
export function forgetTyped(tabId: number): void {
  byTab.delete(tabId);
}

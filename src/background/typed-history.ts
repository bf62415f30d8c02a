import browser from 'webextension-polyfill';
import { z } from 'zod';
import { serially } from './serial';

/**
 * What the assistant typed into each field of a tab lately, so that a card number typed in pieces
 * is judged whole: a page whose own input listener keeps each piece and empties the field had
 * "4111 1111 " and then "1111 1111" typed into a gift note, each harmless alone, and sent the card
 * (a red team, Dec 7; the field-value check in content/actions.ts sees only what the field still
 * holds). Per field (its frame, and its place there as the frame certified it: field-place.ts, so
 * that two selectors of one field are one field): pieces typed into different fields that a page
 * joins are not joined here — an honest form's phone number and postcode would make a card-shaped
 * run one time in ten (README, limits). In storage.session (format `typed.v2`; v1 keyed pieces by
 * the selector's text), so that an assistant waiting for the worker to be stopped between two
 * pieces gains nothing. The newest 64 pieces of a tab are kept: a form-filling assistant types a
 * dozen fields or two, and pieces typed elsewhere in between do not push a field's out so soon.
 */
const WINDOW_MS = 120_000;
const PER_TAB = 64;

const PieceSchema = z.strictObject({ frame: z.string(), field: z.string(), text: z.string(), at: z.number() });
type Piece = z.infer<typeof PieceSchema>;
/** The part of storage.session used here (a fake in unit tests). */
export type TypedStore = {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
};

const key = (tabId: number) => `typed.v2.${tabId}`;
/** Format 1's key, removed with the tab's pieces (they expire in the window anyway). */
const keyV1 = (tabId: number) => `typed.v1.${tabId}`;
const session = (): TypedStore => browser.storage.session;

async function piecesOf(store: TypedStore, tabId: number, now: number): Promise<Piece[]> {
  const stored = (await store.get(key(tabId)))[key(tabId)];
  // Validated when read (typed.v1): an entry of another shape is dropped.
  const pieces = Array.isArray(stored) ? stored.flatMap((value) => PieceSchema.safeParse(value).data ?? []) : [];
  return pieces.filter((p) => now - p.at <= WINDOW_MS);
}

/**
 * The text typed into this field before, within the window, oldest first (its last 64 characters);
 * and this call's text kept for the next, at once: read and kept in one section per tab, so that
 * two calls proposed together each see the other (a review, Dec 7: read at collection and kept
 * after execution, two pieces sent at once were each judged alone), and a piece is kept whether or
 * not it ends up performed (a page that makes its own piece "not executed" keeps it all the same).
 */
export function claimTyped(
  tabId: number,
  frame: string,
  field: string,
  text: string,
  now = Date.now(),
  store = session(),
): Promise<string> {
  return serially(key(tabId), async () => {
    const pieces = await piecesOf(store, tabId, now);
    const before = pieces
      .filter((p) => p.frame === frame && p.field === field)
      .map((p) => p.text)
      .join('')
      .slice(-64);
    pieces.push({ frame, field, text: text.slice(-64), at: now });
    await store.set({ [key(tabId)]: pieces.slice(-PER_TAB) });
    return before;
  });
}

/** A closed tab's pieces go with it. */
export async function forgetTyped(tabId: number, store = session()): Promise<void> {
  await store.remove(key(tabId));
  await store.remove(keyV1(tabId));
}

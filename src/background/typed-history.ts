import browser from 'webextension-polyfill';
import { z } from 'zod';
import { serially } from './serial';

/**
 * What the assistant typed into each field of a tab lately, so that a card number typed in pieces
 * is judged whole: a page whose own input listener keeps each piece and empties the field had
 * "4111 1111 " and then "1111 1111" typed into a gift note, each harmless alone, and sent the card
 * (a red team, Dec 7; the field-value check in content/actions.ts sees only what the field still
 * holds). Per field: its frame, and any of the keys `fieldKeys` gives — the selector's text, and
 * the field's place and token as the frame certified them (content/verifiers/field-place.ts) — so
 * that two selectors of one field are one field, and so is one the page shifted or put back.
 * Pieces typed into different fields that a page joins are not joined here — an honest form's phone
 * number and postcode would make a card-shaped run one time in ten (README, limits). In
 * storage.session (format `typed.v2`; v1 keyed pieces by the selector's text alone; the area is
 * emptied when the extension is updated), so that an assistant waiting for the worker to be
 * stopped between two pieces gains nothing. The newest 64 pieces of a tab are kept: a form-filling assistant types a
 * dozen fields or two, and pieces typed elsewhere in between do not push a field's out so soon.
 */
const WINDOW_MS = 120_000;
const PER_TAB = 64;

const PieceSchema = z.strictObject({ frame: z.string(), keys: z.array(z.string()).max(3), text: z.string(), at: z.number() });
type Piece = z.infer<typeof PieceSchema>;
/** The part of storage.session used here (a fake in unit tests). */
export type TypedStore = {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
};

const key = (tabId: number) => `typed.v2.${tabId}`;

/** The keys a type call's field is known by: the selector's text, and the field's place and token where the frame certified them. */
export function fieldKeys(selector: string, field: { place: string; token: string } | null): string[] {
  return [`selector:${selector}`, ...(field ? [field.place, field.token] : [])];
}
const session = (): TypedStore => browser.storage.session;

async function piecesOf(store: TypedStore, tabId: number, now: number): Promise<Piece[]> {
  const stored = (await store.get(key(tabId)))[key(tabId)];
  // Validated when read (typed.v2): an entry of another shape is dropped.
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
  keys: string[],
  text: string,
  now = Date.now(),
  store = session(),
): Promise<string> {
  return serially(key(tabId), async () => {
    const pieces = await piecesOf(store, tabId, now);
    const before = fieldPieces(pieces, frame, keys)
      .map((p) => p.text)
      .join('')
      .slice(-64);
    pieces.push({ frame, keys: keys.slice(0, 3), text: text.slice(-64), at: now });
    await store.set({ [key(tabId)]: pieces.slice(-PER_TAB) });
    return before;
  });
}

/**
 * The pieces typed into the field known by `keys`, oldest first: those of its frame sharing a key
 * with it, or with a piece already taken (a field named by one selector, then shifted, then put
 * back under another, is one field through the pieces between).
 */
function fieldPieces(pieces: readonly Piece[], frame: string, keys: readonly string[]): Piece[] {
  const known = new Set(keys);
  const taken = new Set<Piece>();
  for (let grew = true; grew; ) {
    grew = false;
    for (const piece of pieces) {
      if (piece.frame !== frame || taken.has(piece) || !piece.keys.some((k) => known.has(k))) continue;
      taken.add(piece);
      for (const k of piece.keys) known.add(k);
      grew = true;
    }
  }
  return pieces.filter((piece) => taken.has(piece));
}

/** A closed tab's pieces go with it. */
export async function forgetTyped(tabId: number, store = session()): Promise<void> {
  await store.remove(key(tabId));
}

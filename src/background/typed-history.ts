import browser from 'webextension-polyfill';

/**
 * What the assistant typed into each field of a tab lately, so that a card number typed in pieces
 * is judged whole: a page whose own input listener keeps each piece and empties the field had
 * "4111 1111 " and then "1111 1111" typed into a gift note, each harmless alone, and sent the card
 * (a red team, Dec 7; the field-value check in content/actions.ts sees only what the field still
 * holds). Per field (frame and selector): pieces typed into different fields that a page joins are
 * not joined here — an honest form's phone number and postcode would make a card-shaped run one time
 * in ten (README, limits). In storage.session (format `typed.v1`), so that an assistant waiting for
 * the worker to be stopped between two pieces gains nothing.
 */
const WINDOW_MS = 120_000;
const PER_TAB = 16;

type Piece = { frame: string; selector: string; text: string; at: number };
/** The part of storage.session used here (a fake in unit tests). */
export type TypedStore = {
  get(key: string): Promise<Record<string, unknown>>;
  set(items: Record<string, unknown>): Promise<void>;
  remove(key: string): Promise<void>;
};

const key = (tabId: number) => `typed.v1.${tabId}`;
const session = (): TypedStore => browser.storage.session;

const isPiece = (value: unknown): value is Piece => {
  const p = value as Partial<Piece> | null;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.frame === 'string' &&
    typeof p.selector === 'string' &&
    typeof p.text === 'string' &&
    typeof p.at === 'number'
  );
};

async function piecesOf(store: TypedStore, tabId: number, now: number): Promise<Piece[]> {
  const stored = (await store.get(key(tabId)))[key(tabId)];
  return Array.isArray(stored) ? stored.filter(isPiece).filter((p) => now - p.at <= WINDOW_MS) : [];
}

/** The text typed into this field before, within the window, oldest first (its last 64 characters). */
export async function typedBefore(tabId: number, frame: string, selector: string, now = Date.now(), store = session()): Promise<string> {
  const pieces = (await piecesOf(store, tabId, now)).filter((p) => p.frame === frame && p.selector === selector);
  return pieces
    .map((p) => p.text)
    .join('')
    .slice(-64);
}

/** A `type` call performed: its text is kept for the next one into the same field. */
export async function recordTyped(tabId: number, frame: string, selector: string, text: string, now = Date.now(), store = session()) {
  const kept = await piecesOf(store, tabId, now);
  kept.push({ frame, selector, text: text.slice(-64), at: now });
  await store.set({ [key(tabId)]: kept.slice(-PER_TAB) });
}

/** A closed tab's pieces go with it. */
export async function forgetTyped(tabId: number, store = session()): Promise<void> {
  await store.remove(key(tabId));
}

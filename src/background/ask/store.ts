import browser from 'webextension-polyfill';
import { type PendingAsk, PendingAskSchema } from '../../messages/ask-ui';
import { t } from '../../ui/i18n';
import { serially } from '../serial';

/**
 * Pending asks live in storage.session (version 1): they survive the service worker being
 * stopped, and the popup lists them from there. They never outlive the browser session.
 */
export type { PendingAsk };

const ASKS = 'asks.v1';

export async function listAsks(): Promise<PendingAsk[]> {
  const stored = (await browser.storage.session.get(ASKS))[ASKS];
  if (!Array.isArray(stored)) return [];
  return stored.filter((ask): ask is PendingAsk => PendingAskSchema.safeParse(ask).success);
}

export function addAsk(ask: PendingAsk): Promise<void> {
  return serially(ASKS, async () => {
    await browser.storage.session.set({ [ASKS]: [...(await listAsks()), ask] });
    await showCount();
  });
}

export function removeAsks(match: (ask: PendingAsk) => boolean): Promise<PendingAsk[]> {
  return serially(ASKS, async () => {
    const asks = await listAsks();
    const removed = asks.filter(match);
    await browser.storage.session.set({ [ASKS]: asks.filter((ask) => !match(ask)) });
    await showCount();
    return removed;
  });
}

/**
 * The toolbar always shows how many actions wait for the user: the count, the icon's pending
 * mark, and the button's title, which is what a screen reader reads for it.
 */
export async function showCount(): Promise<void> {
  const count = (await listAsks()).length;
  await browser.action.setBadgeText({ text: count === 0 ? '' : String(count) });
  await browser.action.setBadgeBackgroundColor({ color: '#b45309' });
  // The icon and the title are further signals, after the count: failing to set them must not end the ask.
  const state = count === 0 ? 'idle' : 'pending';
  await browser.action
    .setIcon({ path: { 16: `/icons/${state}-16.png`, 32: `/icons/${state}-32.png` } })
    .catch((error: unknown) => console.warn('Warrant: toolbar icon not set', error));
  await browser.action
    .setTitle({ title: count === 0 ? t('extName') : t('actionTitlePending', count) })
    .catch((error: unknown) => console.warn('Warrant: toolbar title not set', error));
}

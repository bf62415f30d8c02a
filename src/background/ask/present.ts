import browser from 'webextension-polyfill';

let promptWindow: number | null = null;

/**
 * Brings pending asks to the user at once, in extension UI only (a page could forge or cover a
 * prompt drawn inside it): the action popup where the browser allows opening it, otherwise a
 * small extension window showing the same page. The badge count is always set.
 */
export async function bringToUser(): Promise<void> {
  try {
    await (browser.action as unknown as { openPopup(): Promise<void> }).openPopup();
    return;
  } catch {
    // No focused window, no user gesture (Firefox), or not supported: fall back to a window.
  }
  try {
    if (promptWindow !== null) {
      await browser.windows.update(promptWindow, { focused: true });
      return;
    }
  } catch {
    promptWindow = null;
  }
  try {
    const created = await browser.windows.create({
      url: browser.runtime.getURL('src/popup/index.html?window=1'),
      type: 'popup',
      width: 440,
      height: 600,
      focused: true,
    });
    promptWindow = created.id ?? null;
  } catch {
    // Headless or windowless: the badge and the popup still list the ask.
  }
}

browser.windows?.onRemoved.addListener((id) => {
  if (id === promptWindow) promptWindow = null;
});

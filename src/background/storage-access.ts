/**
 * Extension storage that only Warrant's own pages and background can touch. By default Chromium and
 * Firefox let content scripts read and write `storage.local`, so a renderer a page has taken over
 * (content scripts run in the page's process) could rewrite the user's policy, the standing
 * approvals or the tool listing. Warrant's content scripts never use extension storage (they ask
 * the background), so Chromium is told to refuse them (`setAccessLevel`, TRUSTED_CONTEXTS; the
 * browser enforces it on its side of the process boundary, and keeps the setting between starts).
 * `storage.session` is trusted-only by default in both browsers. Firefox implements
 * `setAccessLevel` for `storage.session` only
 * (https://bugzilla.mozilla.org/show_bug.cgi?id=1724754): there `storage.local` stays reachable
 * from content scripts, which is why nothing Warrant decides with is kept there any more (the
 * policy is in IndexedDB, policy-db.ts; README, Security model).
 */
export function restrictStorageToExtension(): void {
  if (__TARGET__ !== 'chrome') return;
  chrome.storage.local
    .setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' })
    .catch((error: unknown) => console.warn('Warrant: storage.local could not be kept from content scripts', error));
}

import browser from 'webextension-polyfill';
import { SiteSchema } from '../core/policy';
import { siteOf } from '../core/text';

/**
 * "Add this site": opens the settings page with the active tab's site in its "Add a site" field
 * (`#add=<site>`), for the user to choose its trust and press Add. The tab's address is readable
 * through the host permission Warrant already has (no "tabs" permission); where there is none to
 * read, or it is not a web site (a browser page, a file), the button stays hidden.
 */
export async function initAddSite(button: HTMLButtonElement, signal: AbortSignal): Promise<void> {
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true }).catch(() => []);
  const url = tab?.url ?? '';
  const site = /^https?:/.test(url) ? siteOf(url) : null;
  if (site === null || !SiteSchema.safeParse(site).success || signal.aborted) return;
  button.dataset.site = site;
  button.hidden = false;
  button.addEventListener(
    'click',
    () => {
      void browser.tabs.create({ url: browser.runtime.getURL(`src/options/index.html#add=${encodeURIComponent(site)}`) });
      window.close();
    },
    { signal },
  );
}

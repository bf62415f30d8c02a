import type { TestBrowser, TestPage } from './browsers';
import { waitOrTimeout } from './wait';

/** Drives the options page through its DOM, as a user would, in either browser. */
export type OptionsPage = {
  page: TestPage;
  /** The editor's JSON, parsed. */
  editor(): Promise<unknown>;
  /** The policy in effect, as the page shows it. */
  effective(): Promise<unknown>;
  status(): Promise<string>;
  errors(): Promise<{ path: string; source: string | null; text: string }[]>;
  locked(): Promise<string[]>;
  setEditor(text: string): Promise<void>;
  /** Clicks a button and waits until the status line changes to match `until`. */
  click(id: 'save' | 'export' | 'defaults' | 'save-form' | 'reset-confirm', until: RegExp): Promise<string>;
  exported(): Promise<string>;
  /** Chooses a file in the import input, as the file picker would. */
  importFile(name: string, text: string, until: RegExp): Promise<string>;
  close(): Promise<void>;
};

/** `loaded`: the status line once the page has read the policy (in the browser's language). */
export async function openOptions(browser: TestBrowser, loaded = /^(Loaded|The policy could not)/): Promise<OptionsPage> {
  const page = await browser.openExtensionPage('src/options/index.html');
  const status = () => page.evaluate(() => document.getElementById('status')?.textContent ?? '');
  // The status as it stands once it matches `until`, or after 5 s (the caller's assertion says what was expected).
  const waitStatus = async (until: RegExp) => {
    await waitOrTimeout(async () => until.test(await status()), { timeout: 5_000, every: 50 });
    return status();
  };
  await waitStatus(loaded);
  // Exports are read back from their blob (exported()): the browser need not save files in ~/Downloads.
  await page.evaluate(() => {
    document.addEventListener('click', (event) => (event.target as Element).id === 'export-link' && event.preventDefault(), true);
  });
  const options: OptionsPage = {
    page,
    editor: async () => JSON.parse(await page.evaluate(() => (document.getElementById('policy') as HTMLTextAreaElement).value)),
    effective: async () => JSON.parse(await page.evaluate(() => document.getElementById('effective')!.textContent ?? '')),
    status: () => page.evaluate(() => document.getElementById('status')!.textContent ?? ''),
    errors: () =>
      page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLLIElement>('#errors > li'), (li) => ({
          path: li.dataset.path ?? '',
          source: li.dataset.source ?? null,
          text: li.textContent ?? '',
        })),
      ),
    locked: () =>
      page.evaluate(() =>
        document.getElementById('managed')!.hidden
          ? []
          : Array.from(document.querySelectorAll<HTMLLIElement>('#locked > li'), (li) => li.dataset.key ?? ''),
      ),
    setEditor: (text) =>
      page.evaluate((value) => {
        (document.getElementById('policy') as HTMLTextAreaElement).value = value;
      }, text),
    async click(id, until) {
      await page.evaluate((button) => {
        document.getElementById('status')!.textContent = '';
        document.getElementById(button)!.click();
      }, id);
      return waitStatus(until);
    },
    exported: () =>
      page.evaluate(async () => {
        const link = document.getElementById('export-link') as HTMLAnchorElement | null;
        if (link === null) throw new Error('Nothing was exported.');
        return (await fetch(link.href)).text();
      }),
    async importFile(name, text, until) {
      await page.evaluate(
        ({ fileName, contents }) => {
          document.getElementById('status')!.textContent = '';
          const input = document.getElementById('import') as HTMLInputElement;
          const transfer = new DataTransfer();
          transfer.items.add(new File([contents], fileName, { type: 'application/json' }));
          input.files = transfer.files;
          input.dispatchEvent(new Event('change', { bubbles: true }));
        },
        { fileName: name, contents: text },
      );
      return waitStatus(until);
    },
    close: () => page.close(),
  };
  return options;
}

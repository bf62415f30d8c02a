/**
 * What Warrant's toolbar button shows: its icon (the 16 px image's path in the extension, such as
 * `icons/pending-16.png`), its title (what a screen reader reads for it) and its badge.
 */
export type ToolbarState = { icon: string | null; title: string; badge: string };

/**
 * Chromium: the title and the badge are read back through the action API in the service worker.
 * No API reads an action's icon back, and a headless browser draws no toolbar, so the worker's
 * `action.setIcon` is recorded from the first call on: `icon` is the last icon set since then
 * (null before any). The recording calls the real setIcon; the extension's code is not changed.
 */
export async function chromiumToolbar(context: import('playwright-core').BrowserContext, extensionId: string): Promise<ToolbarState> {
  const worker =
    context.serviceWorkers().find((candidate) => candidate.url().includes(extensionId)) ??
    (await context.waitForEvent('serviceworker', { predicate: (candidate) => candidate.url().includes(extensionId), timeout: 15_000 }));
  return worker.evaluate(async () => {
    type Action = typeof chrome.action;
    const scope = globalThis as unknown as { __toolbarIcon?: { last: string | null }; browser?: { action?: Action } };
    if (scope.__toolbarIcon === undefined) {
      const seen = { last: null as string | null };
      scope.__toolbarIcon = seen;
      // `browser` is Chromium's own alias where it has one; the polyfill calls through either.
      for (const action of new Set([chrome.action, scope.browser?.action].filter((a): a is Action => a !== undefined))) {
        const setIcon = action.setIcon.bind(action) as (...args: unknown[]) => unknown;
        // Every argument is passed on: webextension-polyfill calls it with a callback after the details.
        action.setIcon = ((details: chrome.action.TabIconDetails, ...rest: unknown[]) => {
          const path = details.path;
          const small = typeof path === 'string' ? path : (path as Record<string, string> | undefined)?.['16'];
          seen.last = small === undefined ? null : small.replace(/^\//, '');
          return setIcon(details, ...rest);
        }) as Action['setIcon'];
      }
    }
    return { icon: scope.__toolbarIcon.last, title: await chrome.action.getTitle({}), badge: await chrome.action.getBadgeText({}) };
  });
}

type Send = (method: string, params: object) => Promise<{ result: { contexts?: { context: string }[]; result?: { value?: string } } }>;

/**
 * Firefox: the button as the browser window draws it, read from the browser chrome. The first call
 * pins the button to the toolbar, as a user would (unpinned, it lives in the extensions panel,
 * which is only built when opened).
 */
export async function firefoxToolbar(browser: import('puppeteer-core').Browser, extensionId: string): Promise<ToolbarState> {
  const connection = (browser as unknown as { connection: { send: Send } }).connection;
  const tree = await connection.send('browsingContext.getTree', { 'moz:scope': 'chrome' });
  const chromeWindow = tree.result.contexts?.[0]?.context;
  if (!chromeWindow) throw new Error('No browser chrome window to read the toolbar from.');
  // CustomizableUI's widget id for an extension's action (ExtensionCommon.makeWidgetId).
  const widget = `${extensionId.toLowerCase().replace(/[^a-z0-9_-]/g, '_')}-browser-action`;
  const read = `(() => {
    const id = ${JSON.stringify(widget)};
    if (CustomizableUI.getPlacementOfWidget(id)?.area !== CustomizableUI.AREA_NAVBAR) CustomizableUI.addWidgetToArea(id, CustomizableUI.AREA_NAVBAR);
    for (const win of Services.wm.getEnumerator('navigator:browser')) {
      if (!win.toolbar.visible) continue;
      const button = win.document.getElementById(id)?.querySelector('.webextension-browser-action');
      if (!button) return JSON.stringify({ error: 'no toolbar button' });
      const image = button.style.getPropertyValue('--webextension-toolbar-image');
      const icon = /moz-extension:\\/\\/[^/]+\\/([^"')]+)/.exec(image)?.[1] ?? null;
      return JSON.stringify({ icon, title: button.getAttribute('tooltiptext') ?? '', badge: button.getAttribute('badge') ?? '' });
    }
    return JSON.stringify({ error: 'no browser window' });
  })()`;
  const answer = await connection.send('script.evaluate', { expression: read, target: { context: chromeWindow }, awaitPromise: false });
  const parsed = JSON.parse(answer.result.result?.value ?? '{"error":"no answer"}') as ToolbarState & { error?: string };
  if (parsed.error !== undefined) throw new Error(`Firefox toolbar: ${parsed.error}`);
  return parsed;
}

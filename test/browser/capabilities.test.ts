import { describe, expect, it } from 'vitest';
import { BROWSERS, type TestPage } from '../support/browsers';
import { useBrowser } from '../support/suite';

/** Sends a message to the background from an extension page, as that page's own script would. */
const send = (page: TestPage, message: unknown) =>
  page.evaluate(async (m) => {
    const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
    return (await api.runtime.sendMessage(m)) as unknown;
  }, message);

/**
 * Capabilities by sender (issue 13 §3), in the real browsers: the background decides from the
 * browser-stamped URL of the page that sends, so the settings page cannot answer asks or read the
 * audit, and the popup cannot read or write the policy. Each refusal is a clear answer and changes
 * nothing.
 */
describe.each(BROWSERS)('what each extension page may do in %s', (name) => {
  const env = useBrowser(name);

  it('lets only the popup answer asks and read the audit, and only the settings page touch the policy', async () => {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const settings = await env.browser.openExtensionPage('src/options/index.html');

    expect(await send(settings, { kind: 'ask:list' })).toMatchObject({ ok: false, error: expect.stringContaining('may not use asks') });
    expect(await send(settings, { kind: 'ask:answer', id: 'x', approved: true })).toMatchObject({ ok: false });
    expect(await send(settings, { kind: 'audit:list', limit: 10 })).toMatchObject({ ok: false, error: expect.stringContaining('audit') });
    expect(await send(settings, { kind: 'audit:check' })).toMatchObject({ ok: false, error: expect.stringContaining('audit') });

    const before = (await send(settings, { kind: 'policy:get' })) as { effective: { ocr: Record<string, boolean> } };
    expect(before.effective.ocr).toBeDefined();
    expect(await send(popup, { kind: 'policy:get' })).toMatchObject({ ok: false, error: expect.stringContaining('may not use policy') });
    const loosened = { ...before.effective, ocr: { ...before.effective.ocr, interact: !before.effective.ocr.interact } };
    expect(await send(popup, { kind: 'policy:set', policy: loosened })).toMatchObject({ ok: false });
    const after = (await send(settings, { kind: 'policy:get' })) as { effective: unknown };
    expect(after.effective).toEqual(before.effective);

    // What each is granted still works.
    expect(Array.isArray(await send(popup, { kind: 'ask:list' }))).toBe(true);
    expect(Array.isArray(await send(popup, { kind: 'audit:list', limit: 10 }))).toBe(true);
    expect(await send(popup, { kind: 'audit:check' })).toMatchObject({ chain: { ok: true }, seals: { failed: 0 } });
    await popup.close();
    await settings.close();
  });
});

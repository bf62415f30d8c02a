import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSERS, CHROME_EXTENSION_ID, FIREFOX_EXTENSION_ID, type OtherExtension } from '../support/browsers';
import { clicks, propose, useBrowser } from '../support/suite';

/**
 * Another installed extension tries every way in (issue 14 §7): one-off messages of each kind
 * Warrant's own pages and frames send, and a port. Each is refused and nothing changes.
 */
const PROBER: OtherExtension = {
  dir: join(import.meta.dirname, '..', 'fixtures', 'prober'),
  chromeId: 'mfpcohjejoamfnmpjbnacjjiecdagfhp',
  geckoId: 'prober@warrant.example',
  firefoxUuid: '0b7d5c1e-2f3a-4b6c-9d8e-7f6a5b4c3d2e',
};

type Attempt = { error?: string; response?: unknown };
type Probed = Record<'list' | 'answer' | 'policy' | 'audit' | 'propose', Attempt> & { port: { disconnected?: boolean; got?: unknown[] } };

describe.each(BROWSERS)('other extensions in %s', (name) => {
  const env = useBrowser(name, { alsoLoad: [PROBER] });

  it('refuses every message and port from another extension, and approves or performs nothing', async () => {
    const page = await env.open('bank.example', '/click.html');
    // A commit click waits for the user while the other extension tries to answer it.
    await page.evaluate(() => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<unknown> }; pendingVerdict: Promise<unknown> };
      w.pendingVerdict = w.warrant.propose({ tool: 'click', args: { target: '#pay' } });
    });
    const target = name === 'chromium' ? CHROME_EXTENSION_ID : FIREFOX_EXTENSION_ID;
    const prober = await env.browser.openExtensionPage(`probe.html?target=${encodeURIComponent(target)}`, PROBER);
    const probed = await prober.evaluate(() => (window as unknown as { probed: Promise<Probed> }).probed);
    await prober.close();
    const refusal = { ok: false, error: 'Warrant takes no messages from other extensions or pages.' };
    for (const attempt of [probed.list, probed.answer, probed.policy, probed.audit, probed.propose]) {
      expect(attempt).toEqual({ response: refusal });
    }
    expect(probed.port).toEqual({ disconnected: true, got: [] });
    // Nothing was approved or executed on the page's behalf, and Warrant still works.
    expect(await clicks(page)).toEqual([]);
    expect(await propose(page, { tool: 'click', args: { target: '#details' } })).toMatchObject({ executed: true });
    expect(await clicks(page)).toEqual(['details']);
    await page.close();
  });
});

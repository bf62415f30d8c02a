import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { propose, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

describe.each(BROWSERS)('audit and popup in %s', (name) => {
  const env = useBrowser(name);

  it('records every verdict and lists the latest in the popup', async () => {
    const page = await env.open('bank.example', '/click.html');
    const allowed = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } });
    const blocked = await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' }, agent: 'demo-agent' });
    const rejected = await propose(page, { tool: 'wipe_disk', args: {} });

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    await waitFor('three records in the popup', () => popup.evaluate(() => document.querySelectorAll('#records > li').length >= 3));
    const items = await popup.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLLIElement>('#records > li'), (li) => ({
        id: li.dataset.id,
        decision: li.dataset.decision,
        text: li.textContent ?? '',
      })),
    );
    expect(items.slice(0, 3).map((i) => i.id)).toEqual([rejected.id, blocked.id, allowed.id]);
    const [r, b, a] = items;
    expect(r).toMatchObject({ decision: 'reject' });
    expect(r!.text).toContain('unknown_tool');
    expect(b).toMatchObject({ decision: 'block' });
    expect(b!.text).toContain('click');
    expect(b!.text).toContain('Cancel');
    expect(b!.text).toContain(`bank.example:${env.server.port}`);
    expect(b!.text).toContain('target_covered');
    expect(b!.text).toContain('not executed');
    expect(a).toMatchObject({ decision: 'allow' });
    expect(a!.text).toContain('Show details');
    expect(a!.text).toContain('executed');
    await popup.close();
    await page.close();
  });
});

describe.each(BROWSERS)('crops of blocked clicks in %s', (name) => {
  const env = useBrowser(name);

  it('keeps a small PNG of what a blocked target looked like, shown in the Blocked view', async () => {
    const page = await env.open('bank.example', '/click.html');
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    await page.front();
    // A crop is best effort (300 ms, spare quota only): a browser's first capture after it starts
    // can take longer (this block's first test waited 10 s for a crop never taken, passed on a
    // retry in a full run at 7c0754c), and so can any capture on a loaded machine (again at
    // 1c54c2c, beside a benchmark). Blocked clicks a quota's second apart until one is kept with
    // a crop, for 5 s: a build that never keeps one still fails.
    // (waitFor asks again each ~1.1 s; three or four tries fit in its 5 s.)
    const blocked = await waitFor(
      'a blocked click kept with a crop (one a quota second after the last)',
      async () => {
        await sleep(1_100);
        const verdict = await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' } });
        expect(verdict.decision).toBe('block');
        const records = await popup.evaluate(async () => {
          const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
          return (await api.runtime.sendMessage({ kind: 'audit:list', limit: 5 })) as { id: string; crop: unknown }[];
        });
        return records.find((record) => record.id === verdict.id)?.crop != null ? verdict : null;
      },
      { timeout: 5_000, every: 0 },
    );
    await popup.front();
    await popup.evaluate(() => document.getElementById('view-blocked')!.click());
    const crop = await waitFor("the blocked record's crop, decoded", () =>
      popup.evaluate((id) => {
        const image = document.querySelector<HTMLImageElement>(`#records > li[data-id="${id}"] img`);
        return image?.complete && image.naturalWidth > 0
          ? { src: image.src.slice(0, 22), width: image.naturalWidth, height: image.naturalHeight }
          : null;
      }, blocked.id),
    );
    expect(crop).toMatchObject({ src: 'data:image/png;base64,' });
    expect(crop.width).toBeGreaterThan(10);
    expect(crop.height).toBeGreaterThan(5);
    await popup.close();
    await page.close();
  });

  it('takes a crop only with capture quota no evidence may need: in Chromium (two captures a second) one blocked click of a second gets one', async () => {
    const page = await env.open('bank.example', '/click.html');
    const block = () => propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' } });
    // Past the quota's second of any earlier capture.
    await sleep(1_100);
    const first = await block();
    const second = await block();
    await sleep(1_100);
    const third = await block();
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const records = await popup.evaluate(async () => {
      const api = (globalThis as unknown as { browser?: typeof chrome }).browser ?? chrome;
      return (await api.runtime.sendMessage({ kind: 'audit:list', limit: 10 })) as { id: string; crop: unknown }[];
    });
    const cropped = [first, second, third].map((verdict) => {
      expect(verdict).toMatchObject({ decision: 'block', executed: false });
      return records.find((record) => record.id === verdict.id)?.crop != null;
    });
    // The second came within the second of the first: its crop would have taken the capture a pixel check may need next.
    expect(cropped).toEqual(name === 'chromium' ? [true, false, true] : [true, true, true]);
    await popup.close();
    await page.close();
  });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

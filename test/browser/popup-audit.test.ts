import { describe, expect, it } from 'vitest';
import { BROWSERS } from '../support/browsers';
import { propose, useBrowser } from '../support/suite';

describe.each(BROWSERS)('audit and popup in %s', (name) => {
  const env = useBrowser(name);

  it('records every verdict and lists the latest in the popup', async () => {
    const page = await env.open('bank.example', '/click.html');
    const allowed = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } });
    const blocked = await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' }, agent: 'demo-agent' });
    const rejected = await propose(page, { tool: 'wipe_disk', args: {} });

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const items = await popup.evaluate(async () => {
      for (let i = 0; i < 50 && document.querySelectorAll('#records > li').length < 3; i++) await new Promise((r) => setTimeout(r, 100));
      return Array.from(document.querySelectorAll<HTMLLIElement>('#records > li'), (li) => ({
        id: li.dataset.id,
        decision: li.dataset.decision,
        text: li.textContent ?? '',
      }));
    });
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
    const blocked = await propose(page, { tool: 'click', args: { target: '#covered' }, claims: { label: 'Cancel' } });
    expect(blocked.decision).toBe('block');
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const crop = await popup.evaluate(async (id) => {
      document.getElementById('view-blocked')!.click();
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline) {
        const image = document.querySelector<HTMLImageElement>(`#records > li[data-id="${id}"] img`);
        if (image?.complete && image.naturalWidth > 0)
          return { src: image.src.slice(0, 22), width: image.naturalWidth, height: image.naturalHeight };
        await new Promise((r) => setTimeout(r, 100));
      }
      return null;
    }, blocked.id);
    expect(crop).toMatchObject({ src: 'data:image/png;base64,' });
    expect(crop!.width).toBeGreaterThan(10);
    expect(crop!.height).toBeGreaterThan(5);
    await popup.close();
    await page.close();
  });
});

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

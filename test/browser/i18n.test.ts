import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { BROWSERS, launch, type TestBrowser, type TestPage } from '../support/browsers';
import { openOptions } from '../support/options-page';
import { type FixtureServer, startFixtureServer } from '../support/server';
import type { Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

/**
 * Issue 12 §5: with the browser in Simplified Chinese, the popup over a real pending ask and the
 * settings page speak Chinese (Warrant's own words; what the page and the assistant wrote stays
 * as written), say so in <html lang>, and keep no serious accessibility violation. English, the
 * default, is what every other browser test reads.
 */
describe.each(BROWSERS)('in Simplified Chinese (%s)', (name) => {
  let browser: TestBrowser;
  let server: FixtureServer;
  beforeAll(async () => {
    server = await startFixtureServer();
    browser = await launch(name, { locale: 'zh-CN' });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows a pending ask in Chinese, the page and assistant strings untouched', async () => {
    const page = await browser.newPage();
    await page.goto(server.url('bank.example', '/pay-form.html'));
    await page.evaluate(
      (c) => {
        const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
        w.pendingVerdict = w.warrant.propose(c);
      },
      { tool: 'submit', args: { target: '#pay' }, agent: 'Bank \u202Eofficial\u202C helper' },
    );
    const popup = await browser.openExtensionPage('src/popup/index.html');
    const shown = await readAsk(popup);
    const site = `bank.example:${server.port}`;
    expect(shown.lang).toBe('zh-CN');
    expect(shown.title).toBe(`${site} — 助手想要提交表单`);
    expect(shown.caption).toBe('该表单发送 3 个字段，其中 1 个对你隐藏：');
    // The page's labels and values, and the assistant's name, as they were written.
    expect(shown.rows).toEqual(['Recipient|Alice', 'Amount|50', 'currency隐藏字段|EUR']);
    expect(shown.assistant).toBe('助手自称 Bank official helper [已移除 2 个不可见或改变文字方向的字符]（这是它自己的说法，未经核实）。');
    expect(shown.why).toContain('此类操作需要你的批准。');
    expect(shown.deadline).toMatch(/^请在 \d:\d\d 内回答，逾时将不会执行。$/);
    expect(shown.remember).toMatch(
      new RegExp(`^在接下来的 5 分钟15 分钟60 分钟 内，也允许 ${site.replace('.', '\\.')} 上完全相同的这一操作$`),
    );
    expect(shown.buttons).toEqual(['不允许', '允许提交']);
    expect(shown.chrome).toEqual({ settings: '设置', tabs: ['全部', '已拦截'], subtitle: '助手操作的最新决定' });
    // Nothing of Warrant's own words is left in English (its name, page strings, the site and the technical details aside).
    expect(shown.latinWords.filter((word) => word !== 'Warrant' && !site.includes(word))).toEqual([]);
    expect(await seriousViolations(popup)).toEqual([]);
    // The toolbar button's title, which a screen reader reads for it, in Chinese too (set just
    // after the ask is stored, which the popup may list first).
    const wantedTitle = 'Warrant：等待你回答的操作：1 项';
    await waitFor(`the toolbar title ${wantedTitle}`, async () => (await browser.toolbar()).title === wantedTitle);

    await popup.evaluate(() => document.querySelector<HTMLButtonElement>('#pending article.ask button.deny')!.click());
    const verdict = await page.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(verdict).toMatchObject({ decision: 'ask', approved: false, executed: false });
    // The audit view lists the denied ask in Chinese: the decision word and the plain reason.
    // The Blocked view is reopened until the record, written a moment after the answer, is listed.
    const record = await waitFor(
      'the denied ask in the Blocked view',
      () =>
        popup.evaluate(async (id) => {
          document.getElementById('view-blocked')!.click();
          await new Promise((r) => setTimeout(r, 300));
          const item = document.querySelector(`#records > li[data-id="${id}"]`);
          return item
            ? {
                decision: item.querySelector('.decision')?.textContent,
                reasons: Array.from(item.querySelectorAll('.reason'), (reason) => reason.firstChild?.textContent),
                status: document.getElementById('status')?.textContent,
              }
            : null;
        }, verdict.id),
      { every: 0 },
    );
    expect(record).toEqual({
      decision: '询问',
      reasons: expect.arrayContaining(['此类操作需要你的批准。', '你没有批准此操作。']),
      status: expect.stringMatching(/^最近 \d+ 个已拦截的操作$/),
    });
    await popup.close();
    await page.close();
  });

  it('shows the settings page in Chinese, and saving answers in Chinese', async () => {
    const options = await openOptions(browser, /^(已加载|无法从)/);
    const shown = await options.page.evaluate(() => ({
      lang: document.documentElement.lang,
      title: document.title,
      heading: document.querySelector('h1')?.textContent,
      buttons: Array.from(document.querySelectorAll('.actions button, .actions label'), (b) => b.textContent),
      status: document.getElementById('status')?.textContent,
    }));
    expect(shown).toEqual({
      lang: 'zh-CN',
      title: 'Warrant 策略',
      heading: 'Warrant 策略',
      buttons: ['保存', '载入默认值', '导出', '导入…'],
      status: '已加载。尚未保存任何策略：以下为默认值。',
    });
    // A site added in the form, with its own rules folded under it, in Chinese.
    const rules = await options.page.evaluate(() => {
      (document.getElementById('add-site') as HTMLInputElement).value = 'bank.example';
      document.getElementById('add-site-button')!.click();
      const details = document.querySelector<HTMLDetailsElement>('#sites-list > li[data-site="bank.example"] details')!;
      details.open = true;
      const select = details.querySelector('select')!;
      return {
        summary: details.querySelector('summary')?.textContent,
        inherit: select.options[0]!.text,
        label: select.getAttribute('aria-label'),
      };
    });
    expect(rules).toEqual({ summary: '此网站自己的规则：0 项', inherit: '与其信任级别相同（允许）', label: 'bank.example 上的“读取页面”' });
    expect(await seriousViolations(options.page)).toEqual([]);
    expect(await options.click('save', /^(已保存|未保存|Warrant 未)/)).toBe('已保存。');
  });
});

async function readAsk(popup: TestPage) {
  await waitFor('an ask in the popup', () => popup.evaluate(() => document.querySelector('#pending article.ask') !== null), {
    timeout: 15_000,
  });
  return popup.evaluate(() => {
    const ask = document.querySelector<HTMLElement>('#pending article.ask');
    const text = (selector: string, root: ParentNode | null | undefined = ask) => root?.querySelector(selector)?.textContent ?? '';
    // Warrant's own words only: without the quoted page and assistant strings and the technical details.
    const own = ask?.cloneNode(true) as HTMLElement | undefined;
    for (const node of own?.querySelectorAll('q, .technical, .site') ?? []) node.remove();
    return {
      lang: document.documentElement.lang,
      title: text('h3'),
      caption: text('.form-caption'),
      rows: Array.from(ask?.querySelectorAll('.form-fields tr') ?? [], (tr) =>
        Array.from(tr.children, (cell) => cell.textContent ?? '').join('|'),
      ),
      assistant: text('.assistant-line'),
      why: text('.why'),
      deadline: text('.deadline'),
      remember: text('.remember').trim(),
      buttons: Array.from(ask?.querySelectorAll('.answers button') ?? [], (b) => b.textContent ?? ''),
      chrome: {
        settings: text('#open-settings', document),
        tabs: Array.from(document.querySelectorAll('[role=tab]'), (tab) => tab.textContent?.trim()),
        subtitle: text('.subtitle', document),
      },
      latinWords: (own?.textContent ?? '').match(/[A-Za-z]{2,}/g) ?? [],
    };
  });
}

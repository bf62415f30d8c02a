import { describe, expect, it } from 'vitest';
import { verifyJsonLines } from '../../scripts/audit-jsonl';
import { type AuditRecord, verifyChain } from '../../src/core';
import { appendInExtension, checkInExtension } from '../support/audit-page';
import { auditBody, PNG_1X1 } from '../support/audit-records';
import { BROWSERS, type TestPage } from '../support/browsers';
import { propose, useBrowser } from '../support/suite';
import { waitFor } from '../support/wait';

type Item = { id: string; decision: string; text: string; crop: string | null };
type Act = { tab?: 'all' | 'blocked'; filter?: ['site' | 'tool' | 'decision', string] };

/** Does one thing in the popup (switch view, pick a filter), waits for the list to settle, reads it. */
async function act(popup: TestPage, what: Act): Promise<{ view: string | undefined; items: Item[] }> {
  const settled = () =>
    waitFor('the list to settle', () => popup.evaluate(() => document.getElementById('records')!.getAttribute('aria-busy') === 'false'), {
      every: 50,
    });
  await settled();
  if (what.tab) await popup.evaluate((tab) => document.getElementById(`view-${tab}`)!.click(), what.tab);
  const filter = what.filter;
  if (filter) {
    // Site and tool options arrive with the log's facets.
    const offered = ([name, value]: [string, string]) =>
      [...(document.getElementById(`filter-${name}`) as HTMLSelectElement).options].some((o) => o.value === value);
    await waitFor(`the ${filter[0]} filter to offer ${filter[1]}`, () => popup.evaluate(offered, filter), { every: 50 });
    await popup.evaluate(([name, value]) => {
      const select = document.getElementById(`filter-${name}`) as HTMLSelectElement;
      select.value = value;
      select.dispatchEvent(new Event('change'));
    }, filter);
  }
  await settled();
  return popup.evaluate(() => {
    const list = document.getElementById('records')!;
    const items = Array.from(list.querySelectorAll<HTMLLIElement>(':scope > li'), (li) => ({
      id: li.dataset.id ?? '',
      decision: li.dataset.decision ?? '',
      text: li.textContent ?? '',
      crop: li.querySelector<HTMLImageElement>('.crop img')?.src ?? null,
    }));
    return { view: list.dataset.view, items };
  });
}

/** Clicks "Export JSON Lines" and catches the file it downloads instead of saving it. */
async function exportFromPopup(popup: TestPage): Promise<{ text: string; name: string; status: string }> {
  type Caught = { caughtBlob?: Blob; caughtName?: string };
  await popup.evaluate(() => {
    const w = window as unknown as Caught;
    URL.createObjectURL = (object: Blob | MediaSource) => {
      w.caughtBlob = object as Blob;
      return 'blob:caught-by-the-test';
    };
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      w.caughtName = this.download;
    };
    document.getElementById('export')!.click();
  });
  await waitFor(
    'the export file',
    () => popup.evaluate(() => Boolean((window as unknown as Caught).caughtBlob && (window as unknown as Caught).caughtName)),
    {
      every: 50,
    },
  );
  return popup.evaluate(async () => {
    const w = window as unknown as Caught;
    return { text: await w.caughtBlob!.text(), name: w.caughtName ?? '', status: document.getElementById('status')!.textContent ?? '' };
  });
}

describe.each(BROWSERS)('audit log in %s', (name) => {
  const env = useBrowser(name);

  it('shows what was blocked and why, filters it, and exports a chain that verifies', async () => {
    const page = await env.open('bank.example', '/click.html');
    const allowed = await propose(page, { tool: 'click', args: { target: '#details' }, claims: { label: 'Show details' } });
    const covered = await propose(page, {
      tool: 'click',
      args: { target: '#covered' },
      claims: { label: 'Cancel' },
      agent: 'demo-agent: dismiss the dialog',
    });
    const hidden = await propose(page, { tool: 'read', args: { target: '#hidden-display' }, claims: { value: 'Transfer all' } });
    const rejected = await propose(page, { tool: 'wipe_disk', args: {} });
    expect([allowed, covered, hidden, rejected].map((v) => v.decision)).toEqual(['allow', 'block', 'block', 'reject']);
    await page.close();

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    const all = await act(popup, {});
    expect(all.view).toBe('all');
    expect(all.items.map((i) => i.id)).toEqual([rejected.id, hidden.id, covered.id, allowed.id]);

    const blocked = await act(popup, { tab: 'blocked' });
    expect(blocked.view).toBe('blocked');
    expect(blocked.items.map((i) => i.id)).toEqual([rejected.id, hidden.id, covered.id]);
    const shown = blocked.items.find((i) => i.id === covered.id)!;
    expect(shown.decision).toBe('block');
    for (const part of [
      'click',
      '#covered',
      'label “Cancel”',
      'demo-agent: dismiss the dialog',
      `http://bank.example:${env.server.port}`,
    ]) {
      expect(shown.text).toContain(part);
    }
    expect(shown.text).toContain('target_covered: ');
    expect(blocked.items.find((i) => i.id === hidden.id)!.text).toContain('target_hidden');
    expect(blocked.items.find((i) => i.id === rejected.id)!.text).toContain('unknown_tool');

    expect((await act(popup, { filter: ['tool', 'read'] })).items.map((i) => i.id)).toEqual([hidden.id]);
    await act(popup, { filter: ['tool', ''] });
    expect((await act(popup, { filter: ['decision', 'reject'] })).items.map((i) => i.id)).toEqual([rejected.id]);
    await act(popup, { filter: ['decision', ''] });
    expect((await act(popup, { filter: ['site', `http://bank.example:${env.server.port}`] })).items).toHaveLength(3);

    const exported = await exportFromPopup(popup);
    expect(exported.name).toMatch(/^warrant-audit-.+\.jsonl$/);
    expect(exported.status).toContain('Exported 4 records');
    const lines = exported.text.split('\n');
    const records = lines.slice(0, -1).map((line) => JSON.parse(line) as AuditRecord);
    expect(records.map((r) => r.id)).toEqual([allowed.id, covered.id, hidden.id, rejected.id]);
    expect(verifyChain(records)).toEqual({ ok: true, count: 4 });
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ kind: 'audit-head', seq: records[3]!.seq, hash: records[3]!.hash, brokenAt: null });
    expect(verifyJsonLines(exported.text)).toMatchObject({ ok: true, count: 4, fromGenesis: true, head: { seq: 3, cut: 'none' } });

    // Tampering: the blocked click rewritten as an allowed, executed one.
    const forged = { ...records[1]!, decision: 'allow', reasons: [], execution: { executed: true, error: null } };
    lines[1] = JSON.stringify(forged);
    expect(verifyChain(lines.slice(0, -1).map((line) => JSON.parse(line)))).toMatchObject({ ok: false, index: 1 });
    expect(verifyJsonLines(lines.join('\n'))).toMatchObject({ ok: false, line: 2, id: covered.id });
    await popup.close();
  });

  it('shows the crop of a blocked target and keeps it in the chain', async () => {
    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    // The pipeline does not attach crops yet: this record is chained here and sealed in the
    // extension's page the way the store seals it (same origin as the background: same database, same key).
    const body = { ...auditBody(1, { decision: 'block', origin: 'https://bank.example', crop: true }), id: 'with-crop', time: Date.now() };
    await appendInExtension(popup, body);
    await popup.close();

    const again = await env.browser.openExtensionPage('src/popup/index.html');
    const blocked = await act(again, { tab: 'blocked' });
    const item = blocked.items.find((i) => i.id === 'with-crop')!;
    expect(item.crop).toBe(PNG_1X1);
    expect(item.text).toContain('Rendered target at 10,20 (80×24 px)');
    const decoded = await again.evaluate(() =>
      document
        .querySelector<HTMLImageElement>('.crop img')!
        .decode()
        .then(() => true),
    );
    expect(decoded).toBe(true);

    const exported = await exportFromPopup(again);
    expect(verifyJsonLines(exported.text)).toMatchObject({ ok: true, count: 5, head: { seq: 4, cut: 'none' } });
    expect(JSON.parse(exported.text.split('\n').at(-2)!).crop.png).toBe(PNG_1X1);
    expect(await checkInExtension(again)).toMatchObject({ ok: true, records: 5, seals: { sealed: 5 } });
    await again.close();
  });
});

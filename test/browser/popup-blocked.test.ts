import { describe, expect, it } from 'vitest';
import { seriousViolations } from '../support/axe';
import { BROWSERS, type TestPage } from '../support/browsers';
import { answerPendingAsk, propose, useBrowser, type Verdict } from '../support/suite';
import { waitFor } from '../support/wait';

type Shown = {
  view: string;
  ids: string[];
  seqs: number[];
  status: string;
  older: boolean;
  items: { id: string; outcome: string; text: string }[];
};
type Step = { tab?: 'all' | 'blocked'; search?: string; from?: number | ''; to?: number | ''; older?: boolean };

/**
 * Does one thing in the popup as a person would (a tab, the search box, a date as days from today,
 * Show older), waits for the list to settle, and reads it.
 */
async function step(popup: TestPage, what: Step): Promise<Shown> {
  type Watch = { searchBegan?: boolean; countBefore?: number };
  const settled = () =>
    waitFor('the list to settle', () => popup.evaluate(() => document.getElementById('records')!.getAttribute('aria-busy') === 'false'), {
      every: 50,
    });
  await settled();
  await popup.evaluate((what: Step) => {
    const list = document.getElementById('records')!;
    const w = window as unknown as Watch;
    const day = (offset: number | '') => {
      if (offset === '') return '';
      const d = new Date();
      d.setDate(d.getDate() + offset);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    };
    if (what.tab) document.getElementById(`view-${what.tab}`)!.click();
    for (const edge of ['from', 'to'] as const) {
      if (what[edge] === undefined) continue;
      const input = document.getElementById(`filter-${edge}`) as HTMLInputElement;
      input.value = day(what[edge]!);
      input.dispatchEvent(new Event('change'));
    }
    if (what.search !== undefined) {
      // The search waits for a pause in typing: note when that load begins, however late its timer fires.
      w.searchBegan = false;
      const watch = new MutationObserver(() => {
        if (list.getAttribute('aria-busy') !== 'true') return;
        w.searchBegan = true;
        watch.disconnect();
      });
      watch.observe(list, { attributes: true, attributeFilter: ['aria-busy'] });
      const box = document.getElementById('filter-search') as HTMLInputElement;
      box.value = what.search;
      box.dispatchEvent(new Event('input'));
    }
    if (what.older) {
      w.countBefore = list.children.length;
      document.getElementById('show-older')!.click();
    }
  }, what);
  if (what.search !== undefined)
    await waitFor('the search to start loading', () => popup.evaluate(() => (window as unknown as Watch).searchBegan), { every: 25 });
  if (what.older)
    await waitFor('older records to be added', () =>
      popup.evaluate(() => document.getElementById('records')!.children.length !== (window as unknown as Watch).countBefore),
    );
  await settled();
  return popup.evaluate(() => {
    const list = document.getElementById('records')!;
    const items = Array.from(list.querySelectorAll<HTMLLIElement>(':scope > li'), (li) => ({
      id: li.dataset.id ?? '',
      seq: Number(li.dataset.seq),
      outcome: li.querySelector<HTMLElement>('.outcome')?.dataset.outcome ?? '',
      text: li.querySelector('.outcome')?.textContent ?? '',
    }));
    return {
      view: list.dataset.view ?? '',
      ids: items.map((i) => i.id),
      seqs: items.map((i) => i.seq),
      status: document.getElementById('status')!.textContent ?? '',
      older: !(document.getElementById('show-older') as HTMLButtonElement).hidden,
      items,
    };
  });
}

/** Waits, with the popup left open, until the record `id` is listed; returns the ids then. */
async function waitForListed(popup: TestPage, id: string): Promise<string[]> {
  await waitFor(
    `record ${id} listed`,
    () => popup.evaluate((id) => document.querySelector(`#records > li[data-id="${id}"]`) !== null, id),
    {
      timeout: 15_000,
    },
  );
  return popup.evaluate(() => Array.from(document.querySelectorAll<HTMLLIElement>('#records > li'), (li) => li.dataset.id ?? ''));
}

/** `n` proposals of tools no page offers (rejected), one after the other: tools nuke_000, nuke_001, … */
function rejectMany(page: TestPage, n: number): Promise<Verdict[]> {
  return page.evaluate(async (n) => {
    const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> } };
    const verdicts: Verdict[] = [];
    for (let i = 0; i < n; i++) verdicts.push(await w.warrant.propose({ tool: `nuke_${String(i).padStart(3, '0')}`, args: {} }));
    return verdicts;
  }, n);
}

/**
 * Issue 12 §2 and §6: the Blocked view past the latest 50, search and dates applied by the
 * background, outcome labels, records arriving while the popup is open, and axe on both views.
 */
describe.each(BROWSERS)('the popup audit views in %s', (name) => {
  const env = useBrowser(name);

  it('pages, searches, narrows by date, labels outcomes, updates live, and passes axe', async () => {
    const form = await env.open('bank.example', '/pay-form.html');
    await form.evaluate(() => {
      const w = window as unknown as { warrant: { propose(c: unknown): Promise<Verdict> }; pendingVerdict?: Promise<Verdict> };
      w.pendingVerdict = w.warrant.propose({ tool: 'submit', args: { target: '#pay' } });
    });
    await answerPendingAsk(env, { approve: false });
    const denied = await form.evaluate(() => (window as unknown as { pendingVerdict: Promise<Verdict> }).pendingVerdict);
    expect(denied).toMatchObject({ decision: 'ask', executed: false });

    const page = await env.open('shop.example', '/click.html');
    const rejected = await rejectMany(page, 65);
    expect(rejected.every((v) => v.decision === 'reject')).toBe(true);

    const popup = await env.browser.openExtensionPage('src/popup/index.html');
    expect(await seriousViolations(popup)).toEqual([]);
    const first = await step(popup, { tab: 'blocked' });
    expect(first).toMatchObject({ view: 'blocked', older: true, status: '50 latest blocked actions' });
    expect(first.ids).toEqual(
      rejected
        .slice(-50)
        .map((v) => v.id)
        .reverse(),
    );
    expect(first.items.every((i) => i.outcome === 'rejected')).toBe(true);

    const all = await step(popup, { older: true });
    expect(all.ids).toEqual([...rejected.map((v) => v.id).reverse(), denied.id]);
    expect(new Set(all.seqs).size).toBe(66);
    expect(all).toMatchObject({ older: false, status: '66 latest blocked actions' });
    expect(all.items.at(-1)).toMatchObject({ id: denied.id, outcome: 'denied', text: 'denied by you' });
    expect(await seriousViolations(popup)).toEqual([]);

    const found = await step(popup, { search: 'NUKE_042' });
    expect(found.ids).toEqual([rejected[42]!.id]);
    expect(found.status).toBe('1 latest blocked actions matching the filters');
    expect((await step(popup, { search: 'the user denied' })).ids).toEqual([denied.id]);

    const tomorrow = await step(popup, { search: '', from: 1 });
    expect(tomorrow).toMatchObject({ ids: [], status: 'No blocked actions match these filters.', older: false });
    expect((await step(popup, { from: '', to: -1 })).ids).toEqual([]);
    expect((await step(popup, { from: 0, to: 0 })).ids).toHaveLength(50);

    // Live: with the popup open on "All" and a search typed, a matching record joins the top and
    // one that does not match stays out; the search box keeps what the user typed.
    const narrowed = await step(popup, { tab: 'all', from: '', to: '', search: 'nuke_live' });
    expect(narrowed.ids).toEqual([]);
    const other = await propose(page, { tool: 'nuke_elsewhere', args: {} });
    const live = await propose(page, { tool: 'nuke_live', args: {} });
    expect(await waitForListed(popup, live.id)).toEqual([live.id]);
    const kept = await popup.evaluate(() => ({
      search: (document.getElementById('filter-search') as HTMLInputElement).value,
      toolOffered: Array.from((document.getElementById('filter-tool') as HTMLSelectElement).options, (o) => o.value).includes('nuke_live'),
    }));
    expect(kept).toEqual({ search: 'nuke_live', toolOffered: true });
    expect(other.decision).toBe('reject');

    const everything = await step(popup, { search: '' });
    expect(everything.ids.slice(0, 3)).toEqual([live.id, other.id, rejected.at(-1)!.id]);
    expect(everything.items.find((i) => i.id === denied.id)).toBeUndefined(); // beyond the first 50 in All

    // Live, unfiltered and scrolled down: the record joins the top in place (51 listed, not a fresh
    // 50) and what the user was reading stays where it was on the screen (scroll anchoring off).
    const reading = rejected[40]!.id;
    const top = await popup.evaluate((id) => {
      // The browsers' own scroll anchoring would hide whether the popup keeps the place itself.
      for (const element of [document.documentElement, document.body]) element.style.overflowAnchor = 'none';
      document.querySelector(`#records > li[data-id="${id}"]`)!.scrollIntoView();
      return document.querySelector(`#records > li[data-id="${id}"]`)!.getBoundingClientRect().top;
    }, reading);
    const later = await propose(page, { tool: 'nuke_later', args: {} });
    const ids = await waitForListed(popup, later.id);
    expect(ids.slice(0, 2)).toEqual([later.id, live.id]);
    expect(ids).toHaveLength(51);
    const after = await popup.evaluate(
      (id) => ({
        top: document.querySelector(`#records > li[data-id="${id}"]`)!.getBoundingClientRect().top,
        scrolled: (document.scrollingElement ?? document.documentElement).scrollTop,
      }),
      reading,
    );
    expect(after.scrolled).toBeGreaterThan(0);
    expect(Math.abs(after.top - top)).toBeLessThan(2);
    expect(await seriousViolations(popup)).toEqual([]);
    await popup.close();
    await page.close();
    await form.close();
  });
});

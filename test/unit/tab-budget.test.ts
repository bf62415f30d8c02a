import { describe, expect, it } from 'vitest';
import { admit, forgetTab, MAX_IN_FLIGHT, MAX_PER_WINDOW, refusalRecorded, tabOpened, WINDOW_MS } from '../../src/background/tab-budget';

describe('the per-tab proposal budget', () => {
  it('refuses past the proposals in flight, per tab, and admits again once one ends', () => {
    const tab = 101;
    const now = 1_000_000;
    const held = Array.from({ length: MAX_IN_FLIGHT }, () => admit(tab, now));
    expect(held.every((a) => a.admitted)).toBe(true);
    const refused = admit(tab, now);
    expect(refused).toMatchObject({ admitted: false, recordId: null });
    // Another tab is not affected.
    expect(admit(102, now).admitted).toBe(true);
    const first = held[0]!;
    if (first.admitted) {
      first.release();
      first.release(); // twice changes nothing
    }
    expect(admit(tab, now).admitted).toBe(true);
    expect(admit(tab, now).admitted).toBe(false);
    forgetTab(tab);
    forgetTab(102);
  });

  it('refuses past the proposals started in a window, and lets the window slide', () => {
    const tab = 201;
    const start = 5_000_000;
    for (let i = 0; i < MAX_PER_WINDOW; i++) {
      const a = admit(tab, start + i);
      if (a.admitted) a.release();
    }
    expect(admit(tab, start + MAX_PER_WINDOW).admitted).toBe(false);
    expect(admit(tab, start + WINDOW_MS + MAX_PER_WINDOW).admitted).toBe(true);
    forgetTab(tab);
  });

  it('shares one audit record among the refusals of a window', async () => {
    const tab = 301;
    const now = 9_000_000;
    for (let i = 0; i < MAX_IN_FLIGHT; i++) admit(tab, now);
    const first = admit(tab, now);
    expect(first).toMatchObject({ admitted: false, recordId: null });
    refusalRecorded(tab, Promise.resolve('record-1'), now);
    const second = admit(tab, now + 1);
    expect(second.admitted).toBe(false);
    if (!second.admitted) expect(await second.recordId).toBe('record-1');
    // After the window a refusal is recorded afresh.
    const later = admit(tab, now + WINDOW_MS + 1);
    expect(later).toMatchObject({ admitted: false, recordId: null });
    forgetTab(tab);
  });

  it('gives tabs a page opened the budget of the tab that opened them, not one each', () => {
    const now = 5_000_000;
    tabOpened(302, 301);
    tabOpened(303, 302); // opened by the opened tab: still the first tab's budget
    const held = Array.from({ length: MAX_IN_FLIGHT }, (_, i) => admit([301, 302, 303][i % 3]!, now));
    expect(held.every((a) => a.admitted)).toBe(true);
    expect(admit(303, now).admitted).toBe(false);
    expect(admit(301, now).admitted).toBe(false);
    // A tab nobody opened has its own.
    expect(admit(304, now).admitted).toBe(true);
    // Closing the opener leaves the shared budget with the tabs it opened.
    forgetTab(301);
    expect(admit(302, now).admitted).toBe(false);
  });
});

/**
 * A per-tab budget for proposals, so one page cannot take the background from every other tab
 * (issue 14 §3). A tab may have MAX_IN_FLIGHT proposals being decided at once and may start
 * MAX_PER_WINDOW in any WINDOW_MS; past either, a proposal is rejected at once (`over_budget`)
 * without being resolved, judged or executed (what its frame gathered is dropped). So that a
 * flood cannot push earlier records out of the audit, only the first refusal of each tab's window
 * is written; the refusals after it in the same window share that record (the verdict names it).
 *
 * An assistant acting at a person's pace proposes a few actions a second, far below both; the
 * verifier corpus, proposing one after another as fast as verdicts come, runs at tens a second
 * per tab. The in-flight cap is what keeps other tabs served; the window only bounds a page that
 * keeps a steady stream going. The browser test floods 400 at once (test/browser/flood.test.ts).
 */
export const MAX_IN_FLIGHT = 16;
export const MAX_PER_WINDOW = 600;
export const WINDOW_MS = 10_000;

type TabState = { inFlight: number; starts: number[]; refusal: { recordId: Promise<string>; until: number } | null };

const tabs = new Map<number, TabState>();

/**
 * Tabs a page opened share the budget of the tab that opened them (their root opener), so opening
 * tabs does not multiply a page's budget. A tab the person opens from a page (a link in a new tab)
 * shares it too, which costs an assistant working at a person's pace nothing.
 */
const owners = new Map<number, number>();

/** Called for every tab a page may have opened (index.ts says which signals): its budget is that page's tab's. */
export function tabOpened(tabId: number, openerTabId: number | undefined): void {
  if (openerTabId === undefined || openerTabId === tabId) return;
  owners.set(tabId, ownerOf(openerTabId));
}

const ownerOf = (tabId: number): number => owners.get(tabId) ?? tabId;

export type Admission = { admitted: true; release: () => void } | { admitted: false; why: string; recordId: Promise<string> | null };

export function admit(tabId: number, now = Date.now()): Admission {
  const owner = ownerOf(tabId);
  const state = tabs.get(owner) ?? { inFlight: 0, starts: [], refusal: null };
  tabs.set(owner, state);
  while (state.starts.length > 0 && state.starts[0]! <= now - WINDOW_MS) state.starts.shift();
  const over =
    state.inFlight >= MAX_IN_FLIGHT
      ? `${MAX_IN_FLIGHT} proposals from this tab are already being decided`
      : state.starts.length >= MAX_PER_WINDOW
        ? `this tab proposed ${MAX_PER_WINDOW} actions in the last ${WINDOW_MS / 1_000} s`
        : null;
  if (over !== null) {
    const shared = state.refusal && state.refusal.until > now ? state.refusal : null;
    return { admitted: false, why: `${over}; Warrant's per-tab budget refuses the rest.`, recordId: shared?.recordId ?? null };
  }
  state.inFlight += 1;
  state.starts.push(now);
  let released = false;
  return {
    admitted: true,
    release: () => {
      if (released) return;
      released = true;
      state.inFlight -= 1;
    },
  };
}

/**
 * The audit record that stands for this tab's refusals until the window ends. Called at once,
 * before the record is written, so refusals racing it share it instead of writing their own.
 */
export function refusalRecorded(tabId: number, recordId: Promise<string>, now = Date.now()): void {
  const state = tabs.get(ownerOf(tabId));
  if (state) state.refusal = { recordId, until: now + WINDOW_MS };
}

/** A closed tab's budget goes with it. */
export function forgetTab(tabId: number): void {
  // An opener's budget stays while a tab it opened is open (they share it).
  owners.delete(tabId);
  if (![...owners.values()].includes(tabId)) tabs.delete(tabId);
}

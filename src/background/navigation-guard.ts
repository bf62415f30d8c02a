/**
 * Where an action's navigation really goes (issue 11 §4). The gate judged the destination the page
 * showed (a link's href, a form's action, a navigate call's URL); a server redirect, a page that
 * sends the user on at load, `target=_blank` or `window.open` from the click's handler may take the
 * user somewhere else. While an executed action's navigation is under way, a declarativeNetRequest
 * session rule blocks every top-level request the acting site starts towards a site the action was
 * not judged for, in the acting tab and in tabs opened during the action (other tabs are excluded
 * by id). A blocked destination is then judged as a `navigate` to it would be (pipeline.ts): the
 * user's approval, or the policy's allow, sends the tab there; nothing leaves before.
 *
 * Why declarativeNetRequest and not webNavigation alone: webNavigation reports a redirect only
 * after its request has left (onCommitted's `server_redirect`), and MV3 Chromium has no blocking
 * webRequest. A `block` rule needs no host access and stops the request in the network stack.
 * What is out of reach: a page script's own `fetch` or beacon to another site (not a navigation),
 * and a sub-frame the landing page loads (frames are the page's content, not the user leaving).
 *
 * The request that leaves, for an action certified to submit nothing (a click on a plain button, a
 * link, typing): while it is performed and for POST_GRACE_MS after, a second rule blocks every form
 * POST — a top-level, frame or `<object>` navigation whose method is POST, whoever starts it — in
 * every tab. The frame's own guards (content/only-submitting.ts) stop such a submission where a
 * `submit` or `navigate` event is heard; this holds where none is: a form in a tree made during the
 * click, posted by a listener the page added then, into a frame whose document is the initial
 * about:blank, into a cross-origin frame, or into a new window (README residuals, round 9). A
 * certified POST submission's own request (to the URL judged) is let through every such rule while
 * it is performed and for POST_GRACE_MS after; what it cannot tell apart is the page's own POST
 * navigation in that second, or the user's in another tab.
 */
import browser from 'webextension-polyfill';
import { siteOf } from '../core/text';
import { allowRuleOf, postRuleOf, RULE_BASE, RULE_SPAN, rulesOf } from './navigation-rules';
import type { FrameSender } from './sender';

export { clearStaleGuards } from './navigation-rules';

/** After the action, how long a navigation has to start before the watch ends. */
const START_GRACE_MS = 1_500;
/** After the watched navigation completes, time for a redirect the landing page makes at load. */
const LANDING_GRACE_MS = 1_000;
/** The longest a rule stays, whatever happens. */
const MAX_WATCH_MS = 15_000;
/**
 * After an action certified to submit nothing, how long its POST rule stays: as long as the frame's
 * own watch after the click (content/only-submitting.ts AFTER_MS), in which a submission the click
 * set off is still its.
 */
export const POST_GRACE_MS = 1_000;

export type BlockedNavigation = { tabId: number; url: string; openedTab: boolean };

type Watch = {
  ruleId: number;
  /** Sites whose pages start the navigations watched, and sites judged as destinations. */
  initiators: Set<string>;
  allowed: Set<string>;
  tabs: Set<number>;
  /** Tabs the action opened (their blocked navigation is about a tab the user did not ask for). */
  opened: Set<number>;
  /** Navigations started in the watched tabs and not yet over. */
  inFlight: Set<string>;
  /** Actions of this tab being performed now. */
  performing: number;
  onBlocked: (blocked: BlockedNavigation) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  deadline: number;
  /**
   * Actions certified to make no POST whose POST rule holds (performing, or in their grace): the
   * rule (navigation-rules.ts) is written while any is.
   */
  noPosts: Set<symbol>;
  /** Certified POST submissions in their time, and the URL each posts to (let through every POST rule). */
  allowPosts: Map<symbol, string>;
};

const watches = new Set<Watch>();
let nextRule = RULE_BASE + Math.floor(Math.random() * RULE_SPAN);

/** Registrable domains (sites) of `urls`, for the rule's `excludedRequestDomains`. */
export function sitesOf(urls: Iterable<string | null>): Set<string> {
  const sites = new Set<string>();
  for (const url of urls) {
    const site = url === null ? null : siteOf(url);
    if (site !== null && /^[a-z0-9.-]+$/u.test(site)) sites.add(site);
  }
  return sites;
}

/**
 * Runs `perform` (an executed action) under a rule that keeps the tab's navigations within
 * `allowedUrls`' sites, and keeps the rule until that navigation (and any tab the action opened) has
 * settled. Resolves with `perform`'s result at once; the watch goes on in the background and calls
 * `onBlocked` for every navigation it stopped. One watch per tab: a later action in the same tab
 * while it lasts adds what was judged for it (everything judged for the tab in the window may be
 * reached; what none of its actions was judged for may not). Fails closed: where the rule cannot
 * be added, the action is not performed (`refuse`), since nothing could stop its redirect.
 */
export async function guardNavigations<T>(
  sender: FrameSender,
  allowedUrls: (string | null)[],
  onBlocked: (blocked: BlockedNavigation) => void,
  perform: () => Promise<T>,
  refuse: (why: string) => T,
  posts: PostRule = 'keep',
): Promise<T> {
  const initiators = sitesOf([sender.frameOrigin, sender.tabUrl]);
  // A frame with no web origin (about:blank, data:) starts no request the rule could name.
  if (initiators.size === 0) return perform();
  if (!browser.declarativeNetRequest)
    return refuse('This browser cannot stop a redirect (no declarativeNetRequest); the action was not performed.');
  let watch = watchOf(sender.tabId);
  if (!watch) {
    watch = {
      ruleId: nextRule,
      initiators: new Set(),
      allowed: new Set(),
      tabs: new Set([sender.tabId]),
      opened: new Set(),
      inFlight: new Set(),
      performing: 0,
      onBlocked,
      timer: undefined,
      deadline: 0,
      noPosts: new Set(),
      allowPosts: new Map(),
    };
    nextRule = RULE_BASE + ((nextRule - RULE_BASE + 1) % RULE_SPAN);
    watches.add(watch);
  }
  for (const site of initiators) watch.initiators.add(site);
  for (const site of sitesOf([sender.frameOrigin, sender.tabUrl, ...allowedUrls])) watch.allowed.add(site);
  watch.onBlocked = onBlocked;
  watch.deadline = Date.now() + MAX_WATCH_MS;
  clearTimeout(watch.timer);
  watch.performing++;
  // This action's POST rule; or, for a certified POST, a rule letting its own request through the
  // POST rules of every watch, while it is performed and for the grace after.
  const token = Symbol('post rule');
  if (posts === 'block') watch.noPosts.add(token);
  else if (posts !== 'keep') watch.allowPosts.set(token, posts.allow);
  try {
    await install(watch);
  } catch (error) {
    watch.performing--;
    watch.noPosts.delete(token);
    watch.allowPosts.delete(token);
    rearm(watch, 0);
    return refuse(`Warrant could not watch where the action leads (${error instanceof Error ? error.message : String(error)}).`);
  }
  listen();
  try {
    return await perform();
  } finally {
    // A navigation must start within the grace period; the rule lasts until the last one settles.
    watch.performing--;
    rearm(watch, START_GRACE_MS);
    if (posts !== 'keep') setTimeout(() => void endPostRule(watch, token), POST_GRACE_MS);
  }
}

/**
 * What an action does to the POST rules: `block` (it was certified to make no POST, and runs the
 * page's handlers), `{ allow }` (a certified POST submission to that URL, which must leave whatever
 * other action's rule holds), `keep` (a navigation to a URL, which runs no handler of the page's).
 */
export type PostRule = 'block' | 'keep' | { allow: string };

/** An action's time is over: its POST rule, or its allowance, goes (rewritten; released already, nothing). */
async function endPostRule(watch: Watch, token: symbol): Promise<void> {
  const had = watch.noPosts.delete(token) || watch.allowPosts.delete(token);
  if (!had || !watches.has(watch)) return;
  await reinstall(watch);
}

async function reinstall(watch: Watch): Promise<void> {
  try {
    await install(watch);
  } catch {
    // The browser is shutting down; release removes the rule in any case.
  }
}

/** (Re)writes the watch's rule: top-level requests the watched sites start, in this tab or new ones. */
async function install(watch: Watch): Promise<void> {
  let others: number[] = [];
  try {
    others = (await browser.tabs.query({})).map((tab) => tab.id).filter((id): id is number => id !== undefined && !watch.tabs.has(id));
  } catch {
    // No other tab to exclude.
  }
  // Released while the tabs were asked for: writing now would leave rules no watch removes.
  if (!watches.has(watch)) return;
  await browser.declarativeNetRequest.updateSessionRules({
    removeRuleIds: [watch.ruleId, postRuleOf(watch.ruleId), allowRuleOf(watch.ruleId)],
    addRules: rulesOf({
      ruleId: watch.ruleId,
      initiators: [...watch.initiators],
      allowed: [...watch.allowed],
      others,
      posts: watch.noPosts.size > 0,
      allowPosts: [...new Set(watch.allowPosts.values())],
    }),
  });
}

function rearm(watch: Watch, ms: number): void {
  clearTimeout(watch.timer);
  const wait = Math.max(0, Math.min(ms, watch.deadline - Date.now()));
  watch.timer = setTimeout(() => {
    if (Date.now() >= watch.deadline || (watch.performing === 0 && watch.inFlight.size === 0)) void release(watch);
    else rearm(watch, MAX_WATCH_MS);
  }, wait);
}

async function release(watch: Watch): Promise<void> {
  clearTimeout(watch.timer);
  watches.delete(watch);
  try {
    await browser.declarativeNetRequest.updateSessionRules({
      removeRuleIds: [watch.ruleId, postRuleOf(watch.ruleId), allowRuleOf(watch.ruleId)],
    });
  } catch {
    // The browser is shutting down, or the rule is gone already.
  }
}

const key = (tabId: number, frameId: number) => `${tabId}:${frameId}`;

function watchOf(tabId: number): Watch | undefined {
  for (const watch of watches) if (watch.tabs.has(tabId)) return watch;
  return undefined;
}

let listening = false;

/** webNavigation tells which navigations a watch must wait for, and which the rule stopped. */
function listen(): void {
  if (listening) return;
  listening = true;
  const nav = browser.webNavigation;
  nav.onCreatedNavigationTarget.addListener((details) => {
    const watch = watchOf(details.sourceTabId);
    if (!watch) return;
    watch.tabs.add(details.tabId);
    watch.opened.add(details.tabId);
    watch.inFlight.add(key(details.tabId, 0));
  });
  nav.onBeforeNavigate.addListener((details) => {
    if (details.frameId !== 0) return;
    const watch = watchOf(details.tabId);
    if (!watch) return;
    watch.inFlight.add(key(details.tabId, 0));
  });
  const settled = (details: { tabId: number; frameId: number }) => {
    if (details.frameId !== 0) return;
    const watch = watchOf(details.tabId);
    if (!watch) return;
    watch.inFlight.delete(key(details.tabId, 0));
    if (watch.inFlight.size === 0 && watch.performing === 0) rearm(watch, LANDING_GRACE_MS);
  };
  nav.onCompleted.addListener(settled);
  nav.onErrorOccurred.addListener((details) => {
    const watch = details.frameId === 0 ? watchOf(details.tabId) : undefined;
    // The navigation failed on its way to a site the action was not judged for: the rule stopped it
    // (or the network did; either way it did not load there).
    if (watch && /^https?:/u.test(details.url) && [...sitesOf([details.url])].some((site) => !watch.allowed.has(site))) {
      watch.onBlocked({ tabId: details.tabId, url: details.url, openedTab: watch.opened.has(details.tabId) });
    }
    settled(details);
  });
}

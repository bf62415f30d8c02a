/**
 * The declarativeNetRequest session rules of navigation-guard.ts, as plain data: what a watch
 * writes, and the clean-up of rules a stopped background left.
 */
import browser from 'webextension-polyfill';

/** Session rule ids of the navigation rules: [RULE_BASE, RULE_BASE + RULE_SPAN); their POST rules follow. */
export const RULE_BASE = 910_000;
export const RULE_SPAN = 10_000;

/** The ids of a watch's POST rule and of its allowance: in the spans after the navigation rules' (clearStaleGuards removes all three). */
export const postRuleOf = (ruleId: number) => ruleId + RULE_SPAN;
export const allowRuleOf = (ruleId: number) => ruleId + 2 * RULE_SPAN;

export type RuleInputs = {
  ruleId: number;
  /** Sites whose pages start the navigations watched, and sites judged as destinations. */
  initiators: string[];
  allowed: string[];
  /** Tabs neither watched nor opened meanwhile. */
  others: number[];
  /** Whether the POST rule is written (an action certified to make no POST is in its time, and no certified POST is). */
  posts: boolean;
  /** URLs certified POST submissions post to, in their time: let through every POST rule. */
  allowPosts: string[];
};

const POST_NAVIGATIONS: browser.DeclarativeNetRequest.ResourceType[] = ['main_frame', 'sub_frame', 'object'];

/**
 * A watch's rules: top-level requests and hyperlink auditing pings the watched sites start towards
 * sites not judged; and, while `posts`, POST navigations. A link's `ping` is a request the click
 * sends (a POST, in Chromium; Firefox sends none unless `browser.send_pings`): a red team (Dec 7)
 * had a same-site link ping evil.example as Warrant clicked it. Pings to the judged sites go.
 */
export function rulesOf(watch: RuleInputs): browser.DeclarativeNetRequest.Rule[] {
  const navigation: browser.DeclarativeNetRequest.Rule = {
    id: watch.ruleId,
    priority: 1,
    action: { type: 'block' },
    condition: {
      resourceTypes: ['main_frame', 'ping'],
      initiatorDomains: watch.initiators,
      excludedRequestDomains: watch.allowed,
      ...(watch.others.length > 0 ? { excludedTabIds: watch.others } : {}),
    },
  };
  const rules = [navigation];
  // A certified POST's own request, exactly (whatever POST rule holds, its own watch's or another tab's).
  if (watch.allowPosts.length > 0)
    rules.push({
      id: allowRuleOf(watch.ruleId),
      priority: 2,
      action: { type: 'allow' },
      condition: {
        regexFilter: `^(?:${watch.allowPosts.map((url) => url.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')).join('|')})$`,
        resourceTypes: POST_NAVIGATIONS,
        requestMethods: ['post'],
      },
    });
  if (!watch.posts) return rules;
  return [
    ...rules,
    {
      id: postRuleOf(watch.ruleId),
      priority: 1,
      action: { type: 'block' },
      // Whoever starts it (a frame of another site or an opaque one the page messages posts as well
      // as the page: a red team, Dec 6, both browsers), into an <object> or <embed> too (Chromium's
      // `object`), in every tab: a popup the page opened earlier posts for it, and which tabs a page
      // opened is not known for sure after the background restarts. A page the click leads to that
      // posts a form at load within the second (an SSO form) is stopped too (README).
      condition: { resourceTypes: POST_NAVIGATIONS, requestMethods: ['post'] },
    },
  ];
}

/** Rules left by a background that stopped mid-watch: removed at start (none may outlive their action). */
export async function clearStaleGuards(): Promise<void> {
  const dnr = browser.declarativeNetRequest;
  if (!dnr) return;
  try {
    const stale = (await dnr.getSessionRules()).map((rule) => rule.id).filter((id) => id >= RULE_BASE && id < RULE_BASE + 3 * RULE_SPAN);
    if (stale.length > 0) await dnr.updateSessionRules({ removeRuleIds: stale });
  } catch {
    // Nothing to clear.
  }
}
